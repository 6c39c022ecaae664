import { responsiveImage, type ResponsivePhoto } from './responsive-image';

const portrait: ResponsivePhoto = {
  url: '/uploads/bio/a.jpg',
  width: 1200,
  height: 1500,
  variants: [
    { url: '/uploads/bio/a-w320.jpg', width: 320, height: 400 },
    { url: '/uploads/bio/a-w640.jpg', width: 640, height: 800 },
    { url: '/uploads/bio/a-w1080.jpg', width: 1080, height: 1350 },
    { url: '/uploads/bio/a.jpg', width: 1200, height: 1500 },
  ],
};

const column = { widths: [{ media: '(min-width: 640px)', width: '20rem' }, { width: '50vw' }] };

describe('responsiveImage (docs/decisions.md#screens: photos fetched at the size they are drawn)', () => {
  it('lists every stored width smallest first, says how wide the box is drawn, and reserves its size', () => {
    expect(responsiveImage(portrait, column, (url) => `https://api.test${url}`)).toEqual({
      src: 'https://api.test/uploads/bio/a.jpg',
      srcSet:
        'https://api.test/uploads/bio/a-w320.jpg 320w, https://api.test/uploads/bio/a-w640.jpg 640w, ' +
        'https://api.test/uploads/bio/a-w1080.jpg 1080w, https://api.test/uploads/bio/a.jpg 1200w',
      sizes: '(min-width: 640px) 20rem, 50vw',
      width: 1200,
      height: 1500,
    });
  });

  it('falls back to the original alone for a record without widths, or with an empty list', () => {
    const { variants: _none, ...old } = portrait;
    expect(responsiveImage(old, column).srcSet).toBe('/uploads/bio/a.jpg 1200w');
    expect(responsiveImage({ ...old, variants: [] }, column).srcSet).toBe('/uploads/bio/a.jpg 1200w');
  });

  it('sorts and de-duplicates the widths, and adds the original when the list leaves it out', () => {
    const shuffled = {
      ...portrait,
      variants: [portrait.variants![2]!, portrait.variants![0]!, portrait.variants![0]!],
    };
    expect(responsiveImage(shuffled, column).srcSet).toBe(
      '/uploads/bio/a-w320.jpg 320w, /uploads/bio/a-w1080.jpg 1080w, /uploads/bio/a.jpg 1200w',
    );
  });

  it('asks for more pixels when object-cover crops the sides of a photo wider than its box', () => {
    const landscape = { url: '/l.jpg', width: 1600, height: 900 };
    const box = { ...column, coverAspect: 4 / 5 };
    expect(responsiveImage(landscape, box).sizes).toBe(
      '(min-width: 640px) calc(20rem * 2.22), calc(50vw * 2.22)',
    );
    expect(responsiveImage(portrait, box).sizes).toBe('(min-width: 640px) 20rem, 50vw');
  });
});

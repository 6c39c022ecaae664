import { imageFileOf, photoProblemOf } from './photo';

const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'f', { type });

describe('photos for the chat (decisions.md, "Uploaded images")', () => {
  it('takes JPEG, PNG, WebP and HEIC up to 10 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/heic']) {
      expect(photoProblemOf(file(type))).toBeNull();
    }
    expect(photoProblemOf(file('image/jpeg', 10 * 1024 * 1024 + 1))).toBe('too-large');
  });

  it('refuses other files', () => {
    expect(photoProblemOf(file('application/pdf'))).toBe('not-an-image');
    expect(photoProblemOf(file('image/svg+xml'))).toBe('not-an-image');
  });

  it('finds the image among dropped or pasted files', () => {
    const image = file('image/png');
    expect(imageFileOf([file('text/plain'), image])).toBe(image);
    expect(imageFileOf([file('text/plain')])).toBeNull();
  });
});

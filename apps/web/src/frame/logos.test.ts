import { preloadLogos } from './logos';

describe('preloadLogos (docs/product.md#every-page: two logos preloaded, a failure ignored)', () => {
  it('starts both downloads under the asset prefix and ignores a failed one', () => {
    const images: HTMLImageElement[] = [];
    preloadLogos('https://cdn.example.com', () => {
      const image = document.createElement('img');
      images.push(image);
      return image;
    });
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      'https://cdn.example.com/logo-mark.svg',
      'https://cdn.example.com/logo-wordmark.svg',
    ]);
    expect(() => {
      images[0]?.onerror?.(new Event('error'));
    }).not.toThrow();
  });
});

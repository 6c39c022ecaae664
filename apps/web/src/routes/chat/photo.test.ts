import { imageFileOf } from './photo';

const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'f', { type });

describe('photos for the chat', () => {
  it('finds the image among dropped or pasted files', () => {
    const image = file('image/png');
    expect(imageFileOf([file('text/plain'), image])).toBe(image);
    expect(imageFileOf([file('text/plain')])).toBeNull();
  });
});

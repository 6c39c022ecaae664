import { photoProblemOf } from './chat-photo';

const file = (type: string, size = 10) => new Blob([new Uint8Array(size)], { type });

describe('photos for the chat (docs/decisions.md#ai-and-images)', () => {
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
});

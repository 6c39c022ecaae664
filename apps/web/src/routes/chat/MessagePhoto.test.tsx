import type { ImageVariant } from '@wingmate/api-contract';
import { render, screen } from '@testing-library/react';
import { readWebConfig } from '../../config';
import { ConfigProvider } from '../../frame/config-context';
import { MessagePhoto } from './MessagePhoto';

const API = 'http://api.test';

function renderPhoto(image: string, variants?: readonly ImageVariant[]) {
  render(
    <ConfigProvider config={{ ...readWebConfig({}), apiServer: API }}>
      <MessagePhoto image={image} variants={variants} alt="Your photo" />
    </ConfigProvider>,
  );
  return screen.getByRole('img', { name: 'Your photo' });
}

describe('a chat photo (docs/decisions.md#screens: fetched at the size it is drawn, its box kept while it loads)', () => {
  it('offers every stored width, sized to the bubble (at most 16rem tall), with the box set from the record', () => {
    const photo = renderPhoto('/uploads/chat/a.jpg', [
      { url: '/uploads/chat/a-w320.jpg', width: 320, height: 427 },
      { url: '/uploads/chat/a-w640.jpg', width: 640, height: 853 },
      { url: '/uploads/chat/a.jpg', width: 900, height: 1200 },
    ]);
    expect(photo.getAttribute('srcset')).toBe(
      `${API}/uploads/chat/a-w320.jpg 320w, ${API}/uploads/chat/a-w640.jpg 640w, ${API}/uploads/chat/a.jpg 900w`,
    );
    // 256 px tall at 3:4 is 192 px wide.
    expect(photo.getAttribute('sizes')).toBe('min(192px, 85vw)');
    expect([photo.getAttribute('width'), photo.getAttribute('height')]).toEqual(['900', '1200']);
    expect(photo.style.aspectRatio).toBe('900 / 1200');
    expect(photo.style.height).toBe('min(16rem, 1200px)');
    expect([photo.getAttribute('loading'), photo.getAttribute('decoding')]).toEqual(['lazy', 'async']);
  });

  it('loads a photo from before widths were kept from the API, as it is', () => {
    const older = renderPhoto('/uploads/chat/old.jpg', []);
    expect(older.getAttribute('src')).toBe(`${API}/uploads/chat/old.jpg`);
    expect(older.getAttribute('srcset')).toBeNull();
  });

  it('shows the local preview of an upload as it is', () => {
    const preview = renderPhoto('blob:http://localhost/1234');
    expect(preview.getAttribute('src')).toBe('blob:http://localhost/1234');
  });
});

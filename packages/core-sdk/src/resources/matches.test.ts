import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient } from '../testing/fake-api';

describe("matches calls name the owner (docs/product.md#matches: a member's by token, a visitor's by uid)", () => {
  it("sends the stored visitor's uid in the query when no token is held, and none with a token", async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 200, data: { results: [] } }));
    storage.set('uid', 'visitor-1');
    await client.matches.listMatchLines(7);
    storage.set(ACCESS_TOKEN_KEY, 'jwt-1');
    await client.matches.listMatchLines(7);
    expect(requests.map((r) => r.query)).toEqual([{ uid: 'visitor-1' }, {}]);
  });

  it('keeps the list filters beside the uid', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 200, data: { results: [] } }));
    storage.set('uid', 'visitor-1');
    await client.matches.listMatches({ archived: true, page: 2 });
    expect(requests[0]?.query).toEqual({ archived: true, page: 2, uid: 'visitor-1' });
  });
});

describe('metered matches calls carry the key of the intent (docs/product.md#matches)', () => {
  it('makes a key per call, and sends the one given again on Retry', async () => {
    const { client, requests } = fakeClient(() => ({ status: 201, data: {} }));
    await client.matches.sendMatchChatMessage(7, { body: 'What now?' });
    await client.matches.suggestMatchReplies(7);
    await client.matches.suggestMatchReplies(7, { idempotencyKey: 'intent-1' });
    const keys = requests.map((r) => r.config.headers.get('Idempotency-Key'));
    expect(new Set(keys.slice(0, 2)).size).toBe(2);
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[2]).toBe('intent-1');
  });
});

describe('matches uploads (docs/product.md#screenshots-to-a-conversation)', () => {
  it('sends the screenshot as multipart `image` and reports the bytes sent', async () => {
    const { client, requests } = fakeClient((request) => {
      request.config.onUploadProgress?.({
        loaded: 5,
        total: 10,
        progress: 0.5,
        bytes: 5,
        lengthComputable: true,
      });
      return { status: 202, data: {} };
    });
    const onUploadProgress = jest.fn();
    await client.matches.uploadMatchScreenshot(7, 12, new Blob(['x'], { type: 'image/png' }), {
      onUploadProgress,
    });
    expect((requests[0]?.body as FormData).get('image')).toBeInstanceOf(Blob);
    expect(onUploadProgress).toHaveBeenCalledWith({ loaded: 5, total: 10, fraction: 0.5 });
  });
});

import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient } from '../testing/fake-api';

describe("style calls name the owner (docs/product.md#sounds-like-me: a member's by token, a visitor's by uid)", () => {
  it("sends the stored visitor's uid in the query when no token is held, and none with a token", async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 200, data: {} }));
    storage.set('uid', 'visitor-1');
    await client.style.getStyle();
    await client.style.markSuggestion('s-1', 'sent');
    storage.set(ACCESS_TOKEN_KEY, 'jwt-1');
    await client.style.getWhatWorks();
    expect(requests.map((r) => r.query)).toEqual([{ uid: 'visitor-1' }, { uid: 'visitor-1' }, {}]);
  });

  it('makes the uid of a visitor who has none yet, so the style is theirs from the first call', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 204 }));
    await client.style.deleteStyle();
    expect(requests[0]?.query).toEqual({ uid: storage.get('uid') });
    expect(storage.get('uid')).toEqual(expect.any(String));
  });
});

describe('style calls send what the contract takes (docs/product.md#sounds-like-me)', () => {
  it('gives messages either pasted or from a match, and marks a suggestion by its id', async () => {
    const { client, requests } = fakeClient(() => ({ status: 200, data: {} }));
    await client.style.addStyleSamples({ text: 'hey\nlol' });
    await client.style.addStyleSamples({ match_id: 7 });
    await client.style.markSuggestion('b1f0c2', 'date_planned');
    expect(requests.map((r) => [`${r.method} ${r.path}`, r.body])).toEqual([
      ['POST /api/v1/style/samples/', { text: 'hey\nlol' }],
      ['POST /api/v1/style/samples/', { match_id: 7 }],
      ['POST /api/v1/suggestions/b1f0c2/outcome/', { outcome: 'date_planned' }],
    ]);
  });
});

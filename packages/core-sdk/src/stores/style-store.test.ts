import type { StyleProfile } from '@wingmate/api-contract';
import { fakeClient, type FakeReply, type SeenRequest } from '../testing/fake-api';
import { heldReply } from './fake-billing-api';
import { profileOf, styleOf } from './style-fixtures';
import { createStyleStore } from './style-store';

const learnt = styleOf(profileOf({ sample_count: 12 }));

/** A visitor's style on the fake API: none until messages are given; `answer` overrides a call. */
function styleStore(
  answer: (request: SeenRequest) => FakeReply | Promise<FakeReply> | undefined = () => undefined,
) {
  const { client, requests, storage } = fakeClient(async (request) => {
    const own = await answer(request);
    if (own) return own;
    const route = `${request.method} ${request.path}`;
    if (route === 'GET /api/v1/style/') return { status: 200, data: styleOf(null) };
    if (route === 'POST /api/v1/style/samples/') return { status: 200, data: learnt };
    if (route === 'PUT /api/v1/style/profile/')
      return { status: 200, data: styleOf(request.body as StyleProfile, { edited: true }) };
    if (route === 'DELETE /api/v1/style/') return { status: 204 };
    return { status: 404, data: { detail: 'Not found.' } };
  });
  storage.set('uid', 'visitor-1');
  return { store: createStyleStore(client.style), requests };
}

/** Lets the pipeline's promises run up to the fake API. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the person's texting style (docs/product.md#sounds-like-me)", () => {
  it('loads the style, none before any message was given', async () => {
    const { store, requests } = styleStore();
    expect(store.getState().status).toBe('pending');
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'success', loading: false, style: { profile: null } });
    expect(requests[0]?.query).toEqual({ uid: 'visitor-1' });
  });

  it('says why the style could not be read, in the catalogue’s words', async () => {
    const { store } = styleStore(() => ({
      status: 403,
      data: { detail: 'This uid belongs to an account.' },
    }));
    await store.load();
    expect(store.getState()).toMatchObject({
      status: 'failure',
      loadError: 'This uid belongs to an account.',
    });
  });

  it('refuses blank pasted text, and text over 20,000 characters, before sending', async () => {
    const { store, requests } = styleStore();
    await expect(store.paste(' \n ')).resolves.toBe(false);
    expect(store.getState().saveError).toBe('Paste some messages of your own first, one a line.');
    await expect(store.paste('x'.repeat(20_001))).resolves.toBe(false);
    expect(store.getState().saveError).toBe('You can paste at most 20,000 characters at a time.');
    expect(requests).toHaveLength(0);
  });

  it('counts an emoji as one character of the 20,000, as the server does', async () => {
    const { store } = styleStore();
    await expect(store.paste('😂'.repeat(20_000))).resolves.toBe(true);
  });

  it('learns from pasted messages and shows the style learnt', async () => {
    const { store, requests } = styleStore();
    await expect(store.paste('hey u up?\nlol same')).resolves.toBe(true);
    expect(requests[0]?.body).toEqual({ text: 'hey u up?\nlol same' });
    expect(store.getState()).toMatchObject({
      status: 'success',
      style: learnt,
      saving: null,
      saveError: null,
    });
  });

  it('learns from the person’s side of a match, saving meanwhile', async () => {
    const held = heldReply({ status: 200, data: learnt });
    const { store, requests } = styleStore(({ method }) => (method === 'POST' ? held.route() : undefined));
    const learning = store.learnFromMatch(7);
    expect(store.getState().saving).toBe('match');
    await settle();
    held.release();
    await expect(learning).resolves.toBe(true);
    expect(requests[0]?.body).toEqual({ match_id: 7 });
    expect(store.getState()).toMatchObject({ saving: null, style: learnt });
  });

  it('keeps the last good style when a change fails, with the catalogue’s words', async () => {
    const { store } = styleStore(({ method }) =>
      method === 'POST' ? { status: 404, data: { detail: 'Match not found.' } } : undefined,
    );
    await store.edit(learnt.profile!);
    const good = store.getState().style;
    await expect(store.learnFromMatch(99)).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ style: good, saving: null, saveError: 'Match not found.' });
  });

  it('saves the profile as edited, and refuses a list past its 12 entries before sending', async () => {
    const { store, requests } = styleStore();
    const edited = profileOf({ slang: [{ word: 'tbh', rate: 0.2 }] });
    await expect(store.edit(edited)).resolves.toBe(true);
    expect(requests[0]?.body).toEqual(edited);
    expect(store.getState().style).toMatchObject({ profile: edited, edited: true });
    const tooMany = profileOf({
      greetings: { rate: 1, words: Array.from({ length: 13 }, (_, i) => `hi${i}`) },
    });
    await expect(store.edit(tooMany)).resolves.toBe(false);
    expect(store.getState().saveError).toBe('Greetings can hold at most 12 entries.');
    expect(requests).toHaveLength(1);
  });

  it('forgets the messages and the profile', async () => {
    const { store, requests } = styleStore();
    await store.paste('hey');
    await expect(store.forget()).resolves.toBe(true);
    expect(requests.map((r) => r.method)).toEqual(['POST', 'DELETE']);
    expect(store.getState().style).toMatchObject({ profile: null, words: [], sample_count: 0 });
  });

  it('shows the style a change answered even when an older load answers after it', async () => {
    const held = heldReply({ status: 200, data: styleOf(null) });
    const { store } = styleStore(({ method }) => (method === 'GET' ? held.route() : undefined));
    const loading = store.load();
    await store.paste('hey');
    held.release();
    await loading;
    expect(store.getState()).toMatchObject({ style: learnt, loading: false });
  });
});

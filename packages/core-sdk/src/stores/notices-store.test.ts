import { signedInFakeClient } from './signed-in-fake-client';
import { createNoticesStore, type Notice } from './notices-store';

const notice = (id: number, read = false): Notice => ({
  id,
  kind: 'notice',
  title: `Notice ${id}`,
  body: `What notice ${id} says.`,
  created_at: '2026-11-20T09:00:00.000Z',
  read,
});
const page = (results: Notice[], next: string | null = null) => ({
  status: 200,
  data: { count: results.length, next, previous: null, results },
});
const NEXT = 'http://api.test/api/v1/accounts/messages/?page=2';

describe('the notices store', () => {
  it('loads the newest page: idle, loading, then the notices and whether older ones are there', async () => {
    const { client, requests } = signedInFakeClient(() => page([notice(2), notice(1, true)], NEXT));
    const store = createNoticesStore(client.account);
    expect(store.getState().status).toBe('idle');
    const loading = store.load();
    expect(store.getState().status).toBe('loading');
    expect((await loading)?.map((n) => n.id)).toEqual([2, 1]);
    expect(store.getState()).toMatchObject({ status: 'loaded', page: 1, hasMore: true, error: null });
    expect(requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/api/v1/accounts/messages/', {}],
    ]);
  });

  it('keeps a failed load structured, answers null, and loads again on request', async () => {
    let status = 400;
    const { client } = signedInFakeClient(() =>
      status === 400 ? { status, data: { detail: 'Something is off.' } } : page([notice(2)]),
    );
    const store = createNoticesStore(client.account);
    expect(await store.load()).toBeNull();
    expect(store.getState()).toMatchObject({
      status: 'failed',
      error: expect.objectContaining({ status: 400, message: 'Something is off.' }),
    });
    status = 200;
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'loaded', error: null });
  });

  it('adds older pages without the notices already shown', async () => {
    const { client, requests } = signedInFakeClient(({ query }) =>
      query.page === 2 ? page([notice(2), notice(1)]) : page([notice(3), notice(2)], NEXT),
    );
    const store = createNoticesStore(client.account);
    await store.load();
    await store.loadMore();
    expect(store.getState().notices.map((n) => n.id)).toEqual([3, 2, 1]);
    expect(store.getState()).toMatchObject({ page: 2, hasMore: false, loadingMore: false });
    expect(requests.at(-1)?.query).toEqual({ page: 2 });
  });

  it('keeps an older page that failed as the error, the list as it was', async () => {
    const { client } = signedInFakeClient(({ query }) =>
      query.page === 2 ? { status: 400, data: { detail: 'Try later.' } } : page([notice(3)], NEXT),
    );
    const store = createNoticesStore(client.account);
    await store.load();
    await store.loadMore();
    expect(store.getState()).toMatchObject({ page: 1, hasMore: true, loadingMore: false });
    expect(store.getState().error).toMatchObject({ status: 400, message: 'Try later.' });
  });

  it('shows a notice read only once the server agreed', async () => {
    let agree = false;
    const { client, requests } = signedInFakeClient(({ method }) =>
      method === 'GET' ? page([notice(4)]) : agree ? { status: 200, data: notice(4, true) } : { status: 404 },
    );
    const store = createNoticesStore(client.account);
    await store.load();
    await expect(store.markRead(4)).rejects.toMatchObject({ status: 404 });
    expect(store.getState().notices[0]?.read).toBe(false);
    agree = true;
    await store.markRead(4);
    expect(store.getState().notices[0]?.read).toBe(true);
    expect(requests.at(-1)?.path).toBe('/api/v1/accounts/messages/4/read/');
  });

  it('drops a load that was cancelled or replaced: it answers null and changes nothing', async () => {
    const answers: Array<(reply: ReturnType<typeof page>) => void> = [];
    const { client, requests } = signedInFakeClient(() => new Promise((resolve) => answers.push(resolve)));
    const store = createNoticesStore(client.account);
    const cancelled = store.load();
    store.cancel();
    expect(await cancelled).toBeNull();
    const replaced = store.load();
    const latest = store.load();
    expect(await replaced).toBeNull();
    while (answers.length === 0) await new Promise((resolve) => setImmediate(resolve));
    answers.forEach((answer) => answer(page([notice(5)])));
    expect((await latest)?.map((n) => n.id)).toEqual([5]);
    expect(requests.every((r) => r.config.signal !== undefined)).toBe(true);
  });
});

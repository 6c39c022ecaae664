import { fakeClient, type FakeHandler } from '../testing/fake-api';
import { matchOf, pageOf } from './match-fixtures';
import { createMatchesStore } from './matches-store';

function listStore(handler: FakeHandler) {
  const { client, requests, storage } = fakeClient(handler);
  storage.set('uid', 'visitor-1');
  return { store: createMatchesStore(client.matches), requests };
}

const names = (store: ReturnType<typeof listStore>['store']) => store.getState().matches.map((m) => m.name);

describe("a person's matches (docs/product.md#matches)", () => {
  it('loads the active matches page by page, then the archived ones', async () => {
    const { store, requests } = listStore(({ query }) => {
      if (query['archived'] === true) return { status: 200, data: pageOf([matchOf(9, 'Old flame')]) };
      return query['page'] === 1
        ? { status: 200, data: pageOf([matchOf(1, 'Sam')], '/api/v1/matches/?page=2') }
        : { status: 200, data: pageOf([matchOf(2, 'Alex')]) };
    });
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'success', hasMore: true });
    await store.loadMore();
    expect(names(store)).toEqual(['Sam', 'Alex']);
    expect(store.getState().hasMore).toBe(false);
    await store.load('archived');
    expect(names(store)).toEqual(['Old flame']);
    expect(requests.map((r) => r.query)).toEqual([
      { archived: false, page: 1, uid: 'visitor-1' },
      { archived: false, page: 2, uid: 'visitor-1' },
      { archived: true, page: 1, uid: 'visitor-1' },
    ]);
  });

  it('refuses a nameless or too long match before sending, and adds a new one first', async () => {
    const { store, requests } = listStore(({ method }) =>
      method === 'POST'
        ? { status: 201, data: matchOf(3, 'Jo') }
        : { status: 200, data: pageOf([matchOf(1)]) },
    );
    await store.load();
    await expect(store.create({ name: '', notes: 'x'.repeat(2001) })).resolves.toBeNull();
    expect(store.getState().fieldProblems).toEqual({
      name: 'Give the match a name.',
      notes: 'The notes can be at most 2,000 characters.',
    });
    expect(requests).toHaveLength(1);
    await expect(store.create({ name: ' Jo ', where_met: 'Hinge' })).resolves.toMatchObject({ id: 3 });
    expect(requests[1]?.body).toEqual({ name: 'Jo', where_met: 'Hinge' });
    expect(store.getState()).toMatchObject({ fieldProblems: {}, creating: false });
    expect(names(store)).toEqual(['Jo', 'Match 1']);
  });

  it('says the limit of 200 matches in words, and shows the server’s field errors by field', async () => {
    const answers = [
      { status: 409, data: { code: 'match_limit', detail: 'Limit reached.' } },
      { status: 400, data: { name: ['Too long.'] } },
    ];
    const { store } = listStore(() => answers.shift()!);
    await store.create({ name: 'Kim' });
    expect(store.getState().createError).toBe(
      'You can keep at most 200 matches, archived ones included. Delete one first.',
    );
    await store.create({ name: 'Kim' });
    expect(store.getState()).toMatchObject({ createError: null, fieldProblems: { name: 'Too long.' } });
  });

  it('archives and deletes a match out of the view, and keeps a refusal in words', async () => {
    const { store, requests } = listStore(({ method, path }) => {
      if (method === 'GET') return { status: 200, data: pageOf([matchOf(1), matchOf(2), matchOf(3)]) };
      if (path === '/api/v1/matches/3/') return { status: 403, data: { detail: 'Not yours.' } };
      return method === 'PUT'
        ? { status: 200, data: matchOf(1, 'Match 1', { archived: true }) }
        : { status: 204 };
    });
    await store.load();
    await expect(store.setArchived(1, true)).resolves.toBe(true);
    await expect(store.remove(2)).resolves.toBe(true);
    await expect(store.remove(3)).resolves.toBe(false);
    expect(requests.slice(1).map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/v1/matches/1/',
      'DELETE /api/v1/matches/2/',
      'DELETE /api/v1/matches/3/',
    ]);
    expect(requests[1]?.body).toEqual({ archived: true });
    expect(names(store)).toEqual(['Match 3']);
    expect(store.getState()).toMatchObject({
      actionError: 'Not yours.',
      busy: new Set(),
    });
  });
});

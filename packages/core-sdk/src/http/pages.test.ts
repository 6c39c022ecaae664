import { collectPages, emptyPage } from './pages';

describe('collectPages (docs/decisions.md#core-sdk: plan lists follow next until the last page)', () => {
  it('follows next, by its page number, until a page has none', async () => {
    const fetchPage = jest.fn((page: number) =>
      Promise.resolve({
        count: 5,
        previous: null,
        next: page < 3 ? `http://elsewhere.internal/api/v1/memberships/plans/?page=${page + 1}` : null,
        results: [page * 10, page * 10 + 1],
      }),
    );
    await expect(collectPages(fetchPage)).resolves.toEqual([10, 11, 20, 21, 30, 31]);
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
  });

  it('stops on a next link that points back at a page already read', async () => {
    const fetchPage = jest.fn(() =>
      Promise.resolve({
        count: 1,
        previous: null,
        next: '/plans/?page=1',
        results: [1],
      }),
    );
    await expect(collectPages(fetchPage)).resolves.toEqual([1]);
  });
});

describe('emptyPage (docs/product.md#lists-page-by-page)', () => {
  it('is {count: 0, previous: null, next: null, results: []}', () => {
    expect(emptyPage()).toEqual({ count: 0, previous: null, next: null, results: [] });
  });
});

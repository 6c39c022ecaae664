import type { PageOf } from '@wingmate/api-contract';

/** A list that is not there (404) reads as an empty page (docs/product.md#lists-page-by-page). */
export const emptyPage = <T>(): PageOf<T> => ({ count: 0, previous: null, next: null, results: [] });

/** `fallback` of the pipeline for lists whose 404 is an empty page. */
export const emptyPageOn404 = <T>() => ({ statuses: [404] as const, value: () => emptyPage<T>() });

/** The page number a DRF `next` link points at; the base address of the link is not trusted (proxies rewrite it). */
function nextPageNumber(next: string | null): number | null {
  if (!next) return null;
  const page = Number(new URL(next, 'http://next.invalid').searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : null;
}

/** Every item of a paged list, following `next` until the last page (docs/decisions.md#core-sdk). */
export async function collectPages<T>(fetchPage: (page: number) => Promise<PageOf<T>>): Promise<T[]> {
  const items: T[] = [];
  let page: number | null = 1;
  const seen = new Set<number>();
  while (page !== null && !seen.has(page)) {
    seen.add(page);
    const answer: PageOf<T> = await fetchPage(page);
    items.push(...answer.results);
    page = nextPageNumber(answer.next);
  }
  return items;
}

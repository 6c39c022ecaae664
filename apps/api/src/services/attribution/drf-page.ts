import type { PageOf } from '@wingmate/api-contract';
import { Problem } from '../../problem';

/** DRF's page size (decisions.md: 20 unless the spec says otherwise). */
export const PAGE_SIZE = 20;

/**
 * DRF's `PageNumberPagination` answer: absolute `next`/`previous` links, and 404 "Invalid page." past the last
 * page (the first page of an empty list is fine).
 */
export function drfPage<T>(results: T[], count: number, page: number, requestUrl: URL): PageOf<T> {
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  if (page > pages) throw Problem.notFound('Invalid page.');
  const link = (target: number): string => {
    const url = new URL(requestUrl);
    if (target === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(target));
    return url.toString();
  };
  return {
    count,
    previous: page > 1 ? link(page - 1) : null,
    next: page < pages ? link(page + 1) : null,
    results,
  };
}

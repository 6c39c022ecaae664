import type { PageOf } from '@wingmate/api-contract';
import { Problem } from '../../problem';

/** Page size of every list (DRF's page of 20: docs/decisions.md#cross-cutting-appsapi). */
export const PAGE_SIZE = 20;

export interface PageRequest {
  readonly number: number;
  readonly size: number;
  /** The list's own URL, for `next` and `previous`. */
  readonly url: string;
}

export function pageRequest(page: number | undefined, url: string): PageRequest {
  return { number: page ?? 1, size: PAGE_SIZE, url };
}

/** DRF's `PageNumberPagination`: 404 "Invalid page." past the last page (page 1 always exists). */
export function pageOf<T>(page: PageRequest, total: number, results: T[]): PageOf<T> {
  const last = Math.max(1, Math.ceil(total / page.size));
  if (page.number > last) throw Problem.notFound('Invalid page.');
  return {
    count: total,
    next: page.number < last ? linkTo(page.url, page.number + 1) : null,
    previous: page.number > 1 ? linkTo(page.url, page.number - 1) : null,
    results,
  };
}

function linkTo(url: string, number: number): string {
  const link = new URL(url);
  if (number === 1) link.searchParams.delete('page');
  else link.searchParams.set('page', String(number));
  return link.toString();
}

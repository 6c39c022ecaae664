import type { FastifyRequest } from 'fastify';
import { pageRequest, type PageRequest } from '../services/shared/pages';

declare module 'fastify' {
  interface FastifyInstance {
    /** `PUBLIC_API_URL`: the address clients reach the API at, for links in answers. */
    publicApiUrl: string;
  }
}

/**
 * The page asked for, with the list's own address for DRF's absolute `next` and `previous` links: built from
 * `PUBLIC_API_URL`, never from the Host header, which the client chooses (docs/decisions.md#input-headers-and-logs).
 */
export function listPage(request: FastifyRequest, page: number | undefined): PageRequest {
  return pageRequest(page, `${request.server.publicApiUrl}${request.url}`);
}

import type { FastifyRequest } from 'fastify';
import { pageRequest, type PageRequest } from '../services/pages';

/** The page asked for, with the list's own address for DRF's absolute `next` and `previous` links. */
export function listPage(request: FastifyRequest, page: number | undefined): PageRequest {
  return pageRequest(page, `${request.protocol}://${request.host}${request.url}`);
}

import type {
  OperationBody,
  OperationParams,
  OperationQuery,
  OperationResponse,
  operations,
} from '@wingmate/api-contract';
import type { Http, HttpRequest } from './pipeline';

/** The contract's operation table, as a type only: the SDK ships no schema code. */
export type Operations = typeof operations;
export type OperationId = keyof Operations;

export type BodyOf<K extends OperationId> = OperationBody<Operations[K]>;
export type QueryOf<K extends OperationId> = NonNullable<OperationQuery<Operations[K]>>;
export type ParamsOf<K extends OperationId> = OperationParams<Operations[K]>;
export type ResponseOf<K extends OperationId> = OperationResponse<Operations[K]>;

/**
 * A request of operation K. Its method, path and auth mode are written as literals in the resources and checked
 * against the contract's at compile time; the body, query and result types come from the contract's schemas.
 */
export type OperationRequest<K extends OperationId> = Omit<
  HttpRequest<ResponseOf<K>>,
  'method' | 'path' | 'auth' | 'body' | 'query' | 'params'
> & {
  method: Operations[K]['method'];
  path: Operations[K]['path'];
  auth: Operations[K]['auth'];
  params?: ParamsOf<K>;
  query?: QueryOf<K>;
  /** The JSON body, or FormData for the multipart calls. */
  body?: BodyOf<K> | FormData;
};

export function callOperation<K extends OperationId>(
  http: Http,
  request: OperationRequest<K>,
): Promise<ResponseOf<K>> {
  return http.request<ResponseOf<K>>(request as HttpRequest<ResponseOf<K>>);
}

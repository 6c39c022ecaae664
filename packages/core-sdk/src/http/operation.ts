import type {
  OperationBody,
  OperationParams,
  OperationQuery,
  OperationResponse,
  operations,
} from '@wingmate/api-contract';
import { routes } from '@wingmate/api-contract/routes';
import { newIdempotencyKey } from './idempotency-key';
import type { Http, HttpRequest } from './pipeline';

/** The contract's operation table, as a type only: the SDK ships no schema code. */
export type Operations = typeof operations;
export type OperationId = keyof Operations;

export type BodyOf<K extends OperationId> = OperationBody<Operations[K]>;
export type QueryOf<K extends OperationId> = NonNullable<OperationQuery<Operations[K]>>;
export type ParamsOf<K extends OperationId> = OperationParams<Operations[K]>;
export type ResponseOf<K extends OperationId> = OperationResponse<Operations[K]>;

/**
 * What every SDK method takes last: a signal that cancels the call
 * (docs/decisions.md#the-sdk-surface-the-web-app-binds-to).
 */
export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * Calls that must happen once (chat sends, payments) also take the key of the user's intent: a Retry button
 * passes the same key again; without one the method makes one, which every retry of the transport reuses.
 */
export interface IntentOptions extends CallOptions {
  idempotencyKey?: string;
}

/** The key of one intent: the caller's, or a new UUID made once for this call. */
export const intent = ({ idempotencyKey, ...options }: IntentOptions = {}) => ({
  ...options,
  idempotencyKey: idempotencyKey ?? newIdempotencyKey(),
});

/** What a method adds to its operation's route: the values sent, and the product's per-call rules. */
export type OperationRequest<K extends OperationId> = Omit<
  HttpRequest<ResponseOf<K>>,
  'method' | 'path' | 'auth' | 'body' | 'query' | 'params'
> & {
  params?: ParamsOf<K>;
  query?: QueryOf<K>;
  /** The JSON body, or FormData for the multipart calls. */
  body?: BodyOf<K> | FormData;
};

/** Sends operation K: method, path and auth mode come from the contract's route table (`/routes`). */
export type Call = <K extends OperationId>(id: K, request?: OperationRequest<K>) => Promise<ResponseOf<K>>;

export const operationCall =
  (http: Http): Call =>
  (id, request = {}) =>
    http.request({ ...routes[id], ...request });

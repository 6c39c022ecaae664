import type { Static, TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an operation (docs/product.md#roles-and-permissions, docs/decisions.md#auth-appsapi):
 * - `public`: never send a token;
 * - `optional`: send the token when one is held, else the call works by `uid`;
 * - `required`: a token is needed (the SDK fails with 403 before sending when it has none).
 */
export type AuthMode = 'public' | 'optional' | 'required';

/** The groups of calls of docs/product.md#calls, plus `system` for health checks. */
export type OperationGroup =
  'system' | 'auth' | 'analytics' | 'memberships' | 'account' | 'datingBio' | 'chat' | 'matches' | 'style';

export interface Operation {
  /** camelCase operationId, unique across the API; the SDK method is named after it. */
  readonly id: string;
  readonly group: OperationGroup;
  readonly method: HttpMethod;
  /** OpenAPI-style path with `{param}` placeholders and the trailing slash of docs/product.md#calls. */
  readonly path: string;
  readonly summary: string;
  /** Longer notes for the OpenAPI document, e.g. the events of a stream. */
  readonly description?: string;
  readonly auth: AuthMode;
  /**
   * Request body encoding; `multipart` calls carry files (their `body` schema lists the non-file fields); `form` is
   * `application/x-www-form-urlencoded`, every field text (what Twilio's webhooks post).
   */
  readonly consumes?: 'json' | 'multipart' | 'form';
  readonly params?: TSchema;
  readonly query?: TSchema;
  /** Request headers the call needs (lowercase names, as Node and Fastify see them). */
  readonly headers?: TSchema;
  readonly body?: TSchema;
  /** The file parts of a `multipart` body, by field name. */
  readonly files?: Readonly<Record<string, FileField>>;
  /** Success body encoding: JSON, a stream of server-sent events (`text/event-stream`), or XML (`text/xml`). */
  readonly produces?: 'json' | 'event-stream' | 'xml';
  /** Response schemas by HTTP status; error statuses use the shapes of `errors.ts`. */
  readonly responses: Readonly<Record<number, TSchema>>;
}

/** One file part of a multipart request. */
export interface FileField {
  readonly required: boolean;
  readonly description: string;
  /** Media types accepted; the server checks the type from the bytes, not from the declared type. */
  readonly mediaTypes: readonly string[];
  readonly maxBytes: number;
}

/** Keeps the literal types of an operation so that request and response types can be derived from it. */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;

export type OperationParams<O extends Operation> = StaticOf<O['params']>;
export type OperationQuery<O extends Operation> = StaticOf<O['query']>;
export type OperationBody<O extends Operation> = StaticOf<O['body']>;

/** The success statuses (2xx) an operation declares. */
export type SuccessStatus<O extends Operation> = Extract<keyof O['responses'], 200 | 201 | 202 | 204>;

/** The body of an operation's success response (the first 2xx it declares). */
export type OperationResponse<O extends Operation> = StaticOf<O['responses'][SuccessStatus<O>]>;

export { fillPath, toColonPath } from './paths';

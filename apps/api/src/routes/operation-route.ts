import type {
  Operation,
  OperationBody,
  OperationId,
  OperationParams,
  OperationQuery,
  OperationResponse,
} from '@wingmate/api-contract';
import { toColonPath } from '@wingmate/api-contract';
import type { Static, TSchema } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { Problem } from '../problem';
import { refreshIntoCookie } from './refresh-cookie';
import { carriesTokens, nulCharacterErrors, parseWireValues } from './wire-values';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's auth mode of the route; the auth plugin enforces it. */
    auth?: Operation['auth'];
    /** The contract's operation id (each operation is keyed by its id in the table). */
    operationId?: OperationId;
  }
}

interface OperationRoute<O extends Operation> {
  Body: OperationBody<O>;
  Querystring: OperationQuery<O>;
  Params: OperationParams<O>;
  Reply: OperationReplies<O>;
}

/** Each status the operation declares, with its body (a 503 of /readyz is sent, not thrown). */
type OperationReplies<O extends Operation> = {
  [Status in keyof O['responses']]: O['responses'][Status] extends TSchema
    ? Static<O['responses'][Status]>
    : never;
};

export type OperationRequest<O extends Operation> = FastifyRequest<OperationRoute<O>>;

/** The reply of an operation: `code(status).send(body)` takes the contract's body of that status. */
export type OperationReply<O extends Operation> = FastifyReply<OperationRoute<O>>;

/**
 * A handler answers the contract's success body (returned, or sent through the reply), so a handler that drifts
 * from the contract does not compile.
 */
export type OperationHandler<O extends Operation> = (
  request: OperationRequest<O>,
  reply: OperationReply<O>,
) => Promise<OperationResponse<O> | OperationReply<O>>;

/**
 * Registers the handler of one contract operation: method, path, auth mode and every schema come from the
 * contract, so validation, serialisation, the SDK's types and the OpenAPI document share one source.
 */
export function registerOperation<O extends Operation>(
  app: FastifyInstance,
  operation: O,
  handler: OperationHandler<O>,
): void {
  app.route({
    method: operation.method,
    url: toColonPath(operation.path),
    schema: routeSchema(operation),
    config: { auth: operation.auth, operationId: operation.id as OperationId },
    preValidation: (request, _reply, done) => {
      checkWireValues(operation, request);
      done();
    },
    onSend: answersTokens(operation) ? noStore : undefined,
    preSerialization: answersTokens(operation) ? refreshIntoCookie : undefined,
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/**
 * Before the schemas run: the text of query strings and path parameters is parsed strictly (bodies are never
 * coerced), and text with a NUL character anywhere is a 400 (docs/decisions.md#input-headers-and-logs).
 */
function checkWireValues(operation: Operation, request: FastifyRequest): void {
  // A JSON body whose fields are all optional may be left out (the browser's refresh:
  // docs/decisions.md#sessions-in-the-browser); it validates as `{}`.
  if (
    request.body === undefined &&
    operation.body &&
    operation.consumes !== 'multipart' &&
    !requiresFields(operation.body)
  ) {
    request.body = {};
  }
  if (operation.query) parseWireValues(operation.query, request.query);
  if (operation.params) parseWireValues(operation.params, request.params);
  const errors = {
    ...nulCharacterErrors(request.params, 'params'),
    ...nulCharacterErrors(request.query, 'querystring'),
    ...nulCharacterErrors(request.body, 'body'),
  };
  if (Object.keys(errors).length > 0) throw Problem.fields(errors);
}

function requiresFields(schema: TSchema): boolean {
  return ((schema as { required?: readonly string[] }).required ?? []).length > 0;
}

/**
 * Responses that carry tokens must not be kept by any cache (docs/decisions.md#input-headers-and-logs), and in cookie
 * mode their refresh token goes into the cookie.
 */
function answersTokens(operation: Operation): boolean {
  return Object.entries(operation.responses).some(
    ([status, schema]) => Number(status) < 300 && carriesTokens(schema),
  );
}

function noStore(_request: FastifyRequest, reply: FastifyReply, _payload: unknown, done: () => void): void {
  reply.header('cache-control', 'no-store');
  done();
}

function routeSchema(operation: Operation): FastifySchema {
  const schema: FastifySchema = { response: jsonResponses(operation) };
  if (operation.params) schema.params = operation.params;
  if (operation.query) schema.querystring = operation.query;
  if (operation.headers) schema.headers = operation.headers;
  // Multipart bodies are parsed by the upload plugin, which validates their fields itself.
  if (operation.body && operation.consumes !== 'multipart') schema.body = operation.body;
  return schema;
}

/** Response schemas serialise JSON answers; the success answer of a streamed (text/event-stream) call has none. */
function jsonResponses(operation: Operation): Record<number, unknown> {
  const responses: Record<number, unknown> = {};
  for (const [status, schema] of Object.entries(operation.responses)) {
    const code = Number(status);
    if (operation.produces === 'event-stream' && code >= 200 && code < 300) continue;
    responses[code] = schema;
  }
  return responses;
}

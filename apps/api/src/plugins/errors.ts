import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isProblem } from '../problem';
import { fieldErrorsFromValidation } from './validation-errors';

/**
 * Every error body is JSON, and says so (`docs/openapi.json` promises it: docs/decisions.md#input-headers-and-logs).
 */
export const ERROR_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The one place where errors become responses, always in a DRF shape. */
export const errorsPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // Error bodies are made here, in the decided shapes: a route's response schema for that status (field
      // errors, say) must not strip a `{detail}` it does not describe, such as a JSON parse error.
      reply.serializer(JSON.stringify).type(ERROR_CONTENT_TYPE);
      if (isProblem(error)) {
        return reply.code(error.statusCode).headers(error.headers).send(error.body);
      }
      if (error.validation) {
        return reply.code(400).send(fieldErrorsFromValidation(error.validation, error.validationContext));
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ detail: 'A server error occurred.' });
      }
      return reply.code(status).send({ detail: clientMessage(error, status) });
    });

    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).type(ERROR_CONTENT_TYPE).send({ detail: 'Not found.' }),
    );
  },
  { name: 'errors' },
);

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported media type.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'JSON parse error: the request body is not valid JSON.';
    default:
      return status === 429 ? 'Request was throttled.' : error.message;
  }
}

/**
 * Fastify's `frameworkErrors`: URLs the router cannot even read (bad percent-encoding, a path parameter past its
 * length) answer a DRF `{detail}` like every other error instead of Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const detail =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long.' : 'The URL is not valid.';
  void reply.code(400).type(ERROR_CONTENT_TYPE).serializer(JSON.stringify).send({ detail });
}

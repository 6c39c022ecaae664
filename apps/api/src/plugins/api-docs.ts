import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { buildOpenApiDocument } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';

/**
 * The reference's own policy (docs/decisions.md#the-api-reference): swagger-ui's page loads its scripts, styles and
 * icons from `/docs/static/` and fetches the document from `/docs/json`, all on our origin; it has no inline script.
 * Its React views set styles at run time, so styles may be inline, as on the web app's pages.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The API's reference on both starts (docs/decisions.md#the-api-reference): `GET /openapi.json` answers the document the
 * contract builds (the one `npm run openapi` writes to docs/openapi.json), and `/docs` browses it with swagger-ui,
 * whose assets come from this server (nothing from a CDN).
 */
export async function apiDocsPlugin(app: FastifyInstance): Promise<void> {
  const document = buildOpenApiDocument();
  // The contract builds plain JSON; its own test validates it as an OpenAPI 3.1 document.
  await app.register(swagger, {
    mode: 'static',
    specification: { document: document as unknown as StaticDocumentSpec['document'] },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: DOCS_CONTENT_SECURITY_POLICY,
    theme: { title: 'Wingmate API reference' },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
}

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { buildOpenApiDocument } from './openapi';
import { specCalls } from './openapi.cases';
import { operationList } from './operations';

type Json = { [key: string]: unknown };

/**
 * The validator ships as ESM that finds its OpenAPI schemas through `import.meta.url`, which Jest's CommonJS
 * runtime cannot load, so the test runs its command-line tool in a child Node process.
 */
async function validateOpenApi(document: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  const validatorDir = dirname(require.resolve('@seriousme/openapi-schema-validator/package.json'));
  const folder = mkdtempSync(join(tmpdir(), 'openapi-'));
  const file = join(folder, 'openapi.json');
  try {
    writeFileSync(file, JSON.stringify(document));
    const cli = join(validatorDir, 'bin', 'validate-api-cli.js');
    const output = await promisify(execFile)(process.execPath, [cli, file]).then(
      (result) => result.stdout,
      (failure: { stdout?: string }) => failure.stdout ?? '',
    );
    return JSON.parse(output) as { valid: boolean; errors?: unknown };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const document = buildOpenApiDocument();
const paths = document.paths as Record<string, Record<string, Json>>;
const operationOf = (method: string, path: string): Json | undefined => paths[path]?.[method];

/** Every key anywhere in the document. */
function keysOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(keysOf);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => [key, ...keysOf(value)]);
}

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(validateOpenApi(document)).resolves.toEqual({ valid: true });
  }, 30_000);

  it('is checked for real: a document without info fails the validator', async () => {
    const { info: _info, ...withoutInfo } = document;
    await expect(validateOpenApi(withoutInfo)).resolves.toMatchObject({ valid: false });
  }, 30_000);

  it.each(specCalls)('documents %s %s (docs/product.md#calls)', (method, path) => {
    expect(operationOf(method, path)).toBeDefined();
  });

  it('documents one operation per entry of the operation table, under its id', () => {
    const documented = Object.values(paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(documented.sort()).toEqual(operationList.map((operation) => operation.id).sort());
  });

  it('matches docs/openapi.json on disk (regenerate with `npm run openapi`)', () => {
    const onDisk: unknown = JSON.parse(
      readFileSync(join(__dirname, '..', '..', '..', 'docs', 'openapi.json'), 'utf8'),
    );
    expect(onDisk).toEqual(document);
  });

  it('serves from the local API server by default (docs/architecture.md#runtime-pieces, port 8000)', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://localhost:8000' })]);
  });

  it('asks no token of public calls (docs/product.md#roles-and-permissions)', () => {
    expect(operationOf('post', '/auth/login/')?.security).toEqual([]);
  });

  it('makes the token optional on optional calls (docs/product.md#roles-and-permissions)', () => {
    expect(operationOf('post', '/api/v1/chat/')?.security).toEqual([{}, { bearer: [] }, { Token: [] }]);
  });

  it('requires a bearer JWT or login-link token on protected calls (docs/decisions.md#contract-packagesapi-contract)', () => {
    expect(operationOf('get', '/auth/user/')?.security).toEqual([{ bearer: [] }, { Token: [] }]);
  });

  it('declares the bearer JWT and the Token login-link schemes', () => {
    const schemes = (document.components as Json).securitySchemes as Json;
    expect(schemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
      Token: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Authorization' }),
    });
  });

  it('sends bio photos as multipart with the image as a binary part (docs/product.md#account-calls)', () => {
    const body = operationOf('post', '/api/v1/accounts/dating_bio/{uid}/images/create/')?.requestBody as Json;
    const form = (body.content as Json)['multipart/form-data'] as Json;
    expect(form.schema).toMatchObject({
      properties: { image: { type: 'string', format: 'binary' } },
      required: ['uid', 'image'],
    });
  });

  it('makes the mobile chat image optional (docs/product.md#chat-calls)', () => {
    const body = operationOf('post', '/api/v1/mobile/chat/')?.requestBody as Json;
    const form = (body.content as Json)['multipart/form-data'] as Json;
    expect(form.schema).toMatchObject({ required: ['unqiue_id', 'body'] });
  });

  it('documents the chat stream as text/event-stream with its events', () => {
    const stream = operationOf('post', '/api/v1/chat/stream/') as Json;
    const ok = (stream.responses as Json)['200'] as Json;
    expect(Object.keys(ok.content as Json)).toEqual(['text/event-stream']);
    expect(stream.description).toEqual(expect.stringMatching(/`token`.*`done`.*`error`/s));
  });

  it('takes path parameters from the params schema', () => {
    const parameters = operationOf('put', '/api/v1/accounts/questionnaires/{id}/answer/{answerId}/update/')
      ?.parameters as Json[];
    expect(parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['id', 'path', true],
      ['answerId', 'path', true],
    ]);
  });

  it('takes query parameters from the query schema, optional ones not required (docs/product.md#lists-page-by-page, ?page=n)', () => {
    const parameters = operationOf('get', '/api/v1/mobile/new_ai_history/')?.parameters as Json[];
    expect(parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['page', 'query', false],
      ['uid', 'query', false],
    ]);
  });

  it('gives a deleted answer a 204 with no body', () => {
    const deleted = operationOf('delete', '/api/v1/accounts/answers/{id}/delete/') as Json;
    expect((deleted.responses as Json)['204']).toEqual({ description: 'No content' });
  });

  it('gives every response a description', () => {
    const responses = Object.values(paths).flatMap((item) =>
      Object.values(item).flatMap((op) => Object.values(op.responses as Json) as Json[]),
    );
    expect(responses.filter((response) => typeof response.description !== 'string')).toEqual([]);
  });

  it('names shared shapes once under components and refers to them', () => {
    const login = operationOf('post', '/auth/login/') as Json;
    const ok = ((login.responses as Json)['200'] as Json).content as Json;
    expect(ok['application/json']).toEqual({ schema: { $ref: '#/components/schemas/AuthTokens' } });
    const schemas = (document.components as Json).schemas as Json;
    expect((schemas.AuthTokens as Json).properties).toMatchObject({
      user: { $ref: '#/components/schemas/User' },
    });
  });

  it('leaves out TypeBox-internal keys', () => {
    expect(keysOf(document).filter((key) => key.startsWith('~'))).toEqual([]);
  });
});

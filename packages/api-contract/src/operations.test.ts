import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import type { Operation, OperationBody, OperationQuery, OperationResponse } from './operation';
import { SessionModeHeaders } from './auth';
import { operationList, operations } from './operations';
import {
  conflictIds,
  leadOperationTable,
  membersOnlyIds,
  paymentRequiredIds,
  pinErrorIds,
  rateLimitedIds,
  signedWebhookIds,
} from './operations.cases';

type Json = { [key: string]: unknown };

const propertyNames = (schema: TSchema | undefined): string[] =>
  Object.keys(((schema as Json | undefined)?.properties as Json | undefined) ?? {});

const pathParameters = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');

const statuses = (operation: Operation): number[] => Object.keys(operation.responses).map(Number);

/** Every subschema of a schema, itself included. */
function subschemas(node: unknown): Json[] {
  if (Array.isArray(node)) return node.flatMap(subschemas);
  if (node === null || typeof node !== 'object') return [];
  return [node as Json, ...Object.values(node).flatMap(subschemas)];
}

const requestSchemas = (operation: Operation): TSchema[] =>
  [operation.params, operation.query, operation.headers, operation.body].filter(
    (schema): schema is TSchema => schema !== undefined,
  );

/** Identified by a visitor id: `uid` (or the mobile `unqiue_id`) in the path, query or body. */
const identifiesByUid = (operation: Operation): boolean =>
  requestSchemas(operation).some((schema) =>
    propertyNames(schema).some((name) => name === 'uid' || name === 'unqiue_id'),
  );

describe('the operation table', () => {
  it('holds exactly the operations of the lead table (ops.md)', () => {
    expect(Object.keys(operations).sort()).toEqual(leadOperationTable.map(([id]) => id).sort());
  });

  it("keys every operation by its own id (the server's rate limits look operations up by id)", () => {
    for (const [key, operation] of Object.entries(operations)) expect(operation.id).toBe(key);
  });

  it.each(leadOperationTable)('%s is %s %s with auth %s (ops.md)', (id, method, path, auth) => {
    const operation = (operations as Record<string, Operation>)[id];
    expect({ method: operation?.method, path: operation?.path, auth: operation?.auth }).toEqual({
      method,
      path,
      auth,
    });
  });

  it('keys every operation by its own id', () => {
    for (const [key, operation] of Object.entries(operations)) expect(operation.id).toBe(key);
  });

  it('lists each operation once in operationList', () => {
    expect(operationList).toEqual(Object.values(operations));
    expect(new Set(operationList.map((operation) => operation.id)).size).toBe(operationList.length);
  });

  it('never gives two operations the same method and path', () => {
    const routes = operationList.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('keeps the trailing slash on every API path (docs/product.md#calls)', () => {
    for (const operation of operationList.filter((op) => op.group !== 'system')) {
      expect(operation.path).toMatch(/^\/.*\/$/);
    }
  });

  it.each(operationList.map((operation) => [operation.id, operation] as const))(
    '%s: path placeholders and params schema name the same parameters',
    (_id, operation) => {
      expect(propertyNames(operation.params).sort()).toEqual(pathParameters(operation.path).sort());
    },
  );

  it.each(operationList.map((operation) => [operation.id, operation] as const))(
    '%s declares exactly one success (2xx) response',
    (_id, operation) => {
      expect(statuses(operation).filter((status) => status >= 200 && status < 300)).toHaveLength(1);
    },
  );

  it('declares 400 on every call that takes a body or a query (docs/product.md#limits-that-protect-people)', () => {
    const missing = operationList.filter((op) => (op.body || op.query) && !statuses(op).includes(400));
    expect(missing.map((op) => op.id)).toEqual([]);
  });

  it('declares 401 on every call that takes a token, required or optional (docs/decisions.md#auth-appsapi)', () => {
    const missing = operationList.filter((op) => op.auth !== 'public' && !statuses(op).includes(401));
    expect(missing.map((op) => op.id)).toEqual([]);
  });

  it('declares 403 on optional calls identified by uid (a uid of an account needs its token), on payments (a member only) and on signed webhooks', () => {
    const byUid = operationList.filter((op) => op.auth === 'optional' && identifiesByUid(op));
    expect(byUid.filter((op) => !statuses(op).includes(403)).map((op) => op.id)).toEqual([]);
    const others = operationList.filter((op) => statuses(op).includes(403) && !byUid.includes(op));
    expect(others.map((op) => op.id).sort()).toEqual([...membersOnlyIds, ...signedWebhookIds].sort());
  });

  it('declares 404 on calls that name an object by id and on paged lists (DRF "Invalid page.")', () => {
    const findsObjects = (op: Operation) =>
      pathParameters(op.path).some((name) => name !== 'uid') || propertyNames(op.query).includes('page');
    const missing = operationList.filter((op) => findsObjects(op) && !statuses(op).includes(404));
    expect(missing.map((op) => op.id)).toEqual([]);
  });

  it('declares 402 exactly where a card is charged or checked, or messages are spent (docs/decisions.md#memberships-appsapi)', () => {
    const declared = operationList.filter((op) => statuses(op).includes(402)).map((op) => op.id);
    expect(declared.sort()).toEqual([...paymentRequiredIds].sort());
  });

  it('declares 409 exactly for EXISTED_ABTEST, trial_used and social e-mail conflicts (docs/decisions.md#memberships-appsapi, docs/decisions.md#contract-packagesapi-contract)', () => {
    const declared = operationList.filter((op) => statuses(op).includes(409)).map((op) => op.id);
    expect(declared.sort()).toEqual([...conflictIds].sort());
  });

  it('declares 429 exactly on the rate-limited calls (docs/product.md#limits-that-protect-people)', () => {
    const declared = operationList.filter((op) => statuses(op).includes(429)).map((op) => op.id);
    expect(declared.sort()).toEqual([...rateLimitedIds].sort());
  });

  it.each(pinErrorIds)('%s answers 400 with an {error} body (docs/product.md#error-catalogue)', (id) => {
    const badRequest = (operations as Record<string, Operation>)[id]?.responses[400] as Json;
    const shapes = (badRequest.anyOf as Json[] | undefined) ?? [badRequest];
    expect(shapes.some((shape) => propertyNames(shape as TSchema).includes('error'))).toBe(true);
  });

  it('answers 401 on a protected call with the token_not_valid shape or a plain detail (docs/decisions.md#auth-appsapi)', () => {
    const unauthorized = operations.getUserInfo.responses[401] as unknown as Json;
    const codes = (unauthorized.anyOf as Json[]).map((shape) => (shape.properties as Json).code ?? null);
    expect(codes).toEqual([{ type: 'string', const: 'token_not_valid' }, null]);
  });

  it('gives every multipart call its file parts and no other call any', () => {
    for (const operation of operationList) {
      expect([operation.id, operation.consumes === 'multipart']).toEqual([operation.id, !!operation.files]);
    }
  });

  it('keeps file parts out of the multipart body schemas, which list only the text fields', () => {
    for (const operation of operationList.filter((op) => op.files)) {
      const fields = propertyNames(operation.body);
      expect(Object.keys(operation.files ?? {}).filter((name) => fields.includes(name))).toEqual([]);
    }
  });

  it('ignores unknown request fields: no request schema sets additionalProperties false', () => {
    const closed = operationList.filter((op) =>
      requestSchemas(op).some((schema) =>
        subschemas(schema).some((node) => node.additionalProperties === false),
      ),
    );
    expect(closed.map((op) => op.id)).toEqual([]);
  });

  it('bounds every string a caller sends (maxLength, const, enum or date-time format)', () => {
    const unbounded = operationList.flatMap((op) =>
      requestSchemas(op)
        .flatMap(subschemas)
        .filter(
          (node) =>
            node.type === 'string' &&
            node.maxLength === undefined &&
            node.const === undefined &&
            node.format !== 'date-time',
        )
        .map(() => op.id),
    );
    expect(unbounded).toEqual([]);
  });

  it('streams only the chat stream, as server-sent events', () => {
    const streams = operationList.filter((op) => op.produces === 'event-stream').map((op) => op.id);
    expect(streams).toEqual(['streamChatMessage']);
  });

  it('types requests and answers as their schemas validate them (the SDK types from the table)', () => {
    const body: OperationBody<(typeof operations)['verifyPin']> = {
      phone_number: '5551234567',
      code: '123456',
    };
    const query: OperationQuery<(typeof operations)['getChatHistory']> = { page: 2 };
    const answer: OperationResponse<(typeof operations)['refreshToken']> = { access: 'a', refresh: 'r' };
    // @ts-expect-error a PIN check needs its code
    const incomplete: OperationBody<(typeof operations)['verifyPin']> = { phone_number: '5551234567' };
    expect([
      Value.Check(operations.verifyPin.body, body),
      Value.Check(operations.getChatHistory.query, query),
      Value.Check(operations.refreshToken.responses[200], answer),
      Value.Check(operations.verifyPin.body, incomplete),
    ]).toEqual([true, true, true, false]);
  });

  it('lets a browser keep its refresh token in the cookie (docs/decisions.md#sessions-in-the-browser)', () => {
    const exampleUser = {
      pk: 1,
      first_name: '',
      last_name: '',
      phone_number: null,
      email: 'a@example.com',
      system_number: '+15550100000',
      date_joined: '2026-11-27T10:00:00Z',
      has_password: true,
      terms_accepted_at: null,
    };
    const tokenAnswers = operationList.filter((op) => op.headers === SessionModeHeaders).map((op) => op.id);
    expect(tokenAnswers.sort()).toEqual(
      [
        'appleLogin',
        'changePassword',
        'deleteUser',
        'googleLogin',
        'googleSignup',
        'login',
        'loginEmail',
        'logout',
        'logoutAll',
        'refreshToken',
        'registerEmail',
        'verifyPin',
      ].sort(),
    );
    expect([
      Value.Check(operations.refreshToken.body, {}),
      Value.Check(operations.logout.body, {}),
      Value.Check(operations.refreshToken.responses[200], { access: 'a' }),
      Value.Check(operations.loginEmail.responses[200], { access: 'a', user: exampleUser }),
      Value.Check(SessionModeHeaders, { 'x-session-mode': 'cookie' }),
      Value.Check(SessionModeHeaders, { 'x-session-mode': 'jar' }),
    ]).toEqual([true, true, true, true, true, false]);
  });
});

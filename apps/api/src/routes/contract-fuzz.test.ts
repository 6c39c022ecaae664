import { ErrorBody, fillPath, operationList, type Operation } from '@wingmate/api-contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { testConfig } from '../config';
import { pngClaiming } from '../testing/test-images';
import { signUpByPhone, uniqueIp } from '../testing/sign-in';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * docs/product.md#limits-that-protect-people: bad input is a 4xx in the documented shapes, never a
 * 500. Every operation of the contract's table gets the same bounded, seeded set of bad inputs, with and without
 * a valid token, so an operation added to the table is covered without touching this file.
 */

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** mulberry32: the same cases on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = unknown;
interface Schemaish {
  type?: string | string[];
  properties?: Record<string, Schemaish>;
  required?: string[];
  anyOf?: Schemaish[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  examples?: unknown[];
  enum?: unknown[];
  const?: unknown;
  items?: Schemaish;
  minItems?: number;
}

const STRING_CANDIDATES = [
  'fuzz@example.com',
  '123456',
  'fuzz-uid-1',
  '+12015550123',
  'USD',
  '2026-01-01T00:00:00.000Z',
  'a reasonable text',
];

/**
 * A value the schema accepts, so that one bad field at a time reaches past the others. The contract's own
 * example comes first: it is a value the handler takes too (a known event name, say), not only the schema.
 */
function validValue(schema: Schemaish): Json {
  const example = schema.examples?.find((value) => Value.Check(schema as TSchema, value));
  if (example !== undefined) return example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return validValue(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, Json> = {};
      for (const name of schema.required ?? []) value[name] = validValue(schema.properties![name]!);
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => validValue(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return STRING_CANDIDATES.find((candidate) => Value.Check(schema as TSchema, candidate)) ?? 'a';
    default:
      return 'a';
  }
}

/** The properties of a body, query or params schema, over every branch of a union. */
function fieldsOf(schema: Schemaish | undefined): Map<string, Schemaish> {
  const fields = new Map<string, Schemaish>();
  if (!schema) return fields;
  for (const branch of schema.anyOf ?? [schema]) {
    for (const [name, field] of Object.entries(branch.properties ?? {})) {
      if (!fields.has(name)) fields.set(name, field);
    }
  }
  return fields;
}

/** Bad values of one field: wrong types, odd text and huge numbers (docs/decisions.md#input-headers-and-logs). */
function badValues(field: Schemaish, random: () => number): [string, Json][] {
  const long = 'x'.repeat((field.maxLength ?? 5000) + 1 + Math.floor(random() * 10));
  return [
    ['a number', 42],
    ['a number as a string', '10'],
    ['a boolean', true],
    ['a list', ['a']],
    ['an object', { a: 1 }],
    ['null', null],
    ['an empty string', ''],
    ['a string too long', long],
    ['a NUL character', 'before\u0000after'],
    ['a lone surrogate', 'a\ud800b'],
    ['RTL and zero-width marks', '\u202eabc\u200b\u200f'],
    ['emoji', '😀👍🏽‍❤️'],
    ['1.5e300', 1.5e300],
    ['2^31', 2 ** 31],
    ['-1', -1],
    ['NaN as a string', 'NaN'],
    ['a fraction', 1.5],
    ['-2^53', -(2 ** 53)],
  ];
}

/** The kinds of bad value sent in every field of a body (the others go to one field the seed picks). */
const EVERY_FIELD_KINDS = new Set([
  'a number',
  'a number as a string',
  'a boolean',
  'a list',
  'an object',
  'null',
  'a string too long',
  'a NUL character',
]);

/** The numeric schema of a field (a nullable number is a union), or undefined for any other field. */
function numericSchema(field: Schemaish): Schemaish | undefined {
  const types = Array.isArray(field.type) ? field.type : [field.type];
  if (types.includes('integer') || types.includes('number')) return field;
  return field.anyOf?.map(numericSchema).find((branch) => branch !== undefined);
}

/**
 * Numbers too large for a numeric field, sent in every one: past its maximum, past what a 32-bit column holds
 * (2^31; a decimal stored scaled, as money in cents, overflows long before), and the largest double.
 */
function tooLargeValues(field: Schemaish): [string, number][] {
  const numeric = numericSchema(field);
  if (!numeric) return [];
  const values: [string, number][] = [
    ['a number too large for a 32-bit column', 2 ** 31],
    ['a decimal too large for a 32-bit column in cents', 21474836.48],
    ['the largest number', 1e308],
  ];
  if (numeric.maximum !== undefined) values.unshift(['a number above its maximum', numeric.maximum + 1]);
  return values;
}

const BAD_QUERY_VALUES = ['1e3', '01x', '-1', '0', '2147483648', '1.5e300', 'NaN', '', '%00', '1.5', ' 1'];
const BAD_PATH_VALUES = [
  'abc',
  '0',
  '-1',
  '2147483648',
  '1.5e300',
  'NaN',
  '1.5',
  '%00',
  '%F0%9F%98%80',
  '%E2%80%AE1',
  '%ED%A0%80',
  'x'.repeat(300),
  '%20',
];

interface Case {
  readonly name: string;
  readonly request: InjectOptions;
}

const BOUNDARY = 'fuzzboundary';

function multipart(parts: string): string {
  return parts.replace(/\n/g, '\r\n');
}

/** The bad inputs of one operation; each is sent with and without a valid token. */
function casesOf(operation: Operation, random: () => number): Case[] {
  const params = (validValue(operation.params ?? { type: 'object' }) ?? {}) as Record<
    string,
    string | number
  >;
  const url = fillPath(operation.path, params);
  const baseBody = operation.body ? (validValue(operation.body) as Record<string, Json>) : {};
  const isMultipart = operation.consumes === 'multipart';
  const json = (payload: Json, headers: Record<string, string> = {}): InjectOptions => ({
    method: operation.method,
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
  const raw = (payload: string | Buffer, contentType: string, at = url): InjectOptions => ({
    method: operation.method,
    url: at,
    payload,
    headers: { 'content-type': contentType },
  });
  const form = (fields: Record<string, Json>): string =>
    multipart(
      Object.entries(fields)
        .map(
          ([name, value]) =>
            `--${BOUNDARY}\nContent-Disposition: form-data; name="${name}"\n\n${typeof value === 'string' ? value : JSON.stringify(value)}\n`,
        )
        .join('') + `--${BOUNDARY}--\n`,
    );
  const withBody = (fields: Record<string, Json>): InjectOptions =>
    isMultipart ? raw(form(fields), `multipart/form-data; boundary=${BOUNDARY}`) : json(fields);

  const cases: Case[] = [
    { name: 'a body that is not JSON', request: raw('{"a": ', 'application/json') },
    { name: 'a JSON list', request: json([baseBody]) },
    { name: 'a JSON string', request: json('text') },
    { name: 'JSON null', request: raw('null', 'application/json') },
    { name: 'a JSON number 1.5e300', request: raw('1.5e300', 'application/json') },
    { name: 'an empty JSON body', request: raw('', 'application/json') },
    { name: 'a JSON body with a NUL byte', request: raw('{"a": "\u0000"}', 'application/json') },
    {
      name: 'a JSON body with __proto__',
      request: raw('{"__proto__": {"admin": true}}', 'application/json'),
    },
    { name: 'a deep JSON body', request: raw('['.repeat(5000) + ']'.repeat(5000), 'application/json') },
    { name: 'text/plain', request: raw('hello', 'text/plain') },
    { name: 'a form-urlencoded body', request: raw('a=1&b=2', 'application/x-www-form-urlencoded') },
    { name: 'an XML body', request: raw('<a>1</a>', 'application/xml') },
    { name: 'a JSON body over the limit', request: json({ ...baseBody, padding: 'x'.repeat(200 * 1024) }) },
    { name: 'multipart without a boundary', request: raw(form(baseBody), 'multipart/form-data') },
    {
      name: 'truncated multipart',
      request: raw(
        multipart(`--${BOUNDARY}\nContent-Disposition: form-data; name="body"\n\nhal`),
        `multipart/form-data; boundary=${BOUNDARY}`,
      ),
    },
    {
      name: 'multipart with a broken part header',
      request: raw(
        multipart(`--${BOUNDARY}\nContent-Dispo\n\nvalue\n--${BOUNDARY}--\n`),
        `multipart/form-data; boundary=${BOUNDARY}`,
      ),
    },
    {
      name: 'multipart with the wrong boundary',
      request: raw(form(baseBody), 'multipart/form-data; boundary=other'),
    },
    { name: 'all fields missing', request: withBody({}) },
    { name: 'extra fields', request: withBody({ ...baseBody, extra: 'x', constructor: { prototype: 1 } }) },
    {
      name: 'a bad Host header',
      request: {
        method: operation.method,
        url,
        headers: { host: 'bad host:99999' },
        payload: isMultipart ? undefined : JSON.stringify(baseBody),
      },
    },
    {
      name: 'a malformed Authorization header',
      request: {
        ...json(baseBody),
        headers: { 'content-type': 'application/json', authorization: 'Bearer a b c' },
      },
    },
    {
      name: 'a forged JWT',
      request: {
        ...json(baseBody),
        headers: {
          'content-type': 'application/json',
          authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoxfQ.',
        },
      },
    },
    {
      name: 'an unknown query field with a NUL',
      request: { method: operation.method, url: `${url}?x=%00&token=secret` },
    },
  ];

  for (const [name] of fieldsOf(operation.body)) {
    const rest = { ...baseBody };
    delete rest[name];
    cases.push({ name: `body field ${name} missing`, request: withBody(rest) });
  }
  // Every field gets the wrong types, a NUL and too long a text; each other kind goes to a field the seed picks.
  // An operation without a body still gets each kind, in a field it does not know.
  const known = [...fieldsOf(operation.body)];
  const bodyFields: [string, Schemaish][] = known.length > 0 ? known : [['unexpected', { type: 'string' }]];
  for (const [kind] of badValues({}, random)) {
    const targets = EVERY_FIELD_KINDS.has(kind)
      ? bodyFields
      : [bodyFields[Math.floor(random() * bodyFields.length)]!];
    for (const [name, field] of targets) {
      const value = badValues(field, random).find(([k]) => k === kind)![1];
      cases.push({
        name: `body field ${name} as ${kind}`,
        request: withBody({ ...baseBody, [name]: value }),
      });
    }
  }
  for (const [name, field] of known) {
    for (const [kind, value] of tooLargeValues(field)) {
      cases.push({
        name: `body field ${name} as ${kind}`,
        request: withBody({ ...baseBody, [name]: value }),
      });
    }
  }
  for (const [name] of fieldsOf(operation.query)) {
    for (const value of BAD_QUERY_VALUES) {
      cases.push({
        name: `query ${name}=${value}`,
        request: { method: operation.method, url: `${url}?${name}=${value}` },
      });
    }
    cases.push({
      name: `query ${name} twice`,
      request: { method: operation.method, url: `${url}?${name}=1&${name}=2` },
    });
  }
  for (const name of Object.keys(params)) {
    for (const value of BAD_PATH_VALUES) {
      const at = operation.path.replace(/\{(\w+)\}/g, (_, param: string) =>
        param === name ? value : encodeURIComponent(String(params[param])),
      );
      cases.push({
        name: `path ${name}=${value.slice(0, 20)}`,
        request: isMultipart
          ? raw(form(baseBody), `multipart/form-data; boundary=${BOUNDARY}`, at)
          : { ...json(baseBody), url: at },
      });
    }
  }
  if (isMultipart) {
    for (const fileField of Object.keys(operation.files ?? {})) {
      const file = (bytes: string, type = 'image/png') =>
        multipart(
          `--${BOUNDARY}\nContent-Disposition: form-data; name="${fileField}"; filename="a.png"\nContent-Type: ${type}\n\n`,
        ) +
        bytes +
        multipart(`\n--${BOUNDARY}--\n`);
      const at = `multipart/form-data; boundary=${BOUNDARY}`;
      cases.push({ name: `${fileField} not an image`, request: raw(file('not an image'), at) });
      cases.push({ name: `${fileField} empty`, request: raw(file(''), at) });
      cases.push({
        name: `${fileField} a huge claimed PNG`,
        request: raw(
          Buffer.concat([
            Buffer.from(file('').split('\r\n\r\n')[0] + '\r\n\r\n'),
            pngClaiming(100_000, 100_000),
            Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
          ]),
          at,
        ),
      });
      cases.push({ name: `${fileField} truncated`, request: raw(file('\x89PNG\r\n').slice(0, -10), at) });
    }
    cases.push({
      name: 'a file in a text field',
      request: raw(
        multipart(
          `--${BOUNDARY}\nContent-Disposition: form-data; name="other"; filename="a.txt"\nContent-Type: text/plain\n\nhello\n--${BOUNDARY}--\n`,
        ),
        `multipart/form-data; boundary=${BOUNDARY}`,
      ),
    });
  }
  return cases;
}

/** Requests in flight at once: PGlite answers one query at a time, but hashing and parsing overlap. */
const CONCURRENCY = 8;

/**
 * Each case goes with and without a valid token where the token changes the path taken: all of them both ways
 * on optional-auth calls; a public call never reads the header and a required one answers 401 before parsing
 * without it, so those get their first few cases the other way only.
 */
function tokensToTry(operation: Operation, index: number, token: string): (string | undefined)[] {
  const few = index < 5;
  switch (operation.auth) {
    case 'optional':
      return [undefined, token];
    case 'public':
      return few ? [undefined, token] : [undefined];
    case 'required':
      return few ? [token, undefined] : [token];
  }
}

interface Failure {
  readonly operation: string;
  readonly name: string;
  readonly token: boolean;
  readonly problem: string;
}

async function check(
  app: FastifyInstance,
  operation: Operation,
  testCase: Case,
  token: string | undefined,
): Promise<Failure | undefined> {
  const response = await app.inject({
    ...testCase.request,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...testCase.request.headers,
    },
    remoteAddress: uniqueIp(),
  });
  const failure = (problem: string): Failure => ({
    operation: operation.id,
    name: testCase.name,
    token: Boolean(token),
    problem: `${response.statusCode} ${problem}: ${response.body.slice(0, 200)}`,
  });
  const status = response.statusCode;
  if (status === 500) return failure('server error');
  if (status > 500 && !(status in operation.responses)) return failure('undeclared server status');
  if (status < 400 || status >= 500) return undefined;
  if (response.headers['content-type'] !== JSON_CONTENT_TYPE) {
    return failure(`content type ${String(response.headers['content-type'])}`);
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return failure('body is not JSON');
  }
  if (!Value.Check(ErrorBody, body)) return failure('body is not an error shape of errors.ts');
  return undefined;
}

describe('contract fuzz: bad input is a 4xx in the documented shapes [pglite]', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp('pglite', {
      rateLimits: { ...testConfig().rateLimits, enabled: false },
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  // One test per operation: each is a few dozen requests, so Jest's limit stays a hang detector on a loaded
  // machine (one test of every operation's requests passed it there). The cases come from one seeded sequence, in
  // the table's order, as before.
  const random = seededRandom(20261123);
  it.each(operationList.map((operation) => [operation.id, operation] as const))(
    '%s answers no bad input with a 500 or an undocumented body',
    async (_id, operation) => {
      // A fresh user per operation: a call that signs out or changes the account spoils no other's token.
      const token = (await signUpByPhone(testApp.app)).access;
      const cases = casesOf(operation, random);
      expect(new Set(cases.map((c) => c.name)).size).toBeGreaterThanOrEqual(40);
      const requests = cases.flatMap((testCase, index) =>
        tokensToTry(operation, index, token).map((withToken) => ({ testCase, withToken })),
      );
      const failures: Failure[] = [];
      for (let start = 0; start < requests.length; start += CONCURRENCY) {
        const batch = requests.slice(start, start + CONCURRENCY);
        const results = await Promise.all(
          batch.map(({ testCase, withToken }) => check(testApp.app, operation, testCase, withToken)),
        );
        failures.push(...results.filter((failure): failure is Failure => failure !== undefined));
      }
      expect(requests.length).toBeGreaterThanOrEqual(40);
      expect(failures).toEqual([]);
    },
  );
});

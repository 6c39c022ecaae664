import Type, { type TSchema } from 'typebox';
import * as account from './account';
import * as analytics from './analytics';
import * as auth from './auth';
import * as chat from './chat';
import * as common from './common';
import * as datingBio from './dating-bio';
import * as errors from './errors';
import * as matches from './matches';
import * as style from './style';
import * as suggestion from './suggestion';
import * as memberships from './memberships';
import type { AuthMode, Operation, OperationGroup } from './operation';
import { operationList } from './operations';
import * as system from './system';

/** A JSON value as it goes into the document. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export const openApiServerUrl = 'http://localhost:8000';

const groupTags: Record<OperationGroup, { name: string; description: string }> = {
  system: { name: 'System', description: 'Liveness and readiness' },
  auth: { name: 'Authentication', description: 'Sign-up, sign-in, PINs, password resets, tokens' },
  analytics: { name: 'Analytics', description: 'Tracking parameters, ad conversions, A/B assignments' },
  memberships: { name: 'Memberships', description: 'Plans, payments, user plans, Stripe webhooks' },
  account: {
    name: 'Account',
    description: 'Profile questions, answers, roasts, offers, questionnaires, notices',
  },
  datingBio: { name: 'Dating bio', description: 'Dating bios, bio photos and AI photo reviews' },
  chat: { name: 'Chat', description: 'Chat with the AI' },
  matches: {
    name: 'Matches',
    description: 'Matches, their transcripts, memory, coaching chat and screenshot imports',
  },
  style: {
    name: 'Style and suggestions',
    description: 'Sounds like me: the texting style; what works for you: suggestion outcomes and tone order',
  },
};

/**
 * OpenAPI security requirements by auth mode. `{}` makes the token optional. `Token` is the login-link key
 * (`Authorization: Token <key>`), accepted wherever a bearer JWT is.
 */
const securityByAuth: Record<AuthMode, Json> = {
  public: [],
  optional: [{}, { bearer: [] }, { Token: [] }],
  required: [{ bearer: [] }, { Token: [] }],
};

const statusDescriptions: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Invalid request: field errors `{"field": ["message"]}` (or the shape this call documents)',
  401: 'Missing or invalid credentials; a bad or expired token answers `code: "token_not_valid"`',
  402: "Payment required: `no_messages` when out of messages, `card_declined` (or Stripe's decline code)",
  403: 'Forbidden: the uid belongs to another account, or a webhook not signed by its sender',
  404: 'Not found (a page past the last one answers "Invalid page.")',
  409: 'Conflict: `EXISTED_ABTEST`, `trial_used`, `account_exists`, `already_replaced`, or a match limit or import state',
  413: 'Payload too large (multipart 10 MB, JSON 100 KB)',
  415: 'Unsupported image type',
  429: 'Too many requests; see the Retry-After header',
  503: 'Service unavailable',
};

/**
 * The schemas that get a name under `components.schemas`: every exported object schema of the contract. An
 * operation that uses one of them (by identity) refers to it with `$ref`, so code generators see the same types
 * the server and SDK share.
 */
function namedObjectSchemas(): Map<TSchema, string> {
  const modules = [
    common,
    errors,
    auth,
    analytics,
    memberships,
    account,
    datingBio,
    chat,
    matches,
    style,
    suggestion,
    system,
  ];
  const names = new Map<TSchema, string>();
  for (const module of modules) {
    for (const [name, value] of Object.entries(module)) {
      if (Type.IsObject(value) && !names.has(value)) names.set(value, name);
    }
  }
  return names;
}

class SchemaWriter {
  readonly components: Record<string, Json> = {};
  private readonly names = namedObjectSchemas();

  /** The schema as plain JSON (TypeBox's symbol and non-enumerable keys dropped), named parts as `$ref`s. */
  write(schema: TSchema): Json {
    const name = this.names.get(schema);
    if (name === undefined) return this.plain(schema);
    if (!(name in this.components)) {
      this.components[name] = {}; // reserved first, so that a schema that meets itself again stops here
      this.components[name] = this.plain(schema);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** Writes the node's own keys, and named subschemas as refs. */
  private plain(node: unknown): Json {
    if (Array.isArray(node)) return node.map((item) => this.child(item));
    if (node === null || typeof node !== 'object') return node as Json;
    const result: JsonObject = {};
    for (const key of Object.keys(node)) {
      const value = (node as Record<string, unknown>)[key];
      if (value !== undefined) result[key] = this.child(value);
    }
    return result;
  }

  private child(node: unknown): Json {
    return node !== null && typeof node === 'object' && this.names.has(node)
      ? this.write(node)
      : this.plain(node);
  }
}

interface ObjectSchemaLike {
  properties?: Record<string, TSchema>;
  required?: string[];
}

function parametersOf(operation: Operation, writer: SchemaWriter): Json[] {
  const sources: [NonNullable<Operation['params']> | undefined, 'path' | 'query' | 'header'][] = [
    [operation.params, 'path'],
    [operation.query, 'query'],
    [operation.headers, 'header'],
  ];
  const parameters: Json[] = [];
  for (const [schema, location] of sources) {
    if (!schema) continue;
    const { properties = {}, required = [] } = schema as ObjectSchemaLike;
    for (const [name, property] of Object.entries(properties)) {
      const parameter: JsonObject = {
        name,
        in: location,
        required: location === 'path' || required.includes(name),
        schema: writer.write(property),
      };
      const description = (property as { description?: unknown }).description;
      if (typeof description === 'string') parameter.description = description;
      parameters.push(parameter);
    }
  }
  return parameters;
}

function requestBodyOf(operation: Operation, writer: SchemaWriter): Json | undefined {
  if (!operation.body) return undefined;
  if (operation.consumes !== 'multipart') {
    const required = ((operation.body as ObjectSchemaLike).required ?? []).length > 0;
    const mediaType =
      operation.consumes === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    return { required, content: { [mediaType]: { schema: writer.write(operation.body) } } };
  }
  // A form: the non-file fields of the body schema plus the file parts as binary strings.
  const { properties = {}, required = [] } = operation.body as ObjectSchemaLike;
  const formProperties: JsonObject = {};
  for (const [name, property] of Object.entries(properties)) formProperties[name] = writer.write(property);
  const formRequired = [...required];
  const encoding: JsonObject = {};
  for (const [name, file] of Object.entries(operation.files ?? {})) {
    formProperties[name] = { type: 'string', format: 'binary', description: file.description };
    if (file.required) formRequired.push(name);
    encoding[name] = { contentType: file.mediaTypes.join(', ') };
  }
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties: formProperties, required: formRequired },
        encoding,
      },
    },
  };
}

const successMediaTypes: Record<NonNullable<Operation['produces']>, string> = {
  json: 'application/json',
  'event-stream': 'text/event-stream',
  xml: 'text/xml',
};

function responsesOf(operation: Operation, writer: SchemaWriter): JsonObject {
  const responses: JsonObject = {};
  for (const [statusText, schema] of Object.entries(operation.responses)) {
    const status = Number(statusText);
    const response: JsonObject = { description: statusDescriptions[status] ?? `HTTP ${status}` };
    const success = status >= 200 && status < 300;
    if (status !== 204) {
      const mediaType = success ? successMediaTypes[operation.produces ?? 'json'] : 'application/json';
      response.content = { [mediaType]: { schema: writer.write(schema) } };
    }
    if (status === 429) {
      response.headers = {
        'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
      };
    }
    responses[statusText] = response;
  }
  return responses;
}

function operationObject(operation: Operation, writer: SchemaWriter): JsonObject {
  const result: JsonObject = {
    operationId: operation.id,
    summary: operation.summary,
    tags: [groupTags[operation.group].name],
    security: securityByAuth[operation.auth],
  };
  if (operation.description) result.description = operation.description;
  const parameters = parametersOf(operation, writer);
  if (parameters.length > 0) result.parameters = parameters;
  const requestBody = requestBodyOf(operation, writer);
  if (requestBody) result.requestBody = requestBody;
  result.responses = responsesOf(operation, writer);
  return result;
}

/** The OpenAPI 3.1 document of the whole API, generated from the operation table (for the mobile app team). */
export function buildOpenApiDocument(): JsonObject {
  const writer = new SchemaWriter();
  const paths: Record<string, JsonObject> = {};
  for (const operation of operationList) {
    const pathItem = (paths[operation.path] ??= {});
    pathItem[operation.method.toLowerCase()] = operationObject(operation, writer);
  }
  const usedGroups = new Set(operationList.map((operation) => operation.group));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wingmate API',
      version: '0.1.0',
      description:
        'The API of Wingmate, an AI companion and dating assistant. Errors use Django REST framework shapes: ' +
        '`{"detail": "..."}`, `{"detail": "...", "code": "..."}`, field errors `{"field": ["message"]}`, ' +
        'and `{"error": "..."}` for the PIN calls. Generated from packages/api-contract; do not edit by hand.',
    },
    servers: [{ url: openApiServerUrl, description: 'Local development server' }],
    tags: Object.entries(groupTags)
      .filter(([group]) => usedGroups.has(group as OperationGroup))
      .map(([, tag]) => tag),
    paths,
    components: {
      schemas: sortedByKey(writer.components),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Access token (15 minutes)',
        },
        Token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'Login-link token: `Authorization: Token <key>` (30 days, revocable)',
        },
      },
    },
  };
}

function sortedByKey(record: Record<string, Json>): JsonObject {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

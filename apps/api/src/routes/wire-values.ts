import type { FieldErrors } from '../plugins/validation-errors';

/**
 * Request values as the wire carries them (docs/decisions.md#input-headers-and-logs). JSON bodies are never coerced
 * (`"10"` for a number is a 400); query strings, path parameters and form fields are text, so their numbers and
 * booleans are parsed here, strictly: `1e3`, `01x`, ` 1` stay text and fail the schema's type.
 */

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
}

const INTEGER = /^-?(0|[1-9]\d*)$/;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** Parses, in place, the text values of `values` whose field the schema types as a number or a boolean. */
export function parseWireValues(schema: unknown, values: unknown): void {
  if (!values || typeof values !== 'object') return;
  const fields = values as Record<string, unknown>;
  for (const [name, field] of propertiesOf(schema as SchemaNode)) {
    const value = fields[name];
    if (typeof value !== 'string') continue;
    const parsed = parseText(value, typesOf(field));
    if (parsed !== undefined) fields[name] = parsed;
  }
}

function parseText(value: string, types: ReadonlySet<string>): number | boolean | undefined {
  if (types.has('string')) return undefined;
  if (types.has('integer') && INTEGER.test(value)) return Number(value);
  if (types.has('number') && NUMBER.test(value)) return Number(value);
  if (types.has('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return undefined;
}

function propertiesOf(schema: SchemaNode | undefined): Map<string, SchemaNode> {
  const properties = new Map<string, SchemaNode>();
  for (const branch of branchesOf(schema)) {
    for (const [name, field] of Object.entries(branch.properties ?? {})) {
      if (!properties.has(name)) properties.set(name, field);
    }
  }
  return properties;
}

function typesOf(schema: SchemaNode): Set<string> {
  const types = new Set<string>();
  for (const branch of branchesOf(schema)) {
    for (const type of [branch.type ?? []].flat()) types.add(type);
  }
  return types;
}

function branchesOf(schema: SchemaNode | undefined): SchemaNode[] {
  if (!schema) return [];
  const branches = schema.anyOf ?? schema.oneOf;
  return branches ? branches.flatMap(branchesOf) : [schema];
}

export const NUL_MESSAGE = 'Null characters are not allowed.';

/**
 * Text with a NUL character is refused (Postgres cannot store it), as DRF's `CharField` does, under the field
 * that holds it: `{"text": ["Null characters are not allowed."]}`.
 */
export function nulCharacterErrors(value: unknown, where: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  // A loop over a stack, not recursion, and paths spelled out only for a hit: a body may nest thousands deep.
  interface Visit {
    readonly item: unknown;
    readonly key?: string;
    readonly parent?: Visit;
  }
  const fieldOf = (visit: Visit | undefined): string => {
    const keys: string[] = [];
    for (let at = visit; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
    if (keys.length > 0) return keys.join('.');
    return where === undefined || where === 'body' ? 'non_field_errors' : where;
  };
  const pending: Visit[] = [{ item: value }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { item } = visit;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) errors[fieldOf(visit)] = [NUL_MESSAGE];
    } else if (item && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes('\u0000')) errors[fieldOf(visit)] = [NUL_MESSAGE];
        pending.push({ item: element, key, parent: visit });
      }
    }
  }
  return errors;
}

/** True when a response schema carries tokens (`access` or `refresh`), in any branch or nested object. */
export function carriesTokens(schema: unknown): boolean {
  return branchesOf(schema as SchemaNode).some((branch) => {
    const properties = branch.properties ?? {};
    return 'access' in properties || 'refresh' in properties || Object.values(properties).some(carriesTokens);
  });
}

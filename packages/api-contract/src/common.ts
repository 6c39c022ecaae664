import Type, { type Static, type TSchema } from 'typebox';
import type { FileField } from './operation';

/**
 * The largest id or page number (Postgres `integer`): anything past it is a 400, never a database error
 * (docs/decisions.md#input-headers-and-logs).
 */
export const MAX_INT32 = 2147483647;

/** A database id (DRF's integer primary keys). */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_INT32, description: 'Integer id' });
export type Id = Static<typeof Id>;

/**
 * The visitor id (`uid`, a random UUID kept in browser storage, docs/product.md#tracking-parameters). It also
 * sits in paths (`dating_bio/{uid}/`), so only URL-safe characters are allowed.
 */
export const Uid = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'Visitor id (a random UUID kept in browser storage)',
});
export type Uid = Static<typeof Uid>;

/** An ISO 8601 timestamp with a time zone, as DRF writes them. */
export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 timestamp' });
export type Timestamp = Static<typeof Timestamp>;

/** A US phone number as the user typed it; the server normalises it to E.164 (docs/product.md#validation). */
export const PhoneNumber = Type.String({ minLength: 1, maxLength: 32, description: 'US phone number' });
export type PhoneNumber = Static<typeof PhoneNumber>;

/**
 * The "basic address pattern" of docs/product.md#validation. A pattern rather than `format: 'email'` so that the
 * server and any client check the very same rule, whatever format plugins a validator has.
 */
export const emailPattern = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const Email = Type.String({ maxLength: 254, pattern: emailPattern, description: 'E-mail address' });
export type Email = Static<typeof Email>;

/** First and last names, as Django's `User` keeps them (may be empty). */
export const PersonName = Type.String({ minLength: 0, maxLength: 150 });
export type PersonName = Static<typeof PersonName>;

/** Six-digit codes: phone PINs and e-mail codes. */
export const SixDigitCode = Type.String({ pattern: '^\\d{6}$', maxLength: 6, description: 'Six-digit code' });
export type SixDigitCode = Static<typeof SixDigitCode>;

/** A password as sent; the policy (length, common passwords) is the server's and answers field errors. */
export const Password = Type.String({ maxLength: 128 });
export type Password = Static<typeof Password>;

/** `T | null`, written as `anyOf` so that JSON Schema 2020-12 and OpenAPI 3.1 read it alike. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/**
 * DRF's page (`PageNumberPagination`): every list answers one (docs/decisions.md#cross-cutting-appsapi), except the
 * A/B list (docs/product.md#ab-test-assignments).
 */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    count: Type.Integer({ minimum: 0 }),
    previous: Nullable(Type.String()),
    next: Nullable(Type.String()),
    results: Type.Array(item),
  });
}
export interface PageOf<T> {
  count: number;
  previous: string | null;
  next: string | null;
  results: T[];
}

/** A page number: 1-based, DRF answers 404 "Invalid page." past the last one. */
export const PageNumber = Type.Integer({ minimum: 1, maximum: MAX_INT32, default: 1 });

/** `?page=n` of a paged list. */
export const PageQuery = Type.Object({ page: Type.Optional(PageNumber) });
export type PageQuery = Static<typeof PageQuery>;

/** A plain acknowledgement, `{detail}`, for calls that have nothing else to answer. */
export const Acknowledgement = Type.Object({ detail: Type.String() });
export type Acknowledgement = Static<typeof Acknowledgement>;

/** Path parameters `{id}`. */
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/** Path parameters `{uid}`. */
export const UidParams = Type.Object({ uid: Uid });
export type UidParams = Static<typeof UidParams>;

/** Path parameters `{uid}` and `{id}`. */
export const UidIdParams = Type.Object({ uid: Uid, id: Id });
export type UidIdParams = Static<typeof UidIdParams>;

/** The body of a 204: none. */
export const NoContent = Type.Null({ description: 'No content' });
export type NoContent = Static<typeof NoContent>;

/** Which model answered: the configured LLM, or the built-in offline engine (shown as "offline model"). */
export const ModelInfo = Type.Object({ name: Type.String(), offline: Type.Boolean() });
export type ModelInfo = Static<typeof ModelInfo>;

/** Images the server takes (docs/decisions.md#ai-and-images): checked from the bytes, at most 10 MB. */
export const imageUpload = {
  required: true,
  description: 'JPEG, PNG or WebP (HEIC where the server can decode it), at most 10 MB and 40 megapixels',
  mediaTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
  maxBytes: 10 * 1024 * 1024,
} as const satisfies FileField;

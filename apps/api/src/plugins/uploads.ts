import multipart from '@fastify/multipart';
import type { TSchema } from 'typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { contentTypeOfKey, StorageError, type UploadStorage } from '../adapters/storage/ports';
import { Problem } from '../problem';
import { MAX_IMAGE_BYTES } from '../services/images/image-pipeline';
import { nulCharacterErrors, parseWireValues } from '../routes/wire-values';
import { fieldErrorsFromValidation } from './validation-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images are kept (local disk by default, an S3-compatible bucket with `S3_*`). */
    uploadStorage: UploadStorage;
  }
}

/** Text fields of a form: the chat message (4,000 characters) fits many times over. */
const MAX_FIELD_BYTES = 64 * 1024;

/**
 * Photos are personal and can be deleted: no shared cache keeps them, and the browser asks again before each reuse
 * (a 304 while the photo exists, a 404 once it is deleted).
 * docs/decisions.md#uploaded-photos-are-cached-privately-and-revalidated.
 */
const CACHE_PRIVATELY = 'private, no-cache';

/**
 * Multipart forms (at most 10 MB: docs/decisions.md#chat-bio-and-profile-appsapi) and, with local storage, the stored
 * images under `/uploads/<key>`. Forms take one file, a few short text fields, and nothing else.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, options: { storage: UploadStorage }) => {
    app.decorate('uploadStorage', options.storage);
    await app.register(multipart, {
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: 1,
        fields: 10,
        fieldSize: MAX_FIELD_BYTES,
        parts: 11,
        headerPairs: 100,
      },
    });
    if (options.storage.name === 'local') serveLocalUploads(app, options.storage);
  },
  { name: 'uploads', dependencies: ['errors'] },
);

function serveLocalUploads(app: FastifyInstance, storage: UploadStorage): void {
  app.get('/uploads/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const key = request.params['*'];
    const contentType = contentTypeOfKey(key);
    // Only images are ever stored; anything else is not served, whatever sits on disk.
    if (!contentType.startsWith('image/')) throw Problem.notFound();
    let stored;
    try {
      stored = await storage.get(key);
    } catch (error) {
      if (error instanceof StorageError) throw Problem.notFound();
      throw error;
    }
    if (!stored) throw Problem.notFound();
    const etag = uploadEtag(key);
    reply.headers({ 'cache-control': CACHE_PRIVATELY, etag });
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply
      .headers({
        'content-type': contentType,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': 'inline',
      })
      .send(stored.bytes);
  });
}

/** A stored name is random and never reused for other bytes, so the name itself tells the content apart. */
function uploadEtag(key: string): string {
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 22)}"`;
}

export interface MultipartForm {
  readonly fields: Record<string, string>;
  /** The file of each allowed file field that was sent. */
  readonly files: Record<string, Buffer>;
}

/**
 * Reads a multipart form: text fields, and the files of `fileFields` only (any other file is a 400 on its field).
 * Too large a file is 413 with the limit in words; a JSON body where a form is expected is 415.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw Problem.detail(415, 'Send this form as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (!fileFields.includes(part.fieldname)) {
          throw Problem.field(part.fieldname, 'No file is expected in this field.');
        }
        files[part.fieldname] = bytes;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw formProblem(error);
  }
  return { fields, files };
}

/**
 * Checks a form's text fields against the contract's schema with the route's own validator, after parsing
 * numbers strictly as forms send them as text (`"640"` is 640, `"1e3"` is not a number); failures, and text with a
 * NUL character, are field errors like any JSON body's.
 */
export function validateFormFields<T>(
  request: FastifyRequest,
  schema: TSchema,
  fields: Record<string, string>,
): T {
  const validate = request.compileValidationSchema(schema, 'body');
  const value: Record<string, unknown> = { ...fields };
  const nul = nulCharacterErrors(value, 'body');
  if (Object.keys(nul).length > 0) throw Problem.fields(nul);
  parseWireValues(schema, value);
  if (!validate(value)) throw Problem.fields(fieldErrorsFromValidation(validate.errors ?? [], 'body'));
  return value as T;
}

function formProblem(error: unknown): unknown {
  if (error instanceof Problem) return error;
  const code = (error as FastifyError | undefined)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return Problem.detail(413, 'The image is larger than 10 MB; the limit is 10 MB.');
    case 'FST_FILES_LIMIT':
      return Problem.detail(413, 'Send one image at a time.');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return Problem.detail(413, 'The form has too many fields.');
    case 'FST_PROTO_VIOLATION':
      return Problem.detail(400, 'The form has a field name that is not allowed.');
    default:
      // Anything else the parser throws is about the bytes sent: no boundary, a truncated or broken part.
      return Problem.detail(400, 'The form is not valid multipart/form-data.');
  }
}

import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../../config';
import { assertSafeKey, StorageError, type UploadStorage } from './ports';

const TIMEOUT_MS = 30_000;

/** S3 paths: every byte but unreserved characters and `/` percent-encoded (AWS's UriEncode). */
function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, R2, Spaces...), addressed path-style
 * (`${endpoint}/${bucket}/${key}`), each request signed with AWS Signature V4 by aws4fetch. No SDK: three calls
 * are all we need.
 */
export function s3Storage(config: S3Config, fetcher: typeof fetch = fetch): UploadStorage {
  const signer = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  });
  const objectUrl = (key: string) => {
    assertSafeKey(key);
    return new URL(`${config.endpoint}${encodePath(`/${config.bucket}/${key}`)}`);
  };
  const send = async (method: string, key: string, body?: Uint8Array, contentType?: string) => {
    const url = objectUrl(key).toString();
    // A copy backed by a plain ArrayBuffer is a body under both the DOM and Node typings.
    const payload = body ? new Uint8Array(body) : undefined;
    const headers: Record<string, string> = {
      // The payload's hash is signed (aws4fetch's S3 default is UNSIGNED-PAYLOAD), so S3 rejects altered bodies.
      'x-amz-content-sha256': sha256Hex(payload ?? new Uint8Array()),
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    try {
      const request = await signer.sign(url, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      return await fetcher(request);
    } catch (error) {
      throw new StorageError(`S3 ${method} ${key} failed: ${(error as Error).message}`, 's3', error);
    }
  };
  const fail = async (response: Response, what: string) => {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
    return new StorageError(`S3 ${what} answered ${response.status} ${code}`.trim(), 's3');
  };
  return {
    name: 's3',
    put: async (key, bytes, contentType) => {
      const response = await send('PUT', key, bytes, contentType);
      if (!response.ok) throw await fail(response, `PUT ${key}`);
    },
    get: async (key) => {
      const response = await send('GET', key);
      if (response.status === 404) return null;
      if (!response.ok) throw await fail(response, `GET ${key}`);
      return {
        bytes: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    delete: async (key) => {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await fail(response, `DELETE ${key}`);
    },
    url: (key) => {
      assertSafeKey(key);
      return config.publicUrl ? `${config.publicUrl}/${key}` : objectUrl(key).toString();
    },
  };
}

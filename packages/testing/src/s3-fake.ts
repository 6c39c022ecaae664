import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  readonly url: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Stored objects by key. */
  readonly objects: Map<string, { bytes: Buffer; contentType: string }>;
  /** Requests refused for a bad signature or payload hash. */
  readonly refused: string[];
  close(): Promise<void>;
}

/**
 * An S3-compatible server for one bucket, path-style: PUT, GET and DELETE of objects, each request's AWS
 * Signature V4 (header form) recomputed from what arrived, and its payload hash checked against the body.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const bucket = 'wingmate-test';
  const region = 'us-test-1';
  const accessKeyId = `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString('base64');
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const refused: string[] = [];

  const handle = (request: IncomingMessage, body: Buffer, response: ServerResponse) => {
    const problem = signatureProblem(request, body, { accessKeyId, secretAccessKey, region });
    if (problem) {
      refused.push(problem);
      return xmlError(response, 403, 'SignatureDoesNotMatch', problem);
    }
    const path = (request.url ?? '').split('?')[0] ?? '';
    const prefix = `/${bucket}/`;
    if (!path.startsWith(prefix))
      return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = decodeURIComponent(path.slice(prefix.length));
    if (request.method === 'PUT') {
      objects.set(key, {
        bytes: body,
        contentType: request.headers['content-type'] ?? 'binary/octet-stream',
      });
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return response.end();
    }
    if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
      response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.bytes.length });
      return response.end(object.bytes);
    }
    if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    return xmlError(
      response,
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
    );
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    refused,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** Recomputes the signature as S3 does; returns why it does not match, or undefined when it does. */
function signatureProblem(
  request: IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): string | undefined {
  const match = AUTH.exec(request.headers.authorization ?? '');
  if (!match) return 'missing or malformed Authorization header';
  const [, accessKeyId, date, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== keys.accessKeyId) return 'unknown access key';
  if (region !== keys.region) return 'wrong region';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date ?? '-')) return 'x-amz-date does not match the credential date';
  const payloadHash = createHash('sha256').update(body).digest('hex');
  if (request.headers['x-amz-content-sha256'] !== payloadHash)
    return 'x-amz-content-sha256 does not match the body';
  const names = (signedHeaders ?? '').split(';');
  if (!names.includes('host')) return 'host is not signed';
  const canonical = [
    request.method,
    (request.url ?? '').split('?')[0],
    (request.url ?? '').split('?')[1] ?? '',
    ...names.map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}`,
    ),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, date ?? ''), region ?? ''), 's3'),
    'aws4_request',
  );
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return expected === signature ? undefined : 'signature does not match';
}

function xmlError(response: ServerResponse, status: number, code: string, message: string): void {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

import { startFakeS3, type FakeS3 } from '@wingmate/testing';
import type { S3Config } from '../../config';
import { s3Storage } from './s3';

describe('S3-compatible uploads (docs/architecture.md#runtime-pieces)', () => {
  let s3: FakeS3;
  let config: S3Config;
  beforeEach(async () => {
    s3 = await startFakeS3();
    config = {
      endpoint: s3.url,
      bucket: s3.bucket,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      publicUrl: undefined,
    };
  });
  afterEach(async () => {
    await s3.close();
  });

  it('puts, gets and deletes an object with signed requests the server accepts', async () => {
    const storage = s3Storage(config);
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x80, 0xfe]);
    await storage.put('bio/0a1b2c.jpg', bytes, 'image/jpeg');
    expect(s3.objects.get('bio/0a1b2c.jpg')).toEqual({ bytes, contentType: 'image/jpeg' });
    expect(await storage.get('bio/0a1b2c.jpg')).toEqual({ bytes, contentType: 'image/jpeg' });
    await storage.delete('bio/0a1b2c.jpg');
    expect(await storage.get('bio/0a1b2c.jpg')).toBeNull();
    expect(s3.refused).toEqual([]);
  });

  it('fails loudly when the signature is wrong (a bad secret)', async () => {
    const storage = s3Storage({ ...config, secretAccessKey: 'not-the-secret' });
    await expect(storage.put('bio/x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    );
    expect(s3.refused).toEqual(['signature does not match']);
  });

  it('refuses unsafe keys before any request', async () => {
    await expect(s3Storage(config).put('../x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      /Refused storage key/,
    );
  });

  it('gives public URLs under S3_PUBLIC_URL when set, else the bucket path', () => {
    expect(s3Storage(config).url('chat/a1.jpg')).toBe(`${s3.url}/${s3.bucket}/chat/a1.jpg`);
    expect(s3Storage({ ...config, publicUrl: 'https://cdn.example.com' }).url('chat/a1.jpg')).toBe(
      'https://cdn.example.com/chat/a1.jpg',
    );
  });
});

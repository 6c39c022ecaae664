import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localDiskStorage } from './local-disk';

describe('local disk uploads (docs/architecture.md#runtime-pieces)', () => {
  let parent: string;
  let root: string;
  beforeEach(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'wingmate-storage-'));
    root = path.join(parent, 'uploads');
  });
  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('puts, gets and deletes an object', async () => {
    const storage = localDiskStorage(root);
    await storage.put('bio/abc123.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(await storage.get('bio/abc123.jpg')).toEqual({
      bytes: Buffer.from('jpeg bytes'),
      contentType: 'image/jpeg',
    });
    await storage.delete('bio/abc123.jpg');
    expect(await storage.get('bio/abc123.jpg')).toBeNull();
  });

  it('answers null for a missing object and ignores deleting one', async () => {
    const storage = localDiskStorage(root);
    expect(await storage.get('chat/missing.jpg')).toBeNull();
    await expect(storage.delete('chat/missing.jpg')).resolves.toBeUndefined();
  });

  it.each([
    '../secret.jpg',
    'chat/../../secret.jpg',
    '/etc/passwd',
    'chat\\..\\x.jpg',
    'chat/.hidden.jpg',
    '',
    'chat/a.jpg\0',
  ])('refuses the key %j so nothing outside the uploads folder is read or written', async (key) => {
    await writeFile(path.join(parent, 'secret.jpg'), 'secret');
    const storage = localDiskStorage(root);
    await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Refused storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Refused storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Refused storage key/);
    expect(await readdir(parent)).toEqual(['secret.jpg']);
  });

  it('serves objects under /uploads', () => {
    expect(localDiskStorage(root).url('chat/abc.jpg')).toBe('/uploads/chat/abc.jpg');
  });
});

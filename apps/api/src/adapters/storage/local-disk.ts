import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, contentTypeOfKey, StorageError, type UploadStorage } from './ports';

/**
 * Uploads as files under `root` (default `${DATA_DIR}/uploads`), served by the API under `publicPath`. Keys are
 * checked twice: by their spelling, and by resolving inside the root, so no key can reach another file.
 */
export function localDiskStorage(root: string, publicPath = '/uploads'): UploadStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertSafeKey(key);
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new StorageError(`Refused storage key "${key}"`, 'local');
    return file;
  };
  return {
    name: 'local',
    put: async (key, bytes) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, file);
    },
    get: async (key) => {
      const file = fileOf(key);
      try {
        return { bytes: await readFile(file), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new StorageError(`Could not read ${key}`, 'local', error);
      }
    },
    delete: async (key) => {
      await rm(fileOf(key), { force: true });
    },
    url: (key) => {
      assertSafeKey(key);
      return `${publicPath}/${key}`;
    },
  };
}

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { BUILD_CONFIG_FILE } from './record-build-config.ts';

/** Text formats worth compressing: images and fonts are compressed already, source maps are for developers only. */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|webmanifest|svg|txt|xml|ico)$/i;
/** Below this size, the compressed copy saves less than the header that announces it. */
const MIN_BYTES = 512;
/** The page, which the server renders for each request, and the build's configuration, which it never serves. */
const NOT_SERVED_AS_FILES = new Set(['index.html', BUILD_CONFIG_FILE]);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build, at the highest levels: the server
 * sends them as they are (docs/decisions.md#production-start-and-throughput), so no request pays for compressing.
 * Returns the files it compressed, relative to `dir`.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const compressed = await Promise.all(
    entries
      .filter(
        (entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !NOT_SERVED_AS_FILES.has(entry.name),
      )
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const raw = await readFile(file);
        if (raw.length < MIN_BYTES) return undefined;
        const [br, gz] = await Promise.all([
          brotli(raw, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gzipped(raw, { level: zlib.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        return path.relative(dir, file).split(path.sep).join('/');
      }),
  );
  return compressed.filter((file): file is string => file !== undefined).sort();
}

/** The Vite plugin: compresses the build once every file, the copied public ones too, is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'wingmate:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}

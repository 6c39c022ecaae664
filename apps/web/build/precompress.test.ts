/** @jest-environment node */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from './precompress';

const SCRIPT = `console.log(${JSON.stringify('wingmate '.repeat(200))});`;

describe('the pre-compressed copies of the web build', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wingmate-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js.map'), SCRIPT);
    writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'x'.repeat(600) }));
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dir, 'icon-512.png'), Buffer.alloc(2000));
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(200)}`);
    writeFileSync(path.join(dir, 'build-config.json'), JSON.stringify({ VITE_X: 'y'.repeat(600) }));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of the text files, each decompressing to the file', async () => {
    expect(await precompressDir(dir)).toEqual(['assets/index-abc123.js', 'manifest.webmanifest']);
    const script = path.join(dir, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${script}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(`${script}.gz`)).toString()).toBe(SCRIPT);
    expect(readFileSync(`${script}.br`).length).toBeLessThan(SCRIPT.length / 10);
  });

  it('leaves alone the page the server renders, its configuration, source maps, images and tiny files', async () => {
    await precompressDir(dir);
    for (const name of [
      'index.html',
      'build-config.json',
      'assets/index-abc123.js.map',
      'icon-512.png',
      'favicon.svg',
    ]) {
      expect(existsSync(path.join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`))).toBe(false);
    }
  });
});

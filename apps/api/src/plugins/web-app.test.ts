import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Notice } from '@wingmate/api-contract';
import Fastify from 'fastify';
import { notices } from '../db/schema';
import { signUpByEmail } from '../testing/sign-in';
import { startTestApp, type TestApp } from '../testing/test-app';
import { webAppPlugin } from './web-app';

/** The notice a page carries for the app's first paint, as the app reads it. */
function pageNotice(html: string): Notice | null {
  const found = /<script>window\.__WINGMATE_NOTICE__=(.*?)<\/script>/.exec(html);
  return found?.[1] ? (JSON.parse(found[1]) as Notice) : null;
}

// decisions.md, last section: the production start serves the built web app itself; it calls its own origin,
// hashed assets are cached for a year, and index.html answers only page requests that match no API route.
const INDEX =
  '<!doctype html><html><head><title>Wingmate</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('the built web app served by the API', () => {
  let dir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'wingmate-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), INDEX);
    await writeFile(path.join(dir, 'assets', 'index-abc123.js'), SCRIPT);
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    testApp = await startTestApp('pglite', { serve: { workers: 1, webAppDir: dir, logRequests: false } });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('serves index.html at / with the page told to call its own origin', async () => {
    const page = await get('/', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    const configAt = page.body.indexOf('window.__WINGMATE_CONFIG__');
    expect(configAt).toBeGreaterThan(-1);
    expect(page.body).toContain('VITE_API_SERVER:window.location.origin');
    // Before the app's own script, which reads it.
    expect(configAt).toBeLessThan(page.body.indexOf('/assets/index-abc123.js'));
  });

  it('caches hashed assets for a year and compresses them with brotli or gzip', async () => {
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SCRIPT);
    const brotli = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('answers 304 to a file whose ETag the browser already has', async () => {
    const first = await get('/favicon.svg');
    const again = await get('/favicon.svg', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("answers the app's own routes with index.html when the browser asks for a page", async () => {
    const page = await get('/pricing', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('keeps the API JSON 404 for clients that do not ask for a page', async () => {
    const missing = await get('/nope/', { accept: 'application/json' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
  });

  it('never answers an API path with index.html, even to a browser', async () => {
    // `/auth/login/` is POST only: a GET matches the API's path, so it stays the API's 404.
    const login = await get('/auth/login/', { accept: 'text/html' });
    expect(login.statusCode).toBe(404);
    expect(login.headers['content-type']).toMatch(/^application\/json/);
    const user = await get('/auth/user/', { accept: 'text/html' });
    expect(user.statusCode).toBe(401);
  });

  it('keeps a missing asset a 404', async () => {
    expect((await get('/assets/gone-123.js', { accept: '*/*' })).statusCode).toBe(404);
  });

  describe('the rebrand banner in the page (no layout shift when it arrives)', () => {
    const banner = async (title: string, body: string, userId: number | null = null) => {
      const [row] = await testApp.app.database.db
        .insert(notices)
        .values({ userId, kind: 'banner', title, body, createdAt: new Date(Date.now() + 60_000) })
        .returning();
      if (!row) throw new Error('notice not stored');
      return row;
    };

    it("carries the newest banner for everyone before the app's script, as the notices call lists it", async () => {
      const page = await get('/', { accept: 'text/html' });
      const listed = (await get('/api/v1/accounts/messages/?uid=0a3f6c1e-8d7b-4c55-9e2a-6f1d2b3c4d5e')).json<{
        results: Notice[];
      }>().results;
      const newestBanner = listed.find((notice) => notice.kind === 'banner');
      expect(newestBanner).toBeDefined();
      expect(pageNotice(page.body)).toEqual(newestBanner);
      expect(page.body.indexOf('__WINGMATE_NOTICE__')).toBeLessThan(
        page.body.indexOf('/assets/index-abc123.js'),
      );
    });

    it('follows a new banner at once, with text people wrote kept from ending the script', async () => {
      const before = await get('/chat', { accept: 'text/html' });
      const title = '</script><script>alert("owned")</script><!--';
      const row = await banner(title, 'New name,\u2028same app & more');
      const page = await get('/chat', { accept: 'text/html' });
      expect(page.headers.etag).not.toBe(before.headers.etag);
      expect(page.body).not.toContain('alert("owned")</script>');
      expect(page.body).not.toContain('<!--');
      expect(pageNotice(page.body)).toMatchObject({
        id: row.id,
        title,
        body: 'New name,\u2028same app & more',
      });
      const again = await get('/chat', { accept: 'text/html', 'if-none-match': String(page.headers.etag) });
      expect(again.statusCode).toBe(304);
    });

    it("never carries one person's own banner notice", async () => {
      const shown = pageNotice((await get('/', { accept: 'text/html' })).body);
      const someone = await signUpByEmail(testApp.app);
      await banner('Only for someone', 'their own notice', someone.user.pk);
      expect(pageNotice((await get('/', { accept: 'text/html' })).body)).toEqual(shown);
    });

    it('serves the page without a banner when the notices cannot be read', async () => {
      const app = Fastify({ logger: false });
      await app.register(webAppPlugin, {
        dir,
        bannerNotice: () => Promise.reject(new Error('the database is away')),
      });
      const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(pageNotice(page.body)).toBeNull();
      await app.close();
    });
  });
});

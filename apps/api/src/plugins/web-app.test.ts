import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Notice } from '@wingmate/api-contract';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { notices } from '../db/schema';
import { signUpByEmail } from '../testing/sign-in';
import { describeOnOneDatabase } from '../testing/test-app';
import { webAppPlugin } from './web-app';

/** The notice a page carries for the app's first paint, as the app reads it. */
function pageNotice(html: string): Notice | null {
  const found = /<script>window\.__WINGMATE_NOTICE__=(.*?)<\/script>/.exec(html);
  return found?.[1] ? (JSON.parse(found[1]) as Notice) : null;
}

/** The page's Content-Security-Policy, directive by directive. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The `'sha256-…'` source of each inline script of a page, hashed as the browser hashes it. */
function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((script) => !/\bsrc\s*=/i.test(script[1] ?? ''))
    .map(
      (script) =>
        `'sha256-${createHash('sha256')
          .update(script[2] ?? '', 'utf8')
          .digest('base64')}'`,
    );
}

// docs/decisions.md#production-start-and-throughput: the production start serves the built web app itself; it calls its
// own origin, hashed assets are cached for a year, and index.html answers only page requests that match no API route.
const INDEX =
  '<!doctype html><html><head><title>Wingmate</title><meta property="og:image" content="/og-image.png" /><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const STYLE = 'body{margin:0}';

/**
 * A built web app in a folder of its own: index.html, one hashed script with the brotli and gzip copies the build
 * writes beside it (apps/web/build/precompress.ts), a stylesheet the build left uncompressed, a file at the root.
 */
function webBuild(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'wingmate-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.css'), STYLE);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const dir = webBuild();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeOnOneDatabase(
  'the built web app served by the API',
  (getApp) => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      getApp().inject({ method: 'GET', url, headers });

    it('serves index.html at / with the page told to call its own origin', async () => {
      const page = await get('/', { accept: 'text/html' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      // The configured public address (PUBLIC_API_URL) makes the link preview's image absolute.
      expect(page.body).toContain(
        '<meta property="og:image" content="https://wingmate.example.com/og-image.png" />',
      );
      const configAt = page.body.indexOf('window.__WINGMATE_CONFIG__');
      expect(configAt).toBeGreaterThan(-1);
      expect(page.body).toContain('VITE_API_SERVER:window.location.origin');
      // Before the app's own script, which reads it.
      expect(configAt).toBeLessThan(page.body.indexOf('/assets/index-abc123.js'));
    });

    it("caches hashed assets for a year and sends the build's brotli or gzip copy", async () => {
      const plain = await get('/assets/index-abc123.js');
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      const brotli = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toBe(plain.headers['content-type']);
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
      expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
      const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    });

    it('sends a file the build did not compress as it is, and never a compressed copy by its own name', async () => {
      const style = await get('/assets/index-abc123.css', { 'accept-encoding': 'gzip, deflate, br' });
      expect(style.statusCode).toBe(200);
      expect(style.headers['content-encoding']).toBeUndefined();
      expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(style.body).toBe(STYLE);
      expect((await get('/assets/index-abc123.js.br', { accept: '*/*' })).statusCode).toBe(404);
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

    // docs/decisions.md#the-spa-fallback-leaves-the-apis-paths-alone: the SPA fallback never answers under the API's
    // paths.
    describe("the API's paths, which never get index.html", () => {
      it.each([
        '/api/v1/does-not-exist',
        '/api/',
        '/api/v2/chat/',
        '/healthz/',
        '/healthz/deeper',
        '/readyz/',
        '/verify/',
        '/verify/anything',
        '/auth/',
        '/register/email/unknown/',
        '/email/x',
        '/phone_number/',
        '/generate/x/',
        '/docs/index.html',
        '/docs/nothing-here',
        '/openapi.json/',
      ])("answers %s with the API's JSON 404, even to a browser", async (url) => {
        const response = await get(url, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ detail: 'Not found.' });
      });

      it('leaves /docs and /openapi.json to the API: its reference, never index.html', async () => {
        const reference = await get('/docs', { accept: 'text/html' });
        expect(reference.statusCode).toBe(200);
        expect(reference.body).toContain('/docs/static/swagger-ui-bundle.js');
        expect(reference.body).not.toContain('<div id="root">');
        const bundle = await get('/docs/static/swagger-ui-bundle.js', { accept: '*/*' });
        expect(bundle.statusCode).toBe(200);
        expect(bundle.headers['content-type']).toMatch(/^application\/javascript/);
        const document = await get('/openapi.json', { accept: 'text/html,application/json' });
        expect(document.statusCode).toBe(200);
        expect(document.json()).toMatchObject({ openapi: '3.1.0' });
      });

      it.each(['/.env', '/.git/config', '/chat/.env', '/.well-known/security.txt'])(
        'answers the dotfile path %s with a 404, never the page',
        async (url) => {
          const response = await get(url, { accept: 'text/html' });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ detail: 'Not found.' });
        },
      );

      it.each([
        '/verify',
        '/verify?method=email',
        '/bio/photos',
        '/checkout/top-up',
        '/questionnaires/1',
        '/apis',
        '/healthzone',
        '/documents',
        '/authors/',
      ])("still answers the app's own page %s (a prefix is whole path segments)", async (url) => {
        const page = await get(url, { accept: 'text/html' });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<div id="root">');
      });
    });

    // docs/decisions.md#content-security-policy-of-the-production-start: what a page may load and run.
    describe('the Content-Security-Policy of the pages', () => {
      it("lets a page run our scripts and, by their hashes, the page's inline scripts, and nothing else", async () => {
        for (const url of ['/', '/pricing', '/index.html']) {
          const page = await get(url, { accept: 'text/html' });
          const policy = policyOf(page);
          const inline = inlineScriptSources(page.body);
          expect(inline.length).toBeGreaterThan(0);
          expect(policy.get('script-src')).toEqual(["'self'", ...inline]);
        }
      });

      it('allows images from our origin, data: and blob: only, and no plug-ins, frames or other bases', async () => {
        const policy = policyOf(await get('/chat', { accept: 'text/html' }));
        expect(policy.get('default-src')).toEqual(["'self'"]);
        expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
        expect(policy.get('connect-src')).toEqual(["'self'"]);
        expect(policy.get('font-src')).toEqual(["'self'"]);
        expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
        expect(policy.get('frame-src')).toEqual(["'none'"]);
        expect(policy.get('object-src')).toEqual(["'none'"]);
        expect(policy.get('base-uri')).toEqual(["'none'"]);
        expect(policy.get('form-action')).toEqual(["'self'"]);
        expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      });

      it('names no tag manager, Stripe or analytics host when the build configures none', async () => {
        const header = String((await get('/', { accept: 'text/html' })).headers['content-security-policy']);
        expect(header).toContain('script-src');
        expect(header).not.toMatch(/googletagmanager|stripe|amplitude|google\.com|apple/);
      });
    });

    describe('the rebrand banner in the page (no layout shift when it arrives)', () => {
      const banner = async (title: string, body: string, userId: number | null = null) => {
        const [row] = await getApp()
          .database.db.insert(notices)
          .values({ userId, kind: 'banner', title, body, createdAt: new Date(Date.now() + 60_000) })
          .returning();
        if (!row) throw new Error('notice not stored');
        return row;
      };

      it("carries the newest banner for everyone before the app's script, as the notices call lists it", async () => {
        const page = await get('/', { accept: 'text/html' });
        const listed = (
          await get('/api/v1/accounts/messages/?uid=0a3f6c1e-8d7b-4c55-9e2a-6f1d2b3c4d5e')
        ).json<{
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
        // The banner's script is allowed by its own hash, computed when the page was made.
        expect(policyOf(page).get('script-src')).toEqual(["'self'", ...inlineScriptSources(page.body)]);
        expect(inlineScriptSources(page.body)).toHaveLength(2);
      });

      it("never carries one person's own banner notice", async () => {
        const shown = pageNotice((await get('/', { accept: 'text/html' })).body);
        const someone = await signUpByEmail(getApp());
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
  },
  {
    serve: { workers: 1, webAppDir: dir, logRequests: false, publicUrl: 'https://wingmate.example.com' },
  },
);

describeOnOneDatabase(
  'the built web app with uploads on a bucket of their own origin',
  (getApp) => {
    it("allows images from the uploads' origin too", async () => {
      const page = await getApp().inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(policyOf(page).get('img-src')).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://photos.example.com',
      ]);
    });
  },
  { serve: { workers: 1, webAppDir: dir, logRequests: false } },
  {
    uploadStorage: {
      name: 's3',
      put: () => Promise.resolve(),
      get: () => Promise.resolve(null),
      delete: () => Promise.resolve(),
      url: (key) => `https://photos.example.com/wingmate/${key}`,
    },
  },
);

describe('the Content-Security-Policy of a build that loads outside services', () => {
  const configured = webBuild({
    'build-config.json': JSON.stringify({
      VITE_TAG_MANAGER_ID: 'GTM-TEST1',
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      VITE_ANALYTICS_ID: 'amplitude-key',
      VITE_GOOGLE_CLIENT_ID: 'web-client.apps.googleusercontent.com',
      VITE_APPLE_CLIENT_ID: 'com.example.wingmate.web',
      VITE_ASSET_PREFIX: 'https://static.example.com/web',
    }),
  });
  const app = Fastify({ logger: false });
  beforeAll(() => app.register(webAppPlugin, { dir: configured }));
  afterAll(async () => {
    await app.close();
    rmSync(configured, { recursive: true, force: true });
  });
  const page = () => app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });

  it("adds the tag manager's and Stripe's hosts where each needs them", async () => {
    const policy = policyOf(await page());
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining([
        'https://www.googletagmanager.com',
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ]),
    );
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining([
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ]),
    );
    expect(policy.get('frame-src')).not.toContain("'none'");
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://api.stripe.com', 'https://*.google-analytics.com']),
    );
  });

  it("adds analytics' and the sign-in providers' hosts, and the assets' origin for images", async () => {
    const policy = policyOf(await page());
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(['https://*.amplitude.com']));
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining(['https://accounts.google.com/gsi/client', 'https://appleid.cdn-apple.com']),
    );
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://static.example.com']);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('keeps the build configuration to the server', async () => {
    const asFile = await app.inject({ method: 'GET', url: '/build-config.json', headers: { accept: '*/*' } });
    expect(asFile.statusCode).toBe(404);
    const asPage = await app.inject({
      method: 'GET',
      url: '/build-config.json',
      headers: { accept: 'text/html' },
    });
    expect(asPage.body).not.toContain('GTM-TEST1');
  });
});

// docs/web.md#install-and-link-previews: the manifest, the icons and the link-preview tags of the web app's own
// index.html and public files (Vite copies apps/web/public into the build as they are).
describe('the install manifest, icons and link previews of the web app', () => {
  const web = path.resolve(__dirname, '../../../web');
  const publicFiles = [
    'manifest.webmanifest',
    'favicon.svg',
    'icon-192.png',
    'icon-512.png',
    'icon-maskable-512.png',
    'apple-touch-icon.png',
    'og-image.png',
  ];
  const build = mkdtempSync(path.join(tmpdir(), 'wingmate-web-'));
  copyFileSync(path.join(web, 'index.html'), path.join(build, 'index.html'));
  for (const name of publicFiles) copyFileSync(path.join(web, 'public', name), path.join(build, name));
  const configured = Fastify({ logger: false });
  const unconfigured = Fastify({ logger: false });
  beforeAll(async () => {
    await configured.register(webAppPlugin, { dir: build, publicUrl: 'https://wingmate.example.com' });
    await unconfigured.register(webAppPlugin, { dir: build });
  });
  afterAll(async () => {
    await Promise.all([configured.close(), unconfigured.close()]);
    rmSync(build, { recursive: true, force: true });
  });
  const get = (app: typeof configured, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  /** A PNG's width and height, from its IHDR chunk. */
  const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
  /** The page's `<meta>` tags, by `property` or `name`. */
  const metas = (html: string) =>
    new Map(
      [...html.matchAll(/<meta\s+(?:property|name)="([^"]+)"\s+content="([^"]*)"/g)].map((tag) => [
        tag[1]!,
        tag[2]!,
      ]),
    );

  interface Manifest {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  }

  it('serves the manifest as application/manifest+json, its icons PNGs of the sizes it names', async () => {
    const response = await get(configured, '/manifest.webmanifest', { accept: '*/*' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json\b/);
    const manifest = response.json<Manifest>();
    expect(manifest).toMatchObject({ name: 'Wingmate', start_url: '/', display: 'standalone' });
    expect(manifest.short_name).toBeTruthy();
    // The page's canvas colour (apps/web/src/styles.css), as the light theme-color meta says.
    expect(manifest.theme_color).toBe('#fffbfa');
    expect(manifest.background_color).toBe('#fffbfa');
    expect(new Set(manifest.icons.map((icon) => icon.sizes))).toEqual(new Set(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const file = await get(configured, icon.src, { accept: 'image/*' });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(icon.type).toBe('image/png');
      expect(pngSize(file.rawPayload)).toBe(icon.sizes);
    }
  });

  it('links the manifest and a 180×180 apple-touch-icon from the page', async () => {
    const page = (await get(configured, '/')).body;
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const touchIcon = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(page)?.[1];
    const file = await get(configured, touchIcon ?? '/missing', { accept: 'image/*' });
    expect(file.headers['content-type']).toBe('image/png');
    expect(pngSize(file.rawPayload)).toBe('180x180');
  });

  it('gives / Open Graph and Twitter card tags with absolute URLs from the public address', async () => {
    const page = await get(configured, '/', { host: 'internal:8000' });
    const tags = metas(page.body);
    expect(tags.get('og:type')).toBe('website');
    expect(tags.get('og:title')).toBe('Wingmate');
    expect(tags.get('og:description')).toBeTruthy();
    expect(tags.get('og:url')).toBe('https://wingmate.example.com/');
    expect(tags.get('og:image')).toBe('https://wingmate.example.com/og-image.png');
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    expect(tags.get('twitter:image')).toBe('https://wingmate.example.com/og-image.png');
    const image = await get(configured, '/og-image.png', { accept: 'image/*' });
    expect(image.headers['content-type']).toBe('image/png');
    expect(pngSize(image.rawPayload)).toBe('1200x630');
    // Tags, no script: the page's inline scripts are still only those the policy names by hash.
    expect(policyOf(page).get('script-src')).toEqual(["'self'", ...inlineScriptSources(page.body)]);
  });

  it('falls back to the origin the request came to when no public address is configured', async () => {
    const tags = metas((await get(unconfigured, '/', { host: 'wingmate.test:8443' })).body);
    expect(tags.get('og:url')).toBe('http://wingmate.test:8443/');
    expect(tags.get('og:image')).toBe('http://wingmate.test:8443/og-image.png');
    const other = metas((await get(unconfigured, '/pricing', { host: 'localhost:8000' })).body);
    expect(other.get('og:image')).toBe('http://localhost:8000/og-image.png');
  });

  it('leaves the preview URLs relative when the Host header is not a plain host', async () => {
    const page = await get(unconfigured, '/', { host: 'evil.test"><script>alert(1)</script>' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('alert(1)');
    expect(metas(page.body).get('og:image')).toBe('/og-image.png');
  });
});

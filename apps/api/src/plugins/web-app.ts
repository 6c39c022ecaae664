import type { Notice } from '@wingmate/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { apiPathPrefixes, isDotPath, isUnderPrefix } from './api-paths';
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  outsideSources,
  type OutsideSources,
} from './web-app-csp';

/** One file of the built web app, read and compressed once at start. */
interface WebFile {
  readonly type: string;
  readonly cacheControl: string;
  readonly etag: string;
  /** The Content-Security-Policy, with the hashes of this file's inline scripts when it is a page. */
  readonly policy: string;
  readonly raw: Buffer;
  readonly br: Buffer | undefined;
  readonly gzip: Buffer | undefined;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Source maps are left out: only developers fetch them. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
  '.ico',
]);
/** Vite puts content-hashed files under `assets/`: their name changes with their content. */
const HASHED = /^\/assets\//;
const YEAR = 'public, max-age=31536000, immutable';
/** The build's `VITE_*` values (apps/web/build/record-build-config.ts): read by the server, never served. */
const BUILD_CONFIG = 'build-config.json';

/**
 * The page's configuration, set before the app's own scripts run: the app calls the origin that served it
 * (apps/web reads `window.__WINGMATE_CONFIG__` over its build-time `VITE_*` values).
 */
const CONFIG_SCRIPT =
  '<script>window.__WINGMATE_CONFIG__=Object.assign({},window.__WINGMATE_CONFIG__,' +
  '{VITE_API_SERVER:window.location.origin})</script>';

export interface WebAppOptions {
  /** The built web app (`apps/web/dist`), with its `index.html`. */
  readonly dir: string;
  /**
   * The rebrand banner everyone sees, read for each page: the page carries it (`window.__WINGMATE_NOTICE__`), so the
   * banner is part of the first paint instead of pushing the page down when the app's own request answers.
   */
  readonly bannerNotice?: () => Promise<Notice | null>;
  /** Origins other than ours that serve images the page shows (uploads in a bucket or behind a CDN). */
  readonly imageOrigins?: readonly string[];
  /**
   * The web app's public address (`PUBLIC_API_URL`: the production start serves it from the API's own address), from
   * which the page's link-preview URLs are made absolute; absent = the origin each request came to.
   */
  readonly publicUrl?: string | undefined;
}

/**
 * At most this many pages are kept, one per public address and banner text (a new banner replaces the old; a
 * configured public address makes it one address).
 */
const PAGES_KEPT = 4;

/**
 * Serves the built web app from the API's own port (docs/decisions.md#production-start-and-throughput): every file read
 * and compressed (brotli, gzip) once at start, hashed assets cached for a year, everything else revalidated by ETag. A
 * GET that matches no file, from a client that accepts `text/html`, gets `index.html` (the app's own routes) unless its
 * path is the API's or a dotfile's; anything else stays the API's JSON 404. Every file carries the
 * Content-Security-Policy (docs/decisions.md#content-security-policy-of-the-production-start).
 */
export async function webAppPlugin(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const sources = outsideSources(await readBuildConfig(options.dir), options.imageOrigins ?? []);
  const files = await loadFiles(options.dir, sources);
  const index = files.get('/index.html');
  if (!index)
    throw new Error(`${options.dir} has no index.html: build the web app first (npx nx run web:build)`);
  const apiPrefixes = apiPathPrefixes();

  const rendered = renderedPages(index, sources);
  const page = async (request: FastifyRequest): Promise<WebFile> => {
    const origin = options.publicUrl ?? requestOrigin(request);
    if (!options.bannerNotice) return rendered(origin, null);
    let notice: Notice | null = null;
    try {
      notice = await options.bannerNotice();
    } catch (error) {
      // The app asks for the notices itself; only the banner's place in the first paint is lost.
      request.log.warn({ err: error }, 'the banner notice could not be read; the page is served without it');
    }
    return rendered(origin, notice);
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = pathOf(request.url);
    if (url === '/' || url === '/index.html') return send(request, reply, await page(request));
    const file = files.get(url) ?? (url.endsWith('/') ? files.get(`${url}index.html`) : undefined);
    if (file) return send(request, reply, file);
    const wantsPage = /\btext\/html\b/.test(request.headers.accept ?? '');
    if (wantsPage && !isUnderPrefix(url, apiPrefixes) && !isDotPath(url))
      return send(request, reply, await page(request));
    return reply.callNotFound();
  };
  app.get('/*', serve);
  app.get('/', serve);
}

function send(request: FastifyRequest, reply: FastifyReply, file: WebFile): FastifyReply {
  reply
    .header('cache-control', file.cacheControl)
    .header('etag', file.etag)
    .header('content-security-policy', file.policy)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  reply.type(file.type);
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (file.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(file.br);
  if (file.gzip && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.raw);
}

/** The build's recorded configuration; none (every outside service off) for a build that recorded nothing. */
async function readBuildConfig(dir: string): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(path.join(dir, BUILD_CONFIG), 'utf8')) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`${path.join(dir, BUILD_CONFIG)} could not be read`, { cause: error });
  }
}

/** Every file of the build but dotfiles and the build's configuration. */
async function loadFiles(dir: string, sources: OutsideSources): Promise<Map<string, WebFile>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const loaded = entries
    .filter((entry) => entry.isFile())
    .map(
      (entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
    )
    .filter((url) => url !== `/${BUILD_CONFIG}` && !isDotPath(url))
    .map(async (url): Promise<[string, WebFile]> => {
      const raw = await readFile(path.join(dir, url));
      return [url, await webFile(url, url === '/index.html' ? withConfigScript(raw) : raw, sources)];
    });
  return new Map(await Promise.all(loaded));
}

async function webFile(url: string, raw: Buffer, sources: OutsideSources): Promise<WebFile> {
  const extension = path.extname(url).toLowerCase();
  const compress = COMPRESSIBLE.has(extension) && raw.length > 512;
  const scriptHashes = extension === '.html' ? inlineScriptHashes(raw.toString('utf8')) : [];
  return {
    type: TYPES[extension] ?? 'application/octet-stream',
    cacheControl: HASHED.test(url) ? YEAR : 'no-cache',
    etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
    policy: contentSecurityPolicy(sources, scriptHashes),
    raw,
    br: compress
      ? await brotli(raw, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : undefined,
    gzip: compress ? await gzipped(raw, { level: 9 }) : undefined,
  };
}

/**
 * index.html with its link-preview URLs absolute from `origin` (left as they are without one) and the banner's script
 * when there is a banner, made (and compressed) once per origin and banner.
 */
function renderedPages(
  index: WebFile,
  sources: OutsideSources,
): (origin: string | undefined, notice: Notice | null) => Promise<WebFile> {
  const pages = new Map<string, Promise<WebFile>>();
  return (origin, notice) => {
    const script = notice ? `<script>window.__WINGMATE_NOTICE__=${scriptJson(notice)}</script>` : '';
    const key = `${origin ?? ''}\n${script}`;
    let made = pages.get(key);
    if (!made) {
      const html = withPreviewUrls(index.raw, origin);
      made = webFile('/index.html', script ? beforeFirstScript(html, script) : html, sources);
      pages.set(key, made);
      if (pages.size > PAGES_KEPT) pages.delete(pages.keys().next().value as string);
    }
    return made;
  };
}

/** The link-preview tags whose `content` is a URL, which crawlers need absolute (docs/web.md#install-and-link-previews). */
const PREVIEW_URL_META =
  /(<meta\s+(?:property|name)="(?:og:url|og:image|og:image:url|og:image:secure_url|twitter:image)"\s+content=")(\/(?!\/)[^"]*)"/gi;

/** index.html with the preview tags' root-relative URLs (`/og-image.png`) made absolute under `origin`. */
function withPreviewUrls(html: Buffer, origin: string | undefined): Buffer {
  if (!origin) return html;
  const text = html.toString('utf8');
  const absolute = text.replace(
    PREVIEW_URL_META,
    (_tag, start: string, url: string) => `${start}${escapeAttribute(`${origin}${url}`)}"`,
  );
  return absolute === text ? html : Buffer.from(absolute, 'utf8');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A host name or bracketed IPv6 address, with an optional port: nothing that could leave an attribute. */
const PLAIN_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin the request came to, for a start with no public address configured: the Host header (and, behind a
 * trusted proxy, X-Forwarded-Proto and -Host, as `trustProxy` says). Anything but a plain host and port leaves the
 * preview URLs relative, so a forged header cannot write markup into the page.
 */
function requestOrigin(request: FastifyRequest): string | undefined {
  const host = request.host;
  const protocol = request.protocol;
  if (protocol !== 'http' && protocol !== 'https') return undefined;
  if (!PLAIN_HOST.test(host)) return undefined;
  return `${protocol}://${host.toLowerCase()}`;
}

/**
 * JSON that is safe inside a `<script>` element: no `</script>` or `<!--` can end it early (the notice's text is
 * written by people), and no line separator breaks the JavaScript.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function withConfigScript(html: Buffer): Buffer {
  return beforeFirstScript(html, CONFIG_SCRIPT);
}

/** `script` put before the page's first script (or at the end of its head), so it runs before the app's own. */
function beforeFirstScript(html: Buffer, script: string): Buffer {
  const text = html.toString('utf8');
  const at = text.search(/<script\b/i);
  const end = text.search(/<\/head>/i);
  const position = at >= 0 ? at : end >= 0 ? end : 0;
  return Buffer.from(text.slice(0, position) + script + text.slice(position), 'utf8');
}

/** The request's path without its query, decoded (`%20` and the like), never climbing out with `..`. */
function pathOf(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  try {
    return path.posix.normalize(decodeURIComponent(pathname));
  } catch {
    return pathname;
  }
}

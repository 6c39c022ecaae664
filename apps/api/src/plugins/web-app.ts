import type { Notice } from '@wingmate/api-contract';
import fastifyStatic from '@fastify/static';
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

/** The page, rendered and compressed once per public address and banner. */
interface Page {
  readonly etag: string;
  /** The Content-Security-Policy with the hashes of the page's inline scripts. */
  readonly policy: string;
  readonly raw: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Vite puts content-hashed files under `assets/`: their name changes with their content. */
const HASHED = /^\/assets\//;
const YEAR = 'public, max-age=31536000, immutable';
/** The build's `VITE_*` values (apps/web/build/record-build-config.ts): read by the server, never served. */
const BUILD_CONFIG = 'build-config.json';
/** The compressed copies the build writes beside its files (apps/web/build/precompress.ts): sent for their file. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

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
 * Serves the built web app from the API's own port (docs/decisions.md#production-start-and-throughput). Its files go
 * out through @fastify/static as the build wrote them, with the brotli or gzip copy the build made when the browser
 * takes one; hashed assets are cached for a year, everything else revalidated by ETag. The page is ours: `index.html`
 * with the configuration, the banner and its scripts' hashes, rendered and compressed once per public address and
 * banner. A GET that matches no file, from a client that accepts `text/html`, gets the page (the app's own routes)
 * unless its path is the API's or a dotfile's; anything else stays the API's JSON 404. Every answer carries the
 * Content-Security-Policy (docs/decisions.md#content-security-policy-of-the-production-start).
 */
export async function webAppPlugin(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const dir = path.resolve(options.dir);
  const sources = outsideSources(await readBuildConfig(dir), options.imageOrigins ?? []);
  const files = await servedFiles(dir);
  const index = await readFile(path.join(dir, 'index.html')).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT')
      throw new Error(`${dir} has no index.html: build the web app first (npx nx run web:build)`);
    throw error;
  });
  const filePolicy = contentSecurityPolicy(sources, []);
  const apiPrefixes = apiPathPrefixes();
  // Only this plugin's own routes send files; the reference at /docs registers its own without the decorator.
  await app.register(fastifyStatic, {
    root: dir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
    dotfiles: 'deny',
  });

  const rendered = renderedPages(withConfigScript(index), sources);
  const page = async (request: FastifyRequest): Promise<Page> => {
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

  const sendFile = (reply: FastifyReply, url: string) =>
    reply
      .header('cache-control', HASHED.test(url) ? YEAR : 'no-cache')
      .header('content-security-policy', filePolicy)
      .header('vary', 'accept-encoding')
      .sendFile(url.slice(1));

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = pathOf(request.url);
    if (url === '/' || url === '/index.html') return sendPage(request, reply, await page(request));
    if (files.has(url)) return sendFile(reply, url);
    if (url.endsWith('/') && files.has(`${url}index.html`)) return sendFile(reply, `${url}index.html`);
    const wantsPage = /\btext\/html\b/.test(request.headers.accept ?? '');
    if (wantsPage && !isUnderPrefix(url, apiPrefixes) && !isDotPath(url))
      return sendPage(request, reply, await page(request));
    return reply.callNotFound();
  };
  app.get('/*', serve);
  app.get('/', serve);
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page): FastifyReply {
  reply
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('content-security-policy', page.policy)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  reply.type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.raw);
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

/**
 * The URL paths of the build's files as they are served: not the page (rendered by us), the build's configuration,
 * dotfiles, or the compressed copies (sent in place of their file). Read once at start: a build does not change under
 * a running server.
 */
async function servedFiles(dir: string): Promise<Set<string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
      )
      .filter(
        (url) =>
          url !== '/index.html' &&
          url !== `/${BUILD_CONFIG}` &&
          !isDotPath(url) &&
          !COMPRESSED_COPY.test(url),
      ),
  );
}

/** The page and what goes with it: its ETag, its policy with its inline scripts' hashes, its compressed forms. */
async function pageOf(html: Buffer, sources: OutsideSources): Promise<Page> {
  const [br, gzip] = await Promise.all([
    brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
    gzipped(html, { level: 9 }),
  ]);
  return {
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    policy: contentSecurityPolicy(sources, inlineScriptHashes(html.toString('utf8'))),
    raw: html,
    br,
    gzip,
  };
}

/**
 * index.html with its link-preview URLs absolute from `origin` (left as they are without one) and the banner's script
 * when there is a banner, made (and compressed) once per origin and banner.
 */
function renderedPages(
  index: Buffer,
  sources: OutsideSources,
): (origin: string | undefined, notice: Notice | null) => Promise<Page> {
  const pages = new Map<string, Promise<Page>>();
  return (origin, notice) => {
    const script = notice ? `<script>window.__WINGMATE_NOTICE__=${scriptJson(notice)}</script>` : '';
    const key = `${origin ?? ''}\n${script}`;
    let made = pages.get(key);
    if (!made) {
      const html = withPreviewUrls(index, origin);
      made = pageOf(script ? beforeFirstScript(html, script) : html, sources);
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

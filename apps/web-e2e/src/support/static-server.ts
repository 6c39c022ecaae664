import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

export interface StaticSite {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves the web build like a production host: files from `dist/`, `index.html` for every other path (client
 * routing), with the runtime configuration injected into the page.
 */
export async function serveWebBuild(
  distDir: string,
  runtimeConfig: () => Record<string, string>,
): Promise<StaticSite> {
  const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const page = () =>
    template.replace(
      '<head>',
      `<head><script>window.__WINGMATE_CONFIG__=${JSON.stringify(runtimeConfig())}</script>`,
    );
  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.join(distDir, path.normalize(pathname));
    const isAsset = file.startsWith(distDir) && pathname !== '/' && (await isFile(file));
    if (!isAsset) {
      response.writeHead(200, { 'content-type': CONTENT_TYPES['.html'] }).end(page());
      return;
    }
    const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    response.writeHead(200, { 'content-type': type }).end(await readFile(file));
  };
  // Node's http ignores what a request handler returns.
  const server: Server = createServer((request, response) => void serve(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

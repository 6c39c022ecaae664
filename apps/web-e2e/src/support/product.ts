import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '@wingmate/api';
import { startTestApp, testDatabaseKinds, type TestApp, type TestDatabaseKind } from '@wingmate/api/testing';
import { serveWebBuild, type StaticSite } from './static-server';

/** The web build the tests serve; `E2E_WEB_DIST` points elsewhere (a build of one's own while others build too). */
const WEB_DIST = process.env['E2E_WEB_DIST'] ?? path.resolve(__dirname, '../../../web/dist');

export interface RunningProduct {
  readonly apiUrl: string;
  readonly webUrl: string;
  readonly api: TestApp;
  close(): Promise<void>;
}

/**
 * The real API on a port (PGlite, or Postgres on CI) and the real web build in front of it, wired together the
 * way a deployment is: the page learns the API's address from the injected runtime configuration.
 * `apiConfig` overrides the API's settings, e.g. Google's client id and tokeninfo address, or Apple's audiences
 * and JWKS address pointed at the fakes of `@wingmate/testing`.
 */
export async function startProduct(
  runtimeConfig: Record<string, string> = {},
  apiConfig: Partial<Config> = {},
): Promise<RunningProduct> {
  const kind = testDatabaseKinds().includes('postgres') ? 'postgres' : 'pglite';
  let apiUrl = '';
  let site: StaticSite;
  try {
    site = await serveWebBuild(WEB_DIST, () => ({ ...runtimeConfig, VITE_API_SERVER: apiUrl }));
  } catch (error) {
    throw new Error(
      `The web build is missing at ${WEB_DIST}; run \`npx nx build web\` first (${String(error)})`,
    );
  }
  // The API allows exactly the web's origin, as in a deployment.
  const api = await startApiWithOwnUploads(kind, { ...apiConfig, webOrigins: [site.url] });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  apiUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  return {
    apiUrl,
    webUrl: site.url,
    api,
    close: async () => {
      await site.close();
      await api.close();
    },
  };
}

/**
 * The product with `freeMessages` free replies per person, so a test reaches their end in a few sends; the
 * address's daily cap and the subscription's fair use are high enough never to be what stops a test.
 */
export function startProductWithFreeMessages(freeMessages: number): Promise<RunningProduct> {
  return startProduct({}, { metering: { freeMessages, freeMessagesPerIp: 500, subscriptionDailyCap: 500 } });
}

/**
 * The production start's shape: the API serving the web build from its own port (`serve.webAppDir`), the page
 * calling its own origin, as `npm run serve` runs it (one worker, on PGlite or the CI's Postgres).
 */
export async function startProductionStart(): Promise<RunningProduct> {
  const kind = testDatabaseKinds().includes('postgres') ? 'postgres' : 'pglite';
  const api = await startApiWithOwnUploads(kind, {
    serve: { workers: 1, webAppDir: WEB_DIST, logRequests: false },
  });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  return { apiUrl: url, webUrl: url, api, close: () => api.close() };
}

/**
 * The API with its uploads in a temporary folder of its own, removed when it closes: test files run side by side
 * in Jest's workers, and none should write into the project's `data/` or find another one's photos.
 */
async function startApiWithOwnUploads(kind: TestDatabaseKind, config: Partial<Config>): Promise<TestApp> {
  const uploadsDir = await mkdtemp(path.join(tmpdir(), 'wingmate-e2e-uploads-'));
  const removeUploads = () => rm(uploadsDir, { recursive: true, force: true });
  try {
    const api = await startTestApp(kind, { uploadsDir, ...config });
    return {
      ...api,
      close: async () => {
        await api.close();
        await removeUploads();
      },
    };
  } catch (error) {
    await removeUploads();
    throw error;
  }
}

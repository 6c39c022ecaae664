import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import {
  createClient,
  memoryStorage,
  type KeyValueStorage,
  type Logger,
  type WingmateClient,
} from '@wingmate/core-sdk';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

/** `'GET /auth/user/'` → what to answer; a function sees the request. Unlisted calls answer the API's 404. */
export type FakeRoutes = Record<
  string,
  FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>)
>;

export interface FakeClient {
  client: WingmateClient;
  /** Every request the screens made, in order. */
  requests: FakeRequest[];
  storage: KeyValueStorage;
  tokenStorage: KeyValueStorage;
}

const API = 'http://api.test';

function readBody(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? null;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/**
 * A real core-sdk client whose transport answers from a table, for component tests of the screens: the SDK's
 * rules (tokens, errors, paging) run as in the browser, only the network is replaced.
 */
export function fakeClient(
  routes: FakeRoutes,
  // `logger`: for a test that expects the SDK to warn; the default, the console's, fails a test that warns unexpectedly.
  options: { signedIn?: boolean; logger?: Logger } = {},
): FakeClient {
  const requests: FakeRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url ?? '/', config.baseURL ?? API);
    // The SDK's query parameters are strings, numbers and booleans; axios types them as any.
    const params = (config.params ?? {}) as Record<string, string | number | boolean | null | undefined>;
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const request: FakeRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: readBody(config.data),
      headers: Object.fromEntries(
        Object.entries(config.headers?.toJSON?.() ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
      ),
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const reply: FakeReply = route
      ? typeof route === 'function'
        ? await route(request)
        : route
      : { status: 404, data: { detail: 'Not found.' } };
    const response: AxiosResponse = {
      data: reply.data ?? null,
      status: reply.status ?? 200,
      statusText: String(reply.status ?? 200),
      headers: { 'content-type': 'application/json', ...reply.headers },
      config,
    };
    const valid = config.validateStatus ?? ((status: number) => status >= 200 && status < 300);
    if (valid(response.status)) return response;
    const { AxiosError } = await import('axios');
    throw new AxiosError(
      `Request failed with status code ${response.status}`,
      AxiosError.ERR_BAD_RESPONSE,
      config,
      undefined,
      response,
    );
  };
  const storage = memoryStorage();
  const tokenStorage = memoryStorage();
  if (options.signedIn) {
    tokenStorage.set('access_token', 'Bearer test-access');
    tokenStorage.set('refresh_token', 'test-refresh');
  }
  const client = createClient({
    baseURL: API,
    storage,
    tokenStorage,
    adapter,
    sleep: () => Promise.resolve(),
    logger: options.logger,
  });
  return { client, requests, storage, tokenStorage };
}

import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createClient, type ClientConfig } from '../client';
import { silentLogger } from '../ports/logger';
import { memoryStorage } from '../ports/storage';

/** A request as the fake API saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  authorization: string | null;
  config: InternalAxiosRequestConfig;
}

export interface FakeReply {
  status: number;
  data?: unknown;
}

export type FakeHandler = (request: SeenRequest) => FakeReply | Promise<FakeReply>;

/** An axios adapter that answers from a handler and records every request, for tests without sockets. */
export function fakeApi(handler: FakeHandler = () => ({ status: 200, data: {} })) {
  const requests: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const url = new URL(config.url ?? '', config.baseURL);
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const authorization = config.headers.get('Authorization');
    const seen: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path: url.pathname,
      query: {
        ...Object.fromEntries(url.searchParams),
        ...((config.params ?? {}) as Record<string, unknown>),
      },
      body,
      authorization: typeof authorization === 'string' ? authorization : null,
      config,
    };
    requests.push(seen);
    const reply = await handler(seen);
    const response = {
      data: reply.data ?? '',
      status: reply.status,
      statusText: '',
      headers: {},
      config,
      request: {},
    };
    if (config.validateStatus?.(reply.status) ?? true) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      AxiosError.ERR_BAD_RESPONSE,
      config,
      {},
      response,
    );
  };
  return { adapter, requests };
}

/** A client on a fake API, with memory storage and no logging. */
export function fakeClient(handler?: FakeHandler, config: Partial<ClientConfig> = {}) {
  const api = fakeApi(handler);
  const storage = config.storage ?? memoryStorage();
  const client = createClient({
    baseURL: 'http://api.test',
    storage,
    logger: silentLogger,
    sleep: async () => {},
    adapter: api.adapter,
    ...config,
  });
  return { client, storage, requests: api.requests };
}

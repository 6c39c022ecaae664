import { memoryStorage, type KeyValueStorage } from '@wingmate/core-sdk';
import type { AbTestCreateInput, AbTestListQuery } from './api';
import { createAbEngine, type AbEngineOptions } from './engine';

/**
 * The wire shape of the server's 409, as core-sdk's ApiError carries it
 * (docs/decisions.md#ab-engine-packagesab-engine).
 */
export const existedResponse = () =>
  Object.assign(new Error('Request failed with status code 409'), {
    status: 409,
    code: 'EXISTED_ABTEST',
    detail: 'This A/B test already has a value.',
  });

/** An in-memory server for one visitor: it answers its values and refuses a second value for a test with 409. */
export function fakeAbTestApi(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    list: jest.fn((_query: AbTestListQuery) =>
      Promise.resolve([...values].map(([name, value]) => ({ name, value }))),
    ),
    create: jest.fn((input: AbTestCreateInput) => {
      if (values.has(input.name)) return Promise.reject(existedResponse());
      values.set(input.name, input.value);
      return Promise.resolve({ name: input.name, value: input.value });
    }),
  };
}

export const fakeLogger = () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() });

export const storedJson = (storage: KeyValueStorage): unknown => JSON.parse(storage.get('abtests') ?? 'null');

interface SetupOptions extends Partial<Omit<AbEngineOptions, 'storage' | 'api'>> {
  server?: Record<string, string>;
  session?: KeyValueStorage;
  cookie?: KeyValueStorage;
}

export function setupEngine({
  server,
  session = memoryStorage(),
  cookie = memoryStorage(),
  ...options
}: SetupOptions = {}) {
  const api = fakeAbTestApi(server);
  const logger = fakeLogger();
  const engine = createAbEngine({ api, storage: { session, cookie }, logger, ...options });
  return { engine, api, logger, session, cookie };
}

/** Lets pending promise callbacks run under fake timers without moving the clock. */
export const settle = () => jest.advanceTimersByTimeAsync(0);

/** @jest-environment node */
import { ApiError } from '@wingmate/core-sdk';
import { createHealthStore, type ApiHealth } from './health';

const health: ApiHealth = {
  status: 'ok',
  database: 'pglite',
  database_latency_ms: 1,
  time: '2026-01-01T00:00:00.000Z',
};

describe('health store (through the SDK)', () => {
  it('reads the database the API reports', async () => {
    const store = createHealthStore({ healthz: async () => health }, 'http://api');
    await store.getState().check();
    expect(store.getState().state).toEqual({ phase: 'ready', health });
  });

  it('reports a failing API with its status', async () => {
    const failing = async () => {
      throw new ApiError({ status: 503, message: 'Error 503' });
    };
    const store = createHealthStore({ healthz: failing }, 'http://api');
    await store.getState().check();
    expect(store.getState().state).toEqual({ phase: 'unreachable', reason: 'The API answered 503' });
  });

  it('reports an API that does not answer (status 0)', async () => {
    const unreachable = async () => {
      throw new ApiError({ status: 0, message: 'Network Error' });
    };
    const store = createHealthStore({ healthz: unreachable }, 'http://api');
    await store.getState().check();
    expect(store.getState().state).toEqual({ phase: 'unreachable', reason: 'No answer from http://api' });
  });

  it('passes the signal on, and a check aborted because the page closed leaves the state alone', async () => {
    const controller = new AbortController();
    const healthz = jest.fn(async (_options?: { signal?: AbortSignal }) => {
      controller.abort();
      throw new ApiError({ status: 0, message: 'canceled', code: 'ERR_CANCELED' });
    });
    const store = createHealthStore({ healthz }, 'http://api');
    await store.getState().check(controller.signal);
    expect(healthz).toHaveBeenCalledWith({ signal: controller.signal });
    expect(store.getState().state).toEqual({ phase: 'loading' });
  });
});

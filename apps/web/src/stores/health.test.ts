/** @jest-environment node */
import { createHealthStore } from './health';

const answer = (status: number, body: unknown): typeof fetch =>
  (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe('health store', () => {
  it('reads the database the API reports', async () => {
    const store = createHealthStore('http://api', answer(200, { status: 'ok', database: 'pglite' }));
    await store.getState().check();
    expect(store.getState().state).toEqual({ phase: 'ready', health: { status: 'ok', database: 'pglite' } });
  });

  it('reports a failing API with its status', async () => {
    const store = createHealthStore('http://api', answer(503, { status: 'unavailable' }));
    await store.getState().check();
    expect(store.getState().state).toEqual({ phase: 'unreachable', reason: 'The API answered 503' });
  });

  it('reports an API that does not answer', async () => {
    const store = createHealthStore('http://api', (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    await store.getState().check();
    expect(store.getState().state).toEqual({ phase: 'unreachable', reason: 'No answer from http://api' });
  });
});

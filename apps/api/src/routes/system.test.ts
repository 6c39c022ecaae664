import { describeEachDatabase } from '../testing/test-app';

describeEachDatabase('system routes', (getApp, kind) => {
  it('answers /healthz from the database', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: kind });
    expect(typeof response.json<{ database_latency_ms: unknown }>().database_latency_ms).toBe('number');
  });

  it('answers /readyz when the database answers', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/readyz' });
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers an unknown path with a DRF 404', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/nope/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('keeps a caller’s request id and sends security headers', async () => {
    const response = await getApp().inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows the web origin by CORS and no other', async () => {
    const allowed = await getApp().inject({
      method: 'OPTIONS',
      url: '/healthz',
      headers: { origin: 'http://localhost:4200', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:4200');
    const other = await getApp().inject({
      method: 'OPTIONS',
      url: '/healthz',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  // Last in this app's suite: it stops the app's database.
  describe('a server that is shutting down', () => {
    it('answers /readyz with 503 while it drains, and /healthz still answers', async () => {
      const app = getApp();
      app.draining = true;
      try {
        const ready = await app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ status: 'unavailable' });
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        app.draining = false;
      }
    });
  });

  describe('a database that stops answering', () => {
    it('turns /healthz and /readyz into 503', async () => {
      const app = getApp();
      await app.database.close();
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable' });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
    });
  });
});

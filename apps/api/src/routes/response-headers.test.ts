import { bearer, signUpByEmail, signUpByPhone, uniqueIp } from '../testing/sign-in';
import { describeOnOneDatabase } from '../testing/test-app';

// docs/decisions.md#input-headers-and-logs: every error body is JSON with
// `Content-Type: application/json; charset=utf-8`; token responses carry `Cache-Control: no-store`; CORS allows
// the web origins every method the contract uses; links in pages come from PUBLIC_API_URL, never the Host header.
describeOnOneDatabase(
  'response headers',
  (getApp) => {
    const JSON_TYPE = 'application/json; charset=utf-8';

    it('answers a validation error as JSON with its content type', async () => {
      const response = await getApp().inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: 42 },
        remoteAddress: uniqueIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe(JSON_TYPE);
    });

    it('answers a 401 and a 404 as JSON with its content type', async () => {
      const unauthenticated = await getApp().inject({ method: 'GET', url: '/auth/user/' });
      expect(unauthenticated.statusCode).toBe(401);
      expect(unauthenticated.headers['content-type']).toBe(JSON_TYPE);
      const missing = await getApp().inject({ method: 'GET', url: '/no/such/call/' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toBe(JSON_TYPE);
    });

    it('answers a URL the router cannot read with a JSON detail', async () => {
      const response = await getApp().inject({
        method: 'GET',
        url: '/api/v1/accounts/dating_bio/%ED%A0%80/',
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe(JSON_TYPE);
      expect(response.json()).toEqual({ detail: 'The URL is not valid.' });
    });

    it('marks every answer carrying tokens no-store: sign-up, sign-in and refresh', async () => {
      const app = getApp();
      const email = `no-store.${Date.now()}@example.com`;
      const signUp = await app.inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email, password: 'correct horse battery staple' },
        remoteAddress: uniqueIp(),
      });
      expect(signUp.statusCode).toBe(201);
      expect(signUp.headers['cache-control']).toBe('no-store');
      const signIn = await app.inject({
        method: 'POST',
        url: '/register/login/',
        payload: { email, password: 'correct horse battery staple' },
        remoteAddress: uniqueIp(),
      });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.headers['cache-control']).toBe('no-store');
      const refreshed = await app.inject({
        method: 'POST',
        url: '/auth/token/refresh/',
        payload: { refresh: signIn.json<{ refresh: string }>().refresh },
        remoteAddress: uniqueIp(),
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.headers['cache-control']).toBe('no-store');
    });

    it('leaves answers without tokens cacheable as before', async () => {
      const tokens = await signUpByEmail(getApp());
      const response = await getApp().inject({ method: 'GET', url: '/auth/user/', headers: bearer(tokens) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBeUndefined();
    });

    it('lets the web origin preflight every method the contract uses, PUT and DELETE included', async () => {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const response = await getApp().inject({
          method: 'OPTIONS',
          url: '/api/v1/accounts/answers/update/',
          headers: { origin: 'http://localhost:4200', 'access-control-request-method': method },
        });
        expect(response.statusCode).toBe(204);
        expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toContain(method);
      }
    });

    describe('paging links', () => {
      const listRoasts = async (headers: Record<string, string>) => {
        const tokens = await signUpByPhone(getApp());
        for (let n = 0; n < 21; n++) {
          const created = await getApp().inject({
            method: 'POST',
            url: '/api/v1/accounts/roasts/',
            headers: bearer(tokens),
            payload: { text: `roast ${n}` },
          });
          expect(created.statusCode).toBe(201);
        }
        return getApp().inject({
          method: 'GET',
          url: '/api/v1/accounts/roasts/',
          headers: { ...bearer(tokens), ...headers },
        });
      };

      it('builds next and previous from PUBLIC_API_URL, never from the Host header', async () => {
        const response = await listRoasts({ host: 'evil.example' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          next: 'https://api.wingmate.test/base/api/v1/accounts/roasts/?page=2',
          previous: null,
        });
      });

      it('answers a paged list whatever the Host header holds', async () => {
        const response = await listRoasts({ host: 'bad host:99999' });
        expect(response.statusCode).toBe(200);
        expect(response.json<{ next: string }>().next).toMatch(/^https:\/\/api\.wingmate\.test\/base\//);
      });
    });
  },
  { publicApiUrl: 'https://api.wingmate.test/base' },
);

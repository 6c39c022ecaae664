import { fakeClient } from '../testing/fake-api';

type Client = ReturnType<typeof fakeClient>['client'];

const tokens = { access: 'a.b.c', refresh: 'd.e.f' };

/**
 * docs/product.md#authentication-calls: each call's path and its payload, field by field with the values given
 * (the visitor's uid from storage where the rules list it), so a dropped or renamed field fails here.
 */
const payloads: readonly [string, (client: Client) => Promise<unknown>, string, Record<string, unknown>][] = [
  [
    'POST /register/',
    (c) => c.auth.registerPhone({ phone_number: '+12133734253', first_name: 'Ann', last_name: 'Lee' }),
    '/register/',
    { phone_number: '+12133734253', uid: 'visitor-1', first_name: 'Ann', last_name: 'Lee' },
  ],
  [
    'POST /generate/',
    (c) => c.auth.generatePin({ phone_number: '+12133734253' }),
    '/generate/',
    { phone_number: '+12133734253' },
  ],
  [
    'POST /verify/',
    (c) => c.auth.verifyPin({ phone_number: '+12133734253', code: '123456' }),
    '/verify/',
    { uid: 'visitor-1', phone_number: '+12133734253', code: '123456' },
  ],
  [
    'POST /auth/login/',
    (c) => c.auth.login({ phone_number: '+12133734253', password: 'secret-password' }),
    '/auth/login/',
    { phone_number: '+12133734253', password: 'secret-password', uid: 'visitor-1' },
  ],
  [
    'POST /register/login/',
    (c) => c.auth.loginEmail({ email: 'ann@example.com', password: 'secret-password' }),
    '/register/login/',
    { email: 'ann@example.com', password: 'secret-password', uid: 'visitor-1' },
  ],
  [
    'POST /auth/reset-password/',
    (c) => c.auth.resetPasswordPhone({ phone_number: '+12133734253' }),
    '/auth/reset-password/',
    { phone_number: '+12133734253' },
  ],
  [
    'POST /email/reset-password/',
    (c) => c.auth.resetPasswordEmail({ email: 'ann@example.com' }),
    '/email/reset-password/',
    { email: 'ann@example.com' },
  ],
];

describe('authentication payloads (docs/product.md#authentication-calls)', () => {
  it.each(payloads)('%s sends exactly its payload', async (_call, send, path, body) => {
    const { client, requests, storage } = fakeClient(() => ({
      status: 200,
      data: { ...tokens, detail: 'ok' },
    }));
    storage.set('uid', 'visitor-1');
    await send(client);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.path).toBe(path);
    expect(requests[0]?.body).toEqual(body);
  });
});

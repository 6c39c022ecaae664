import type { InjectOptions } from 'fastify';
import { bearer, signUpByPhone, uniqueEmail, uniqueIp } from '../testing/sign-in';
import { describeOnOneDatabase } from '../testing/test-app';

// docs/decisions.md#api-server: unknown fields are ignored; wrong types get 400 with field errors.
describeOnOneDatabase('request validation', (getApp) => {
  const signUp = (payload: unknown, headers: Record<string, string> = {}) =>
    getApp().inject({
      method: 'POST',
      url: '/register/email/',
      payload: payload as object,
      headers,
      remoteAddress: uniqueIp(),
    });

  it('ignores fields the call does not know', async () => {
    const response = await signUp({
      email: uniqueEmail('extra'),
      password: 'correct horse battery staple',
      favourite_colour: 'teal',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).not.toHaveProperty('favourite_colour');
  });

  it('answers every wrong field at once, in DRF wording', async () => {
    const response = await signUp({ email: 42, password: { secret: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      email: expect.arrayContaining([expect.any(String)]),
      password: ['Not a valid string.'],
    });
  });

  it('answers a body that is not JSON with a DRF detail', async () => {
    const response = await signUp('{"email": ', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'JSON parse error: the request body is not valid JSON.' });
  });
});

// docs/decisions.md#input-headers-and-logs: text with a NUL character is a 400; ids
// and page numbers are integers 1..2147483647; malformed multipart is a 400; JSON body values are not coerced.
describeOnOneDatabase('input limits', (getApp) => {
  const visitor = () => `visitor-${uniqueIp().replace(/\./g, '-')}`;
  const inject = (options: InjectOptions) => getApp().inject({ remoteAddress: uniqueIp(), ...options });

  it('refuses text with a NUL character under its field, as DRF does', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/v1/accounts/dating_bio/',
      payload: { uid: visitor(), text: 'before\u0000after' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ text: ['Null characters are not allowed.'] });
  });

  it('refuses a path id past 2^31 - 1 with a field error', async () => {
    const response = await inject({
      method: 'POST',
      url: `/api/v1/accounts/dating_bio/${visitor()}/2147483648/update/`,
      payload: { text: 'a bio' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ id: ['Ensure this value is less than or equal to 2147483647.'] });
  });

  it('refuses an id past 2^31 - 1 in a JSON body, 1.5e300 included', async () => {
    const tokens = await signUpByPhone(getApp());
    for (const planId of [2 ** 31, 1.5e300]) {
      const response = await inject({
        method: 'POST',
        url: '/api/v1/memberships/user_plans/payment_intent/create/',
        headers: bearer(tokens),
        payload: { plan_id: planId },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('plan_id');
    }
  });

  it('refuses a page number past 2^31 - 1, 1.5e300 included', async () => {
    for (const page of ['2147483648', '1.5e300']) {
      const response = await inject({ method: 'GET', url: `/api/v1/accounts/questionnaires/?page=${page}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('page');
    }
  });

  it('parses numbers of query strings strictly: 1e3, 01x, -1 and 1.0 are not page numbers', async () => {
    for (const page of ['1e3', '01x', '-1', '1.0', ' 1']) {
      const response = await inject({
        method: 'GET',
        url: `/api/v1/accounts/questionnaires/?page=${encodeURIComponent(page)}`,
      });
      expect({ page, status: response.statusCode }).toEqual({ page, status: 400 });
      expect(response.json()).toHaveProperty('page');
    }
    const first = await inject({ method: 'GET', url: '/api/v1/accounts/questionnaires/?page=1' });
    expect(first.statusCode).toBe(200);
  });

  it('does not coerce JSON body values: "1" where the contract says integer is a 400', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/v1/memberships/user_plans/payment_intent/create/',
      headers: bearer(await signUpByPhone(getApp())),
      payload: { plan_id: '1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ plan_id: ['A valid integer is required.'] });
  });

  it('refuses a number past what a date can hold (1.5e300 as an event time)', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/v1/analytics/google-ads/conversion/create/',
      payload: {
        event_id: '5f0c3c1e-8d5e-4a47-9d0e-2b6f1c3a7e10',
        conversion_id: 'signup',
        gclid: 'gclid-1',
        uid: visitor(),
        event_time: 1.5e300,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('event_time');
  });

  const form = (body: string, contentType: string) =>
    inject({
      method: 'POST',
      url: '/api/v1/mobile/chat/',
      payload: body.replace(/\n/g, '\r\n'),
      headers: { 'content-type': contentType },
    });
  const part = (name: string, value: string) =>
    `--b0undary\nContent-Disposition: form-data; name="${name}"\n\n${value}\n`;

  it('answers a multipart body without a boundary with a 400 detail', async () => {
    const response = await form(`${part('body', 'hi')}--b0undary--\n`, 'multipart/form-data');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The form is not valid multipart/form-data.' });
  });

  it('answers a truncated multipart body with a 400 detail', async () => {
    const response = await form(
      `${part('unqiue_id', visitor())}--b0undary\nContent-Disposition: form-data; name="body"\n\nhal`,
      'multipart/form-data; boundary=b0undary',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The form is not valid multipart/form-data.' });
  });

  it('still reads numbers of form fields, which are text on the wire, and refuses NUL there too', async () => {
    const uid = visitor();
    const bad = await form(
      `${part('unqiue_id', uid)}${part('body', 'hi')}${part('image_width', '1e3')}--b0undary--\n`,
      'multipart/form-data; boundary=b0undary',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ image_width: ['A valid integer is required.'] });
    const nul = await form(
      `${part('unqiue_id', uid)}${part('body', 'a\u0000b')}--b0undary--\n`,
      'multipart/form-data; boundary=b0undary',
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ body: ['Null characters are not allowed.'] });
  });
});

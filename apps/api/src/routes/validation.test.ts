import { uniqueEmail, uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

// decisions.md, "Limits and abuse": unknown fields are ignored; wrong types get 400 with field errors.
describeEachDatabase('request validation', (getApp) => {
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

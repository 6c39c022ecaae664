import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@wingmate/core-sdk';
import { createWebClient } from './client';

afterEach(() => {
  for (const name of [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY]) document.cookie = `${name}=; max-age=0; path=/`;
});

describe('the web client (docs/decisions.md#sessions-in-the-browser)', () => {
  it('keeps the access token in its cookie and no refresh token where a script could read it', () => {
    const client = createWebClient({ apiServer: 'http://127.0.0.1:9' });
    client.session.signIn({ access: 'jwt', refresh: 'refresh-from-an-answer' });
    expect(document.cookie).toContain(`${ACCESS_TOKEN_KEY}=jwt`);
    expect(document.cookie).not.toContain(REFRESH_TOKEN_KEY);
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(client.session.isLoggedIn()).toBe(true);
  });
});

import { expiredAccessToken, uniqueIp } from '@wingmate/api/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable } from './support/browser';
import { cookieValue, emailMember, signInBrowser, type Member } from './support/members';
import { chooseNecessaryCookies, openPage } from './support/pages';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

const PASSWORD = 'correct horse battery staple';
const REFRESH_PATH = '/auth/token/refresh/';

// docs/decisions.md#sessions-in-the-browser: the refresh token in an HttpOnly cookie, access tokens that end
// with their session, and a `?token=` that never signs a signed-in person out by mistake.
describeInBrowser('sessions in Chromium (real API, built web app)', () => {
  const suite = setUpBrowserSuite();

  const member = () => emailMember(suite.product, { emailPrefix: 'sessions', password: PASSWORD });

  async function signedInContext(signedIn: Member): Promise<BrowserContext> {
    const context = await suite.newContext();
    await signInBrowser(context, suite.product.webUrl, signedIn);
    await chooseNecessaryCookies(context);
    return context;
  }

  /** `/account` (with `search`), once the signed-in person's details are shown. */
  async function openAccount(context: BrowserContext, search = ''): Promise<Page> {
    const { page } = await openPage(context, `${suite.product.webUrl}/account${search}`, {
      heading: 'Account',
    });
    await page.getByRole('heading', { level: 2, name: 'Sign-in details' }).waitFor();
    return page;
  }

  /** The API's answer to `GET /auth/user/` with this access token. */
  async function userStatus(access: string): Promise<number> {
    const response = await suite.product.api.app.inject({
      method: 'GET',
      url: '/auth/user/',
      headers: { authorization: access.startsWith('Token ') ? access : `Bearer ${access}` },
    });
    return response.statusCode;
  }

  async function refreshStatus(refresh: string): Promise<number> {
    const response = await suite.product.api.app.inject({
      method: 'POST',
      url: REFRESH_PATH,
      payload: { refresh },
      remoteAddress: uniqueIp(),
    });
    return response.statusCode;
  }

  it('after sign-in no script can read the refresh token, and an expired access token is still renewed', async () => {
    const { email } = await member();
    const context = await suite.newContext();
    await chooseNecessaryCookies(context);
    const { page } = await openPage(context, `${suite.product.webUrl}/login`, {
      heading: 'Sign in to Wingmate',
    });
    await page.getByRole('button', { name: 'Email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');

    const scriptCookies = await page.evaluate(() => document.cookie);
    expect(scriptCookies).toContain('access_token=');
    expect(scriptCookies).not.toMatch(/refresh/i);
    const refreshCookie = (await context.cookies()).find((cookie) => cookie.name === 'wingmate_refresh');
    expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: REFRESH_PATH });

    // The page is left open past the access token's 15 minutes.
    const access = (await cookieValue(context, 'access_token'))!;
    const expired = await expiredAccessToken(suite.product.api.app, access);
    await context.addCookies([{ name: 'access_token', value: expired, url: suite.product.webUrl }]);
    const refreshBodies: (string | null)[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(REFRESH_PATH))
        refreshBodies.push(request.postData());
    });

    const account = await openAccount(context);
    await account.getByText(email).first().waitFor();
    expect(refreshBodies).toHaveLength(1);
    expect(refreshBodies[0] ?? '').not.toContain('refresh');
    const renewed = (await cookieValue(context, 'access_token'))!;
    expect(renewed).not.toBe(expired);
    expect(await userStatus(renewed)).toBe(200);
    expect(await account.evaluate(() => document.cookie)).not.toMatch(/refresh/i);
  });

  it('an invalid ?token= while signed in is ignored: the person stays signed in on the page they opened', async () => {
    const signedIn = await member();
    const context = await signedInContext(signedIn);
    const checked = context.waitForEvent('response', {
      predicate: (response) =>
        response.url().endsWith('/auth/user/') &&
        response.request().headers().authorization === 'Token anything',
    });
    const page = await openAccount(context, '?token=anything');
    expect((await checked).status()).toBe(401);
    // The answer's consequences run in the tasks after it.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/account');
    await page.getByRole('heading', { level: 2, name: 'Sign-in details' }).waitFor();
    expect(await cookieValue(context, 'access_token')).toBe(signedIn.access);
    expect(await userStatus(signedIn.access)).toBe(200);
  });

  it('a valid ?token= while signed in replaces the session, and the replaced one is revoked on the server', async () => {
    const first = await member();
    const second = await member();
    const key = await suite.product.api.app.auth.loginTokens.issue(second.userId);
    const context = await signedInContext(first);
    const page = await openAccount(context, `?token=${key}`);
    // Read where the account shows it, as the person reads it (the header's account menu holds the address too,
    // hidden until opened).
    await page.getByRole('region', { name: 'Sign-in details' }).getByText(second.email).waitFor();
    expect(await cookieValue(context, 'access_token')).toBe(`Token ${key}`);
    expect(await userStatus(first.access)).toBe(401);
    expect(await refreshStatus(first.refresh)).toBe(401);
  });

  it('"Log out" leaves the old access token refused and the refresh cookie cleared', async () => {
    const signedIn = await member();
    const context = await signedInContext(signedIn);
    const page = await openAccount(context);
    const loggedOut = context.waitForEvent('response', {
      predicate: (response) => response.url().endsWith('/auth/logout/'),
    });
    await page.getByRole('region', { name: 'Sessions' }).getByRole('button', { name: 'Log out' }).click();
    expect((await loggedOut).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('You are logged out', { exact: true }).waitFor();
    expect(await userStatus(signedIn.access)).toBe(401);
    expect(await refreshStatus(signedIn.refresh)).toBe(401);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('wingmate_refresh');
  });
});

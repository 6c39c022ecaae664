import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { signUpByEmail, signUpByPhone, uniqueEmail, uniqueIp, uniquePhoneNumber } from '@wingmate/api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, describeViolations } from './support/axe';
import { chromiumAvailable, launchChromium } from './support/browser';
import { waitForCode } from './support/outbox';
import { startProduct, type RunningProduct } from './support/product';
import { saveScreenshot, SCREENSHOT_DIR, VIEWPORTS } from './support/screenshots';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a new and longer passphrase';

type ColorScheme = 'light' | 'dark';

interface Member {
  access: string;
  refresh: string;
  userId: number;
  email: string | null;
  phoneNumber: string | null;
}

interface Notice {
  id: number;
  kind: string;
  title: string;
  read: boolean;
}

describeInBrowser('/account in Chromium (real API on PGlite, built web app)', () => {
  let product: RunningProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  // Starting the API on PGlite and Chromium takes longer than one test's minute on a loaded machine.
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchChromium();
  }, 120_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  /** A member made through the API's HTTP calls: by e-mail with a password, or by phone PIN without one. */
  async function emailMember(): Promise<Member> {
    const email = uniqueEmail('account');
    const tokens = await signUpByEmail(product.api.app, email, PASSWORD);
    return {
      access: tokens.access,
      refresh: tokens.refresh,
      userId: tokens.user.pk,
      email,
      phoneNumber: null,
    };
  }

  async function phoneMember(): Promise<Member> {
    const phoneNumber = uniquePhoneNumber();
    const tokens = await signUpByPhone(product.api.app, phoneNumber, { first_name: 'Robin' });
    return {
      access: tokens.access,
      refresh: tokens.refresh,
      userId: tokens.user.pk,
      email: null,
      phoneNumber,
    };
  }

  /** A member by e-mail without a password, the address verified (so codes for changes go to it). */
  async function passwordlessMember(): Promise<Member> {
    const email = uniqueEmail('nopassword');
    const registered = await product.api.app.inject({
      method: 'POST',
      url: '/register/email/',
      payload: { email },
      remoteAddress: uniqueIp(),
    });
    const tokens = registered.json<{ access: string; refresh: string; user: { pk: number } }>();
    const code = await waitForCode(product.api.app, email);
    const verified = await asMember(tokens.access, 'POST', '/register/email/verify/', { code });
    expect(verified.statusCode).toBe(200);
    return {
      access: tokens.access,
      refresh: tokens.refresh,
      userId: tokens.user.pk,
      email,
      phoneNumber: null,
    };
  }

  /** The API's answer to a call made with this access token. */
  async function asMember(access: string, method: 'GET' | 'POST', url: string, payload?: object) {
    return product.api.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${access}` },
      remoteAddress: uniqueIp(),
    });
  }

  /** A browser signed in as the member: the SDK's token cookies, and the cookie choice already made. */
  async function signedInContext(
    member: Member,
    options: { viewport?: { width: number; height: number }; colorScheme?: ColorScheme } = {},
  ): Promise<BrowserContext> {
    const context = await browser.newContext({
      viewport: options.viewport ?? VIEWPORTS.desktop,
      colorScheme: options.colorScheme ?? 'light',
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    await context.addCookies([
      // As the SDK keeps them: the bare access token (it writes the `Bearer ` of the header itself).
      { name: 'access_token', value: encodeURIComponent(member.access), url: product.webUrl },
      { name: 'refresh_token', value: encodeURIComponent(member.refresh), url: product.webUrl },
    ]);
    await context.addInitScript(() => {
      window.localStorage.setItem(
        'wingmate.cookie-consent',
        JSON.stringify({ choice: 'necessary', decidedAt: '2026-11-23T00:00:00Z' }),
      );
    });
    return context;
  }

  /** `/account` in the context, once the member's details are shown; page errors are collected. */
  async function openAccount(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${product.webUrl}/account`);
    await page.waitForFunction(() => document.documentElement.classList.contains('fonts-ready'));
    try {
      await page.getByRole('heading', { level: 2, name: 'Sign-in details' }).waitFor({ timeout: 15_000 });
    } catch (error) {
      throw new Error(`/account did not show the member at ${page.url()}: ${String(error)}`);
    }
    return { page, errors };
  }

  const section = (page: Page, name: string) => page.getByRole('region', { name });

  async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
    return (await context.cookies()).find((cookie) => cookie.name === name)?.value;
  }

  async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
    expect(`${what}:\n${describeViolations(await axeViolations(page))}`).toBe(`${what}:\n`);
  }

  it('changes the names, the e-mail (with the password, then the code sent to the new address), and the password', async () => {
    const member = await emailMember();
    const context = await signedInContext(member);
    const { page, errors } = await openAccount(context);

    const names = section(page, 'Your name');
    await names.getByRole('textbox', { name: 'First name' }).fill('Ada');
    await names.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
    await names.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name saved', { exact: true }).waitFor();
    await page.getByText('Signed in as Ada Lovelace.').waitFor();

    const newEmail = uniqueEmail('changed');
    const details = section(page, 'Sign-in details');
    await details.getByRole('button', { name: 'Change email' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Change email' });
    await emailDialog.getByRole('textbox', { name: 'Email' }).fill(newEmail);
    // A stolen access token alone cannot move the address: the change needs the current password.
    await emailDialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await emailDialog.getByRole('button', { name: 'Continue' }).click();
    await emailDialog.getByText(`We sent a code to ${newEmail}.`).waitFor();
    const code = await waitForCode(product.api.app, newEmail);
    await emailDialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await emailDialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Email changed', { exact: true }).waitFor();
    await emailDialog.waitFor({ state: 'detached' });
    await details.getByText(newEmail).waitFor();
    // Focus is back on the control that opened the dialog.
    expect(
      await details
        .getByRole('button', { name: 'Change email' })
        .evaluate((e) => e === document.activeElement),
    ).toBe(true);

    await details.getByRole('button', { name: 'Change password' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Change password' });
    await passwordDialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await passwordDialog.getByLabel('New password').fill(NEW_PASSWORD);
    await passwordDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Password changed', { exact: true }).waitFor();

    // The change signed every other session out and answered this device a new pair: the cookie holds it.
    const access = decodeURIComponent((await cookieValue(context, 'access_token')) ?? '').replace(
      /^Bearer /,
      '',
    );
    expect(access).not.toBe(member.access);
    expect((await asMember(member.access, 'GET', '/auth/user/')).statusCode).toBe(401);
    const user = (await asMember(access, 'GET', '/auth/user/')).json();
    expect(user).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email: newEmail });
    const login = (password: string) =>
      product.api.app.inject({
        method: 'POST',
        url: '/register/login/',
        payload: { email: newEmail, password },
        remoteAddress: uniqueIp(),
      });
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(PASSWORD)).statusCode).toBe(400);
    // This device goes on signed in (with the pair the change answered).
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Sign-in details' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a member without a password sets one with an e-mailed code, then adds a phone number with it; a notice is marked read', async () => {
    const member = await passwordlessMember();
    const context = await signedInContext(member);
    const { page } = await openAccount(context);
    const details = section(page, 'Sign-in details');
    await details.getByText('Not set').waitFor();

    await details.getByRole('button', { name: 'Set password' }).click();
    const setDialog = page.getByRole('dialog', { name: 'Set password' });
    const signUpCode = await waitForCode(product.api.app, member.email!);
    await setDialog.getByRole('button', { name: 'Send code' }).click();
    await setDialog.getByText(`We sent a code to ${member.email}.`).waitFor();
    const code = await waitForCode(product.api.app, member.email!, { previous: signUpCode });
    await setDialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await setDialog.getByLabel('New password').fill(NEW_PASSWORD);
    await setDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Password set', { exact: true }).waitFor();
    await details.getByRole('button', { name: 'Change password' }).waitFor();

    const newNumber = uniquePhoneNumber();
    await details.getByRole('button', { name: 'Add phone number' }).click();
    const phoneDialog = page.getByRole('dialog', { name: 'Add phone number' });
    await phoneDialog.getByRole('textbox', { name: 'Phone number' }).pressSequentially(newNumber.slice(2));
    await phoneDialog.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await phoneDialog.getByRole('button', { name: 'Continue' }).click();
    await phoneDialog.getByText(/We texted a code to/).waitFor();
    const pin = await waitForCode(product.api.app, newNumber);
    await phoneDialog.getByRole('textbox', { name: 'Verification code' }).fill(pin);
    await phoneDialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Phone number changed', { exact: true }).waitFor();
    const shown = `(${newNumber.slice(2, 5)}) ${newNumber.slice(5, 8)}-${newNumber.slice(8)}`;
    await details.getByText(shown).waitFor();
    expect((await asMember(member.access, 'GET', '/auth/user/')).json()).toMatchObject({
      phone_number: newNumber,
      has_password: true,
    });

    const listNotices = async () =>
      (await asMember(member.access, 'GET', '/api/v1/accounts/messages/')).json<{ results: Notice[] }>()
        .results;
    const unread = (await listNotices()).find((notice) => !notice.read);
    expect(unread).toBeDefined();
    const markRead = section(page, 'Notices').getByRole('button', {
      name: `Mark as read – ${unread!.title}`,
    });
    await markRead.click();
    await markRead.waitFor({ state: 'detached' });
    expect((await listNotices()).find((notice) => notice.id === unread!.id)?.read).toBe(true);
  });

  it('"Export my data" downloads the JSON document of the account', async () => {
    const member = await emailMember();
    const { page } = await openAccount(await signedInContext(member));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section(page, 'Your data').getByRole('button', { name: 'Export my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^wingmate-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(exported.user).toMatchObject({ pk: member.userId, email: member.email });
    expect(exported.sign_in_methods).toMatchObject({ password: true, email: member.email });
    await page.getByText('Your data is downloaded', { exact: true }).waitFor();
  });

  it('"Log out" goes home signed out; the stored tokens are gone and the refresh token is revoked', async () => {
    const member = await emailMember();
    const context = await signedInContext(member);
    const { page } = await openAccount(context);
    await section(page, 'Sessions').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('You are logged out', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await cookieValue(context, 'access_token')).toBeUndefined();
    const refresh = await product.api.app.inject({
      method: 'POST',
      url: '/auth/token/refresh/',
      payload: { refresh: member.refresh },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('"Sign out everywhere" ends the session of another browser too', async () => {
    const member = await emailMember();
    // A second device: its own sign-in, so its own refresh family.
    const other = await product.api.app.inject({
      method: 'POST',
      url: '/register/login/',
      payload: { email: member.email, password: PASSWORD },
      remoteAddress: uniqueIp(),
    });
    const otherTokens = other.json<{ access: string; refresh: string }>();
    const otherContext = await signedInContext({ ...member, ...otherTokens });
    const { page: otherPage } = await openAccount(otherContext);

    const { page } = await openAccount(await signedInContext(member));
    await section(page, 'Sessions').getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Signed out everywhere', { exact: true }).waitFor();

    expect((await asMember(otherTokens.access, 'GET', '/auth/user/')).statusCode).toBe(401);
    // The other browser's next visit finds its session refused and is asked to sign in again.
    await otherPage.reload();
    await otherPage.waitForURL((url) => url.pathname === '/login');
    expect(new URL(otherPage.url()).searchParams.get('next')).toBe('/account');
  });

  it('"Delete my account" with the password: home, signed out, and the API refuses the old token', async () => {
    const member = await emailMember();
    const context = await signedInContext(member);
    const { page } = await openAccount(context);
    await section(page, 'Delete account').getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('not the password');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('The password is not right.').waitFor();
    expect((await asMember(member.access, 'GET', '/auth/user/')).statusCode).toBe(200);

    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account is deleted', { exact: true }).waitFor();
    expect(await cookieValue(context, 'access_token')).toBeUndefined();
    expect((await asMember(member.access, 'GET', '/auth/user/')).statusCode).toBe(401);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe violations in ${colorScheme} mode, with and without a dialog open`, async () => {
      const member = await phoneMember();
      const { page } = await openAccount(await signedInContext(member, { colorScheme }));
      await section(page, 'Notices').getByRole('listitem').first().waitFor();
      await expectNoAxeViolations(page, `/account, ${colorScheme}`);
      await section(page, 'Delete account').getByRole('button', { name: 'Delete my account' }).click();
      await page
        .getByRole('dialog', { name: 'Delete your account?' })
        .getByRole('button', { name: 'Send code' })
        .waitFor();
      await expectNoAxeViolations(page, `/account with the delete dialog, ${colorScheme}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const trigger = section(page, 'Delete account').getByRole('button', { name: 'Delete my account' });
      expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
      // The e-mail dialog of an account without a password: "Send code" before anything else.
      await section(page, 'Sign-in details').getByRole('button', { name: 'Add email' }).click();
      await page
        .getByRole('dialog', { name: 'Add email' })
        .getByRole('button', { name: 'Send code' })
        .waitFor();
      await expectNoAxeViolations(page, `/account with the e-mail dialog, ${colorScheme}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    });
  }

  it('saves screenshots at 390x844 and 1280x800, light and dark, and one of a dialog', async () => {
    const member = await phoneMember();
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await openAccount(await signedInContext(member, { viewport, colorScheme }));
        await section(page, 'Notices').getByRole('listitem').first().waitFor();
        await section(page, 'Message usage')
          .getByText(/messages left|Unlimited/)
          .waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await saveScreenshot(page, `account-page-${size}-${colorScheme}`);
        if (colorScheme === 'light') {
          await section(page, 'Sign-in details').getByRole('button', { name: 'Change phone number' }).click();
          await page.getByRole('dialog').getByRole('textbox', { name: 'Phone number' }).waitFor();
          // The dialog is fixed to the viewport, so this one is of the viewport, not the full page.
          await page.screenshot({ path: path.join(SCREENSHOT_DIR, `account-phone-dialog-${size}.png`) });
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
          await section(page, 'Sign-in details').getByRole('button', { name: 'Add email' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'Send code' }).waitFor();
          await page.screenshot({ path: path.join(SCREENSHOT_DIR, `account-email-dialog-${size}.png`) });
        }
        await page.close();
      }
    }
  });
});

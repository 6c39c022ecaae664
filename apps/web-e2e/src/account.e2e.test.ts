import { readFile } from 'node:fs/promises';
import { optOutOfSms, uniqueEmail, uniqueIp, uniquePhoneNumber } from '@wingmate/api/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable } from './support/browser';
import { cookieValue, emailMember, phoneMember, signInBrowser, type Member } from './support/members';
import { waitForCode } from './support/outbox';
import { chooseNecessaryCookies, openPage, type ContextOptions, type OpenedPage } from './support/pages';
import {
  saveScreenshot,
  saveScreenshotWithoutOverflow,
  SCREENSHOT_SCHEMES,
  VIEWPORTS,
} from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';
import { expectFocused } from './support/focus';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a new and longer passphrase';

interface Notice {
  id: number;
  kind: string;
  title: string;
  read: boolean;
}

describeInBrowser('/account in Chromium (real API on PGlite, built web app)', () => {
  const suite = setUpBrowserSuite();

  /** A member by e-mail with a password, through the API's HTTP calls. */
  const memberWithPassword = () => emailMember(suite.product, { emailPrefix: 'account', password: PASSWORD });

  /** A member by e-mail without a password, the address verified (so codes for changes go to it). */
  async function passwordlessMember(): Promise<Member & { email: string }> {
    const email = uniqueEmail('nopassword');
    const registered = await suite.product.api.app.inject({
      method: 'POST',
      url: '/register/email/',
      payload: { email },
      remoteAddress: uniqueIp(),
    });
    const tokens = registered.json<{ access: string; refresh: string; user: { pk: number } }>();
    const code = await waitForCode(suite.product.api.app, email);
    const verified = await asMember(tokens.access, 'POST', '/register/email/verify/', { code });
    expect(verified.statusCode).toBe(200);
    return { access: tokens.access, refresh: tokens.refresh, userId: tokens.user.pk, email };
  }

  /** The API's answer to a call made with this access token. */
  async function asMember(access: string, method: 'GET' | 'POST', url: string, payload?: object) {
    return suite.product.api.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${access}` },
      remoteAddress: uniqueIp(),
    });
  }

  /** A browser signed in as the member (the SDK's token cookies), the cookie choice already made. */
  async function signedInContext(member: Member, options: ContextOptions = {}): Promise<BrowserContext> {
    const context = await suite.newContext(options);
    await signInBrowser(context, suite.product.webUrl, member);
    await chooseNecessaryCookies(context);
    return context;
  }

  /** `/account` in the context, once the member's details are shown; page errors are collected. */
  async function openAccount(context: BrowserContext): Promise<OpenedPage> {
    const opened = await openPage(context, `${suite.product.webUrl}/account`, { heading: 'Account' });
    try {
      await opened.page
        .getByRole('heading', { level: 2, name: 'Sign-in details' })
        .waitFor({ timeout: 15_000 });
    } catch (error) {
      throw new Error(`/account did not show the member at ${opened.page.url()}: ${String(error)}`);
    }
    return opened;
  }

  const section = (page: Page, name: string) => page.getByRole('region', { name });

  /** The device's visitor id as the SDK stores it (a cookie, or local storage where cookies are off). */
  async function visitorUid(page: Page): Promise<string | null> {
    const cookie = await cookieValue(page.context(), 'uid');
    return cookie ?? page.evaluate(() => window.localStorage.getItem('uid'));
  }

  it('changes the names, the e-mail (with the password, then the code sent to the new address), and the password', async () => {
    const member = await memberWithPassword();
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
    const code = await waitForCode(suite.product.api.app, newEmail);
    await emailDialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await emailDialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Email changed', { exact: true }).waitFor();
    await emailDialog.waitFor({ state: 'detached' });
    await details.getByText(newEmail).waitFor();
    // Focus is back on the control that opened the dialog.
    await expectFocused(details.getByRole('button', { name: 'Change email' }));

    await details.getByRole('button', { name: 'Change password' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Change password' });
    await passwordDialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await passwordDialog.getByLabel('New password').fill(NEW_PASSWORD);
    await passwordDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Password changed', { exact: true }).waitFor();

    // The change signed every other session out and answered this device a new pair: the cookie holds it.
    const access = (await cookieValue(context, 'access_token')) ?? '';
    expect(access).not.toBe(member.access);
    expect((await asMember(member.access, 'GET', '/auth/user/')).statusCode).toBe(401);
    const user = (await asMember(access, 'GET', '/auth/user/')).json();
    expect(user).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email: newEmail });
    const login = (password: string) =>
      suite.product.api.app.inject({
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
    const signUpCode = await waitForCode(suite.product.api.app, member.email);
    await setDialog.getByRole('button', { name: 'Send code' }).click();
    await setDialog.getByText(`We sent a code to ${member.email}.`).waitFor();
    const code = await waitForCode(suite.product.api.app, member.email, { previous: signUpCode });
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
    const pin = await waitForCode(suite.product.api.app, newNumber);
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
    const member = await memberWithPassword();
    const { page } = await openAccount(await signedInContext(member));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section(page, 'Your data').getByRole('button', { name: 'Export my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^wingmate-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, unknown>;
    expect(exported.user).toMatchObject({ pk: member.userId, email: member.email });
    expect(exported.sign_in_methods).toMatchObject({ password: true, email: member.email });
    await page.getByText('Your data is downloaded', { exact: true }).waitFor();
  });

  it('"Text your wingmate" gives a member with a verified phone the number to text; after STOP, how to turn texts back on', async () => {
    const phone = uniquePhoneNumber();
    const member = await phoneMember(suite.product, { phoneNumber: phone });
    const { system_number: systemNumber } = (
      await asMember(member.access, 'GET', '/api/v1/accounts/sms/')
    ).json<{ system_number: string }>();
    const people = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
    const { page, errors } = await openAccount(await signedInContext(member));
    const sms = section(page, 'Text your wingmate');
    const link = sms.getByRole('link', { name: `+1 ${people(systemNumber)}` });
    expect(await link.getAttribute('href')).toBe(`sms:${systemNumber}`);
    await sms.getByText('Each reply uses one message, like the chat.').waitFor();
    await sms.getByText('Reply STOP to stop texts, HELP for help.').waitFor();

    await optOutOfSms(suite.product.api.app, phone);
    await page.reload();
    await sms.getByText(`Texts to ${people(phone)} are stopped.`).waitFor();
    await sms.getByText(/^To turn them back on, text START to/).waitFor();
    expect(await sms.getByRole('link').getAttribute('href')).toBe(`sms:${systemNumber}`);
    expect(errors).toEqual([]);
  });

  it('"Log out" goes home signed out; the stored tokens, the chat draft and the uid are gone and the refresh token is revoked', async () => {
    const member = await memberWithPassword();
    const context = await signedInContext(member);
    const chat = await context.newPage();
    await chat.goto(`${suite.product.webUrl}/chat`);
    await chat.getByRole('textbox', { name: 'Message' }).fill('Meet me at the pier at eight');
    await chat.waitForFunction(() => window.localStorage.getItem('wingmate.chat.draft') !== null);
    const uidBefore = await visitorUid(chat);
    await chat.close();
    const { page } = await openAccount(context);
    await section(page, 'Sessions').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('You are logged out', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await cookieValue(context, 'access_token')).toBeUndefined();
    // The next person on this browser finds neither the draft nor the old visitor id.
    expect(await page.evaluate(() => window.localStorage.getItem('wingmate.chat.draft'))).toBeNull();
    const uidAfter = await visitorUid(page);
    expect(uidAfter).toBeTruthy();
    expect(uidAfter).not.toBe(uidBefore);
    const refresh = await suite.product.api.app.inject({
      method: 'POST',
      url: '/auth/token/refresh/',
      payload: { refresh: member.refresh },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('"Sign out everywhere" ends the session of another browser too', async () => {
    const member = await memberWithPassword();
    // A second device: its own sign-in, so its own refresh family.
    const other = await suite.product.api.app.inject({
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
    const member = await memberWithPassword();
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
      const member = await phoneMember(suite.product);
      const { page } = await openAccount(await signedInContext(member, { colorScheme }));
      await section(page, 'Notices').getByRole('listitem').first().waitFor();
      await section(page, 'Text your wingmate').getByRole('link').waitFor();
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
      await expectFocused(trigger);
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
    const member = await phoneMember(suite.product);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const colorScheme of SCREENSHOT_SCHEMES) {
        const { page } = await openAccount(await signedInContext(member, { viewport, colorScheme }));
        await section(page, 'Notices').getByRole('listitem').first().waitFor();
        await section(page, 'Text your wingmate').getByRole('link').waitFor();
        await section(page, 'Message usage')
          .getByText(/messages left|Unlimited/)
          .waitFor();
        await saveScreenshotWithoutOverflow(page, `account-page-${size}-${colorScheme}`);
        if (colorScheme === 'light') {
          await section(page, 'Sign-in details').getByRole('button', { name: 'Change phone number' }).click();
          await page.getByRole('dialog').getByRole('textbox', { name: 'Phone number' }).waitFor();
          // The dialog is fixed to the viewport, so this one is of the viewport, not the full page.
          await saveScreenshot(page, `account-phone-dialog-${size}`, { fullPage: false });
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
          await section(page, 'Sign-in details').getByRole('button', { name: 'Add email' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'Send code' }).waitFor();
          await saveScreenshot(page, `account-email-dialog-${size}`, { fullPage: false });
        }
        await page.close();
      }
    }
  });
});

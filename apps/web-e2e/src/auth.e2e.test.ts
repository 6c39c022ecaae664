import { signUpByEmail, uniqueEmail, uniquePhoneNumber } from '@wingmate/api/testing';
import {
  APPLE_ISSUER,
  startFakeApple,
  startFakeGoogle,
  type FakeApple,
  type FakeGoogle,
} from '@wingmate/testing';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable } from './support/browser';
import { serveFakeAppleSignIn } from './support/fake-apple';
import { serveFakeGoogleIdentity } from './support/fake-google';
import { waitForCode } from './support/outbox';
import { cookieValue, sessionAuthorization } from './support/members';
import { openPage, type ContextOptions } from './support/pages';
import { startProduct } from './support/product';
import { saveScreenshot, VIEWPORTS } from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** The Services ID the web app signs in with; the API accepts it as an Apple audience. */
const APPLE_SERVICES_ID = 'com.wingmate.web.e2e';
const TERMS = 'I am 18 or older and accept the terms';
/** A stable page to come back to, so the flows check `?next=` without depending on other screens. */
const NEXT = '/privacy';

describeInBrowser('sign-up and sign-in screens in Chromium (real API on PGlite, built web app)', () => {
  let google: FakeGoogle;
  let apple: FakeApple;
  let subjects = 0;
  const suite = setUpBrowserSuite(async () => {
    google = await startFakeGoogle();
    apple = await startFakeApple();
    return startProduct(
      { VITE_GOOGLE_CLIENT_ID: google.clientId, VITE_APPLE_CLIENT_ID: APPLE_SERVICES_ID },
      {
        google: { clientId: google.clientId, tokenInfoUrl: google.tokenInfoUrl },
        apple: { audiences: [APPLE_SERVICES_ID], jwksUrl: apple.jwksUrl, issuer: APPLE_ISSUER },
      },
    );
  });

  afterAll(async () => {
    await google?.close();
    await apple?.close();
  });

  const newContext = (options?: ContextOptions) => suite.newContext(options);

  /** A page of `context` at `path`, fonts in and the page heading shown; page errors are collected. */
  const open = (context: BrowserContext, path: string) => openPage(context, `${suite.product.webUrl}${path}`);

  /** Presses Tab (only Tab) until `target` has focus; fails if it is never reached. */
  async function tabTo(page: Page, target: Locator): Promise<void> {
    for (let presses = 0; presses < 60; presses += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${target.toString()}`);
  }

  async function waitForPath(page: Page, path: string): Promise<void> {
    await page.waitForURL((url) => url.pathname + url.search === path);
  }

  /** Clicks `link` until the page is at `path`: up to three clicks, 10 s apart. */
  async function clickUntilPath(page: Page, link: Locator, path: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await link.click();
      try {
        await page.waitForURL((url) => url.pathname + url.search === path, { timeout: 10_000 });
        return;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }

  /** The signed-in user as the API sees the page's token. */
  async function signedInUser(context: BrowserContext): Promise<Record<string, unknown>> {
    const response = await suite.product.api.app.inject({
      method: 'GET',
      url: '/auth/user/',
      headers: { authorization: await sessionAuthorization(context) },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it('phone sign-up with the keyboard only (Tab, Space, Enter): PIN from the outbox, back to ?next=', async () => {
    const context = await newContext();
    const { page, errors } = await open(context, `/signup?next=${encodeURIComponent(NEXT)}`);
    const phoneNumber = uniquePhoneNumber();
    const national = phoneNumber.slice(2);

    const phoneField = page.getByRole('textbox', { name: 'Phone number' });
    await tabTo(page, phoneField);
    await page.keyboard.type(national);
    // Formatted as typed (libphonenumber's AsYouType).
    expect(await phoneField.inputValue()).toBe(
      `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`,
    );

    // Continue without the box ticked: the terms are required, said next to the box, which takes focus.
    await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByText('Please confirm that you are 18 or older').waitFor();
    const termsBox = page.getByRole('checkbox', { name: TERMS });
    expect(await termsBox.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await termsBox.getAttribute('aria-checked')).toBe('true');
    await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    const codeField = page.getByRole('textbox', { name: 'Verification code' });
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await page.getByRole('button', { name: 'Resend code' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, page.url());

    // A wrong PIN: the API's `error` is shown next to the code field.
    const pin = await waitForCode(suite.product.api.app, phoneNumber);
    const wrongPin = pin === '000000' ? '111111' : '000000';
    await tabTo(page, codeField);
    await page.keyboard.type(wrongPin);
    await page.keyboard.press('Enter');
    const codeError = page.locator('#verify-code-error');
    await codeError.waitFor();
    expect((await codeError.textContent())?.length).toBeGreaterThan(0);
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');

    await codeField.fill('');
    await tabTo(page, codeField);
    await page.keyboard.type(pin);
    await tabTo(page, page.getByRole('button', { name: 'Verify' }));
    await page.keyboard.press('Enter');
    await waitForPath(page, NEXT);
    expect(await signedInUser(context)).toMatchObject({ phone_number: phoneNumber });
    expect(errors).toEqual([]);
  });

  it('e-mail sign-up with the e-mailed code, log out, and sign in again with the password', async () => {
    const context = await newContext();
    const { page, errors } = await open(context, `/signup?next=${encodeURIComponent(NEXT)}`);
    const email = uniqueEmail('e2e-signup');
    const password = 'violet harbour lantern 42';

    await page.getByRole('button', { name: 'Email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('short');
    await page.getByRole('checkbox', { name: TERMS }).click();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Use at least 8 characters.').waitFor();

    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await page.getByText(email).waitFor();
    await expectNoAxeViolations(page, page.url());

    await page
      .getByRole('textbox', { name: 'Verification code' })
      .fill(await waitForCode(suite.product.api.app, email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, NEXT);
    expect(await signedInUser(context)).toMatchObject({ email });
    const accountUid = await page.evaluate(() => localStorage.getItem('uid'));

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await page.waitForFunction(() => !document.cookie.includes('access_token='));
    // The old uid is the account's now; the device goes on as a new visitor (docs/decisions.md#signing-out).
    const visitorUid = await page.evaluate(() => localStorage.getItem('uid'));
    expect(visitorUid).toMatch(/^[0-9a-f-]{36}$/);
    expect(visitorUid).not.toBe(accountUid);

    // The new visitor's services load again after the logout and the header is drawn anew with them: a click
    // while that happens can land on the header being replaced, and is lost. A quiet network was not enough on a
    // loaded machine (the page stayed on / for 30 s), so the test clicks again, as a person would, while the page
    // has not moved.
    await page.waitForLoadState('networkidle');
    await clickUntilPath(page, page.getByRole('banner').getByRole('link', { name: 'Sign in' }), '/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in to Wingmate' }).waitFor();
    await page.getByRole('button', { name: 'Email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That password is not right' }).waitFor();
    expect(await cookieValue(context, 'access_token')).toBeUndefined();

    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(await signedInUser(context)).toMatchObject({ email });
    expect(errors).toEqual([]);
  });

  it('e-mail password reset: the code from the outbox and a new password sign the person in', async () => {
    const email = uniqueEmail('e2e-reset');
    await signUpByEmail(suite.product.api.app, email, 'the old password 1');
    const context = await newContext();
    const { page } = await open(context, `/login?next=${encodeURIComponent(NEXT)}`);

    await page.getByRole('button', { name: 'Email' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await page.getByRole('button', { name: 'Email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    const signUpCode = await waitForCode(suite.product.api.app, email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Choose a new password');
    await expectNoAxeViolations(page, page.url());
    const resetCode = await waitForCode(suite.product.api.app, email, { previous: signUpCode });
    await page.getByRole('textbox', { name: 'Verification code' }).fill(resetCode);
    await page.getByRole('textbox', { name: 'New password' }).fill('a brand new password 7');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await waitForPath(page, NEXT);
    expect(await signedInUser(context)).toMatchObject({ email });

    const login = await suite.product.api.app.inject({
      method: 'POST',
      url: '/register/login/',
      payload: { email, password: 'a brand new password 7' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('Google: the fake GIS token client and the fake tokeninfo sign a new person up', async () => {
    const context = await newContext();
    const email = uniqueEmail('e2e-google');
    await serveFakeGoogleIdentity(context, google, { sub: `google-${++subjects}`, email });
    const { page, errors } = await open(context, `/signup?next=${encodeURIComponent(NEXT)}`);

    await page.getByRole('checkbox', { name: TERMS }).click();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await waitForPath(page, NEXT);
    expect(await signedInUser(context)).toMatchObject({ email });
    expect(errors).toEqual([]);
  });

  it('Google: closing the popup leaves the person on the screen with nothing said', async () => {
    const context = await newContext();
    await serveFakeGoogleIdentity(context, google, 'closes-popup');
    const { page } = await open(context, '/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: 'Continue with Google' }).and(page.locator(':enabled')).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await cookieValue(context, 'access_token')).toBeUndefined();
  });

  it('Apple: the fake Sign in with Apple JS and the fake JWKS sign a new person in, with the name', async () => {
    const context = await newContext();
    const email = uniqueEmail('e2e-apple');
    await serveFakeAppleSignIn(
      context,
      apple,
      { sub: `apple-${++subjects}`, email, firstName: 'Ada', lastName: 'Lovelace' },
      APPLE_SERVICES_ID,
    );
    const { page, errors } = await open(context, `/login?next=${encodeURIComponent(NEXT)}`);
    await page.getByRole('button', { name: 'Continue with Apple' }).click();
    await waitForPath(page, NEXT);
    expect(await signedInUser(context)).toMatchObject({ email, first_name: 'Ada', last_name: 'Lovelace' });
    expect(errors).toEqual([]);
  });

  const screens = [
    { path: '/signup', name: 'signup', heading: 'Create your account' },
    { path: '/login', name: 'login', heading: 'Sign in to Wingmate' },
    { path: '/verify', name: 'verify-empty', heading: 'Nothing to verify yet' },
    { path: '/reset-password', name: 'reset-password', heading: 'Reset your password' },
  ] as const;

  it.each(screens)(
    '$path: no axe violations in light and dark, screenshots at both widths',
    async (screen) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const [width, viewport] of Object.entries(VIEWPORTS)) {
          const context = await newContext({ viewport, colorScheme });
          const { page } = await open(context, screen.path);
          await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
          await expectNoAxeViolations(page, page.url());
          // Nothing wider than the screen (no sideways scrolling on a phone).
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            viewport.width,
          );
          await saveScreenshot(page, `auth-${screen.name}-${width}-${colorScheme}`);
          await context.close();
        }
      }
    },
  );

  it('/verify: the code step with an error and the resend countdown, screenshots at both widths', async () => {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      const context = await newContext({ viewport });
      const { page } = await open(context, '/login');
      await page.getByRole('textbox', { name: 'Phone number' }).fill(uniquePhoneNumber().slice(2));
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
      await page.getByRole('textbox', { name: 'Verification code' }).fill('12');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Enter the 6-digit code.').waitFor();
      await expectNoAxeViolations(page, page.url());
      await saveScreenshot(page, `auth-verify-code-${width}`);
    }
  });
});

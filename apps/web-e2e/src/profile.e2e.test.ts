import { codeFromOutbox, uniquePhoneNumber } from '@wingmate/api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, describeViolations } from './support/axe';
import { chromiumAvailable, launchChromium } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';
import { saveScreenshot, VIEWPORTS } from './support/screenshots';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

jest.setTimeout(180_000);

interface Tokens {
  access: string;
  refresh: string;
}

describeInBrowser(
  'profile, questionnaires, roasts and feedback in Chromium (issue 21), real API on PGlite',
  () => {
    let product: RunningProduct;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      product = await startProduct();
      browser = await launchChromium();
    });

    afterEach(async () => {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
    });

    afterAll(async () => {
      await browser?.close();
      await product?.close();
    });

    async function post<T>(path: string, body: unknown, access?: string): Promise<T> {
      const response = await fetch(`${product.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(access && { authorization: `Bearer ${access}` }) },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    }

    /** A new member, made through the API's own HTTP calls: register a phone, read the PIN, verify. */
    async function signUp(): Promise<Tokens> {
      const phone = uniquePhoneNumber();
      const pending = await post<{ phone_number: string }>('/register/', {
        phone_number: phone,
        first_name: 'Ada',
        terms_accepted: true,
      });
      const code = await codeFromOutbox(product.api.app, pending.phone_number);
      return post<Tokens>('/verify/', { phone_number: phone, code });
    }

    /**
     * `path` in a fresh browser (a member when tokens are given: the token cookies the web app keeps), cookies
     * chosen, fonts in, the page's h1 there.
     */
    async function open(
      path: string,
      options: { tokens?: Tokens; heading?: string } = {},
    ): Promise<{ page: Page; errors: string[] }> {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
      contexts.push(context);
      if (options.tokens) {
        await context.addCookies([
          {
            name: 'access_token',
            value: encodeURIComponent(`Bearer ${options.tokens.access}`),
            url: product.webUrl,
          },
          { name: 'refresh_token', value: options.tokens.refresh, url: product.webUrl },
        ]);
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${product.webUrl}${path}`);
      await page.waitForFunction(() => document.documentElement.classList.contains('fonts-ready'));
      await page
        .getByRole('heading', { level: 1, ...(options.heading && { name: options.heading }) })
        .waitFor();
      await page.getByRole('button', { name: 'Only necessary' }).click();
      return { page, errors };
    }

    /** Switches light or dark and waits until no colour transition is still running. */
    async function useScheme(page: Page, colorScheme: 'light' | 'dark') {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((animation) => !('transitionProperty' in animation) || animation.playState !== 'running'),
      );
    }

    /** axe in light and dark, then screenshots at both widths in both schemes, checking nothing overflows. */
    async function checkLooks(page: Page, name: string) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await useScheme(page, colorScheme);
        expect(`${name} (${colorScheme}):\n${describeViolations(await axeViolations(page))}`).toBe(
          `${name} (${colorScheme}):\n`,
        );
      }
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.evaluate(() => window.scrollTo(0, 0));
        for (const colorScheme of ['light', 'dark'] as const) {
          await useScheme(page, colorScheme);
          await saveScreenshot(page, `${name}-${size}-${colorScheme}`);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(`${name} ${size} overflows by ${overflow}px`).toBe(`${name} ${size} overflows by 0px`);
        }
      }
      await page.setViewportSize(VIEWPORTS.desktop);
      await useScheme(page, 'light');
    }

    it('lets a visitor answer a seeded questionnaire by uid, and update the answers', async () => {
      const { page, errors } = await open('/questionnaires/1', { heading: 'Dating style' });
      await page.getByRole('radio', { name: 'Friends' }).check();
      const hardest = page.getByRole('textbox', {
        name: 'What is the hardest part of dating for you right now?',
      });
      await hardest.fill('Keeping a conversation going');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Answers saved', { exact: true }).waitFor();
      await page.getByText(/^Answered /).waitFor();

      await page.getByRole('radio', { name: 'After a week or two' }).check();
      await hardest.fill('Small talk');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Answers saved', { exact: true }).last().waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dating style' }).waitFor();
      expect(
        await page
          .getByRole('textbox', { name: 'What is the hardest part of dating for you right now?' })
          .inputValue(),
      ).toBe('Small talk');
      expect(await page.getByRole('radio', { name: 'Friends' }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: 'After a week or two' }).isChecked()).toBe(true);
      await checkLooks(page, 'questionnaire');
      expect(errors).toEqual([]);
    });

    it('lets a member answer, change and delete profile answers, and send feedback', async () => {
      const tokens = await signUp();
      const { page, errors } = await open('/profile', { tokens, heading: 'Your profile' });
      const fun = page.getByRole('form', { name: 'What do you do for fun?' });
      await fun.getByRole('textbox').fill('Climbing');
      await fun.getByRole('button', { name: 'Save' }).click();
      await fun.getByRole('button', { name: 'Delete' }).waitFor();
      await fun.getByRole('textbox').fill('Climbing and bad puns');
      await fun.getByRole('button', { name: 'Save' }).click();
      await fun.getByText(/^Saved /).waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));

      const looking = page.getByRole('form', { name: 'What are you looking for?' });
      await looking.getByRole('radio', { name: 'New friends' }).check();
      await looking.getByRole('button', { name: 'Save' }).click();
      await looking.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Answer deleted', { exact: true }).waitFor();
      await looking.getByText('Not answered yet').waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
      expect(
        await page.getByRole('form', { name: 'What do you do for fun?' }).getByRole('textbox').inputValue(),
      ).toBe('Climbing and bad puns');
      expect(
        await page
          .getByRole('form', { name: 'What are you looking for?' })
          .getByRole('radio', { name: 'New friends' })
          .isChecked(),
      ).toBe(false);
      await checkLooks(page, 'profile');

      const opener = page.getByRole('button', { name: 'Send feedback' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Send feedback' });
      await dialog.getByRole('textbox', { name: 'Your feedback' }).fill('The photo review is great.');
      expect(describeViolations(await axeViolations(page))).toBe('');
      await dialog.getByRole('button', { name: 'Send feedback' }).click();
      await page.getByText('Thanks for your feedback', { exact: true }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);

      const exported = (await (
        await fetch(`${product.apiUrl}/api/v1/accounts/user/export/`, {
          headers: { authorization: `Bearer ${tokens.access}` },
        })
      ).json()) as { feedback: { text: string }[] };
      expect(exported.feedback.map((item) => item.text)).toEqual(['The photo review is great.']);
      expect(errors).toEqual([]);
    });

    it('sends a visitor to sign in for /roasts and /profile, coming back afterwards', async () => {
      for (const path of ['/roasts', '/profile']) {
        const { page } = await open(path, { heading: 'Sign in to Wingmate' });
        expect(new URL(page.url()).searchParams.get('next')).toBe(path);
      }
    });

    it('lets a member create a roast and edit it; its text is markdown, never HTML', async () => {
      const tokens = await signUp();
      const { page, errors } = await open('/roasts', { tokens, heading: 'Your roasts' });
      await page.getByText('No roasts yet. Write your first one above.').waitFor();
      await checkLooks(page, 'roasts-empty');

      const create = page.getByRole('form', { name: 'New roast' });
      await create
        .getByRole('textbox', { name: 'New roast' })
        .fill('Your bio is **all** vibes <img src="x" onerror="window.__roastInjected = true"> and no plan.');
      await create.getByRole('button', { name: 'Save' }).click();
      const roast = page.getByRole('article').first();
      await roast.getByText('all', { exact: true }).waitFor();
      expect(await roast.locator('strong').textContent()).toBe('all');
      expect(await roast.locator('img').count()).toBe(0);
      expect(
        await page.evaluate(() => (window as { __roastInjected?: boolean }).__roastInjected),
      ).toBeUndefined();

      await roast.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('form', { name: 'Edit roast' });
      await edit.getByRole('textbox', { name: 'Edit roast' }).fill('Your playlist is a cry for help.');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Your playlist is a cry for help.').waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Your roasts' }).waitFor();
      await page.getByText('Your playlist is a cry for help.').waitFor();
      expect(await page.getByRole('article').count()).toBe(1);
      await checkLooks(page, 'roasts');
      expect(errors).toEqual([]);
    });
  },
);

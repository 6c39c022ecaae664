import { codeFromOutbox, uniquePhoneNumber } from '@wingmate/api/testing';
import type { Page } from 'playwright-core';
import { chromiumAvailable } from './support/browser';
import { expectNoAxeViolations } from './support/axe';
import { expectNoAxeViolationsInBothSchemes, saveScreensAtBothWidths } from './support/looks';
import { signInBrowser, type MemberTokens } from './support/members';
import { openPage, waitForTextOrReport, type OpenedPage } from './support/pages';
import { setUpBrowserSuite } from './support/suite';
import { expectFocused } from './support/focus';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

jest.setTimeout(180_000);

describeInBrowser(
  'profile, questionnaires, roasts and feedback in Chromium (docs/web.md#routes), real API on PGlite',
  () => {
    const suite = setUpBrowserSuite();

    async function post<T>(path: string, body: unknown, access?: string): Promise<T> {
      const response = await fetch(`${suite.product.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(access && { authorization: `Bearer ${access}` }) },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    }

    /** A new member, made through the API's own HTTP calls: register a phone, read the PIN, verify. */
    async function signUp(): Promise<MemberTokens> {
      const phone = uniquePhoneNumber();
      const pending = await post<{ phone_number: string }>('/register/', {
        phone_number: phone,
        first_name: 'Ada',
        terms_accepted: true,
      });
      const code = await codeFromOutbox(suite.product.api.app, pending.phone_number);
      return post<MemberTokens>('/verify/', { phone_number: phone, code });
    }

    /**
     * `path` in a fresh browser (a member when tokens are given), cookies chosen on the banner, fonts in, the
     * page's h1 there.
     */
    async function open(
      path: string,
      options: { tokens?: MemberTokens; heading?: string } = {},
    ): Promise<OpenedPage> {
      const context = await suite.newContext();
      if (options.tokens) await signInBrowser(context, suite.product.webUrl, options.tokens);
      const opened = await openPage(context, `${suite.product.webUrl}${path}`, { heading: options.heading });
      await opened.page.getByRole('button', { name: 'Only necessary' }).click();
      return opened;
    }

    /** axe in light and dark, then screenshots at both widths in both schemes, checking nothing overflows. */
    async function checkLooks(page: Page, name: string) {
      await expectNoAxeViolationsInBothSchemes(page, name);
      await saveScreensAtBothWidths(page, name);
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
      await expectNoAxeViolations(page, 'feedback dialog');
      await dialog.getByRole('button', { name: 'Send feedback' }).click();
      await page.getByText('Thanks for your feedback', { exact: true }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expectFocused(opener);

      const exported = (await (
        await fetch(`${suite.product.apiUrl}/api/v1/accounts/user/export/`, {
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
      await waitForTextOrReport(page, 'Your playlist is a cry for help.', errors);
      expect(await page.getByRole('article').count()).toBe(1);
      await checkLooks(page, 'roasts');
      expect(errors).toEqual([]);
    });

    it('lets a member with messages ask for a brutal roast of the bio, listed with its intensity', async () => {
      const tokens = await signUp();
      await post(
        '/api/v1/accounts/dating_bio/',
        { uid: crypto.randomUUID(), text: 'I love travel, pizza and Netflix.' },
        tokens.access,
      );
      const { page, errors } = await open('/roasts', { tokens, heading: 'Your roasts' });
      const intensity = page.getByRole('radiogroup', { name: 'Intensity' });
      await intensity.getByRole('radio', { name: 'Brutal' }).check();
      await page.getByRole('button', { name: 'Roast me' }).click();
      const roast = page.getByRole('article').first();
      await roast.getByText('Brutal roast').waitFor();
      expect(await roast.textContent()).toContain('"travel"');
      await checkLooks(page, 'roasts-generated');
      expect(errors).toEqual([]);
    });
  },
);

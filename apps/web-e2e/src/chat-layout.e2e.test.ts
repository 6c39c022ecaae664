import { seedConversation } from '@wingmate/api/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable } from './support/browser';
import { emailMember, signInBrowser } from './support/members';
import { chooseNecessaryCookies, openPage } from './support/pages';
import { sendAndReadReply } from './support/replies';
import { saveScreenshot, VIEWPORTS } from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/**
 * Where the chat's parts are on screen: the window must not have scrolled, the conversation starts below the
 * banner and header, and the composer's Send button is whole inside the window.
 */
async function layoutOf(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header')!.getBoundingClientRect();
    const conversation = document.querySelector('[aria-label="Conversation"]')!.getBoundingClientRect();
    const send = Array.from(document.querySelectorAll('button')).find(
      (button) => button.textContent?.trim() === 'Send',
    );
    const sendBox = send!.getBoundingClientRect();
    return {
      windowScrolled: window.scrollY,
      conversationBelowHeader: conversation.top >= Math.round(header.bottom) - 1,
      sendInWindow: sendBox.top >= header.bottom && sendBox.bottom <= window.innerHeight,
    };
  });
}

const fits = { windowScrolled: 0, conversationBelowHeader: true, sendInWindow: true };

describeInBrowser(
  'the chat fills the window at 390x844 and 1280x800, the composer in view under the banner',
  () => {
    const suite = setUpBrowserSuite();
    /** A device at `viewport` with the banner not dismissed, the cookie choice made; free messages before sign-up. */
    async function device(viewport: { width: number; height: number }): Promise<BrowserContext> {
      const context = await suite.newContext({ viewport });
      await context.addCookies([
        {
          name: 'abtests',
          value: encodeURIComponent('{"abtest_verification":"after_free"}'),
          url: suite.product.webUrl,
        },
      ]);
      await chooseNecessaryCookies(context);
      return context;
    }

    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      it(`keeps the composer in view with 0 and 2 messages at the ${size} size, under the banner`, async () => {
        const { page } = await openPage(await device(viewport), `${suite.product.webUrl}/chat`, {
          heading: 'Chat',
        });
        await page.getByRole('region', { name: 'Announcement' }).waitFor();
        await page.getByRole('list', { name: 'Quick starts' }).waitFor();
        expect(await layoutOf(page)).toEqual(fits);
        await saveScreenshot(page, `chat-layout-empty-${size}`, { fullPage: false });

        await sendAndReadReply(page, 'Help me write an opener, she loves climbing');
        expect(await layoutOf(page)).toEqual(fits);
        await saveScreenshot(page, `chat-layout-two-${size}`, { fullPage: false });
        await expectNoAxeViolations(page, `/chat with two messages (${size})`);
      });

      it(`opens a conversation of 200 messages at its newest at the ${size} size, the composer in view`, async () => {
        const member = await emailMember(suite.product, { emailPrefix: 'e2e-long-chat' });
        const newest = await seedConversation(suite.product.api.app, member.userId, 200);
        const context = await device(viewport);
        await signInBrowser(context, suite.product.webUrl, member);
        const { page } = await openPage(context, `${suite.product.webUrl}/chat`, { heading: 'Chat' });
        const conversation = page.getByRole('region', { name: 'Conversation' });
        await conversation.getByText(newest, { exact: true }).waitFor();
        // Settled at the bottom: the newest message whole in view, however the rows above were sized.
        await page.waitForFunction(
          () => {
            const list = document.querySelector('[aria-label="Conversation"]')!;
            return list.scrollHeight - list.scrollTop - list.clientHeight < 2;
          },
          undefined,
          { polling: 100 },
        );
        const last = await page.evaluate(() => {
          const list = document.querySelector('[aria-label="Conversation"]')!;
          const rows = list.querySelectorAll(':scope ol[aria-live] > li');
          const row = rows[rows.length - 1]!.getBoundingClientRect();
          const view = list.getBoundingClientRect();
          return {
            text: rows[rows.length - 1]!.textContent,
            whole: row.top >= view.top && row.bottom <= view.bottom,
          };
        });
        expect(last.text).toContain(newest);
        expect(last.whole).toBe(true);
        expect(await layoutOf(page)).toEqual(fits);
        await saveScreenshot(page, `chat-layout-long-${size}`, { fullPage: false });
      });
    }
  },
);

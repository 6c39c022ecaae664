import type { Locator, Page } from 'playwright-core';
import { chromiumAvailable } from './support/browser';
import { expectFocused } from './support/focus';
import { expectNoAxeViolationsInBothSchemes, saveScreensAtBothWidths } from './support/looks';
import { emailMember, signInBrowser } from './support/members';
import { openPage } from './support/pages';
import { startProductWithFreeMessages } from './support/product';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

jest.setTimeout(240_000);

/** A person who texts all lowercase, says lol and tbh, and ends nothing with punctuation. */
const MY_MESSAGES = [
  'haha yes lol',
  'omg same tbh',
  'lol that is so true',
  'wait what happened',
  'ok ok im in',
  'lol no way',
  'tbh i love that place',
  'sounds good to me',
  'haha stop it lol',
  'im so down for that',
  'what time works for u',
  'lol i was just thinking that',
  'cant wait tbh',
  'yes yes yes',
  'that is wild lol',
  'ok see u there',
  'lol nope never been',
  'tbh that sounds perfect',
  'hahaha ok fair',
  'lol u are funny',
].join('\n');

/** Presses Tab (only Tab) until `target` has focus; fails if it is never reached. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Reaches `target` with Tab alone and presses Enter on it. */
async function pressWithKeyboard(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** Goes to /style and waits until it has loaded. */
async function openStylePage(page: Page, webUrl: string): Promise<void> {
  await page.goto(`${webUrl}/style`);
  await page
    .locator('#main:not([aria-busy])')
    .getByRole('heading', { level: 1, name: 'Sounds like me' })
    .waitFor();
}

/** axe in light and dark, then the page at both widths (the header included), nothing wider than the window. */
async function checkLooks(page: Page, name: string) {
  await expectNoAxeViolationsInBothSchemes(page, name);
  await saveScreensAtBothWidths(page, name);
}

describeInBrowser(
  'Sounds like me and what works for you in Chromium (docs/web.md#routes), real API on PGlite',
  () => {
    const suite = setUpBrowserSuite(() => startProductWithFreeMessages(10));

    it("learns a pasted style, scores the replies of a match, the chat's openers and the bio's versions by it, and counts what is marked", async () => {
      const member = await emailMember(suite.product, { emailPrefix: 'e2e-style' });
      const context = await suite.newContext();
      await signInBrowser(context, suite.product.webUrl, member);
      const { page, errors } = await openPage(context, `${suite.product.webUrl}/style`, {
        heading: 'Sounds like me',
      });
      await page.getByRole('button', { name: 'Only necessary' }).click();
      await page.getByText('No style yet').waitFor();
      await page
        .getByText('Mark the suggestions you send, and what came of them, to see what works for you.')
        .waitFor();
      await checkLooks(page, 'style-empty');

      // The account menu leads here.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Sounds like me' }).waitFor();
      await page.keyboard.press('Escape');

      await page.getByRole('textbox', { name: 'Your messages' }).fill(MY_MESSAGES);
      await pressWithKeyboard(page, page.getByRole('button', { name: 'Learn my style' }));
      const words = page.getByRole('list', { name: 'Your style in plain words' });
      await words.waitFor();
      const said = await words.getByRole('listitem').allTextContents();
      expect(said.some((line) => /lowercase/i.test(line))).toBe(true);
      expect(said.some((line) => /\blol\b/.test(line))).toBe(true);
      await page.getByText('Learnt from 20 messages').waitFor();
      await checkLooks(page, 'style');

      await page.getByRole('button', { name: 'Edit my style' }).click();
      await page.getByRole('form', { name: 'Edit my style' }).waitFor();
      await checkLooks(page, 'style-edit');
      await page.getByRole('form', { name: 'Edit my style' }).getByRole('button', { name: 'Cancel' }).click();

      // A match with a line of theirs, made through the matches screens.
      await page.getByRole('banner').getByRole('link', { name: 'Matches' }).click();
      await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
      await page.getByRole('button', { name: 'Add a match' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a match' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Sam');
      await dialog.getByRole('button', { name: 'Add match' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sam' }).waitFor();
      await page.getByRole('textbox', { name: 'Line', exact: true }).fill('Want to get tacos on Friday?');
      await page.getByRole('button', { name: 'Add line' }).click();
      await page.getByRole('list', { name: 'Conversation with Sam' }).getByRole('listitem').first().waitFor();

      await pressWithKeyboard(page, page.getByRole('button', { name: 'What do I answer?' }));
      const list = page.getByRole('list', { name: 'Suggested replies' });
      const replies = list.getByRole('listitem');
      await replies.first().waitFor();
      expect(await replies.count()).toBe(3);
      for (const reply of await replies.all()) {
        expect(await reply.getByText(/^Sounds like you: \d{1,3}$/).count()).toBe(1);
      }
      // The person has a style: the way to make one is not offered.
      expect(await page.getByRole('link', { name: 'Make replies sound like you' }).count()).toBe(0);

      const first = replies.first();
      const sent = first.getByRole('button', { name: /^Mark the \w+ reply sent$/ });
      const tone = (await sent.getAttribute('aria-label'))!.replace(/^Mark the (\w+) reply sent$/, '$1');
      await pressWithKeyboard(page, sent);
      await first.getByText('Marked: Sent').waitFor();
      const replied = first.getByRole('button', { name: `They replied to the ${tone} reply` });
      await pressWithKeyboard(page, replied);
      await first.getByText('Marked: They replied').waitFor();
      const card = page.getByRole('region', { name: 'What works for you' });
      const toneName = tone.charAt(0).toUpperCase() + tone.slice(1);
      await card.getByText(`${toneName}: 1 of 1 got a reply`).waitFor();
      await checkLooks(page, 'match-replies-marked');

      // The style page's card counts it too.
      await openStylePage(page, suite.product.webUrl);
      await page
        .getByRole('region', { name: 'What works for you' })
        .getByText(`${toneName}: 1 of 1 got a reply`)
        .waitFor();

      // The chat's reply helper offers openers in this style, scored, to copy and mark
      // (docs/product.md#what-works-for-you).
      await page.goto(`${suite.product.webUrl}/chat`);
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      await page.getByRole('combobox', { name: 'Help with' }).selectOption('opener');
      await page.getByRole('textbox', { name: 'Message' }).fill('she loves hiking');
      await page.keyboard.press('Enter');
      const offered = page.getByRole('list', { name: 'Suggested messages' }).last().getByRole('listitem');
      await offered.first().waitFor();
      expect(await offered.count()).toBe(3);
      for (const opener of await offered.all()) {
        expect(await opener.getByText(/^Sounds like you: \d{1,3}$/).count()).toBe(1);
      }
      const markOpener = offered.first().getByRole('button', { name: /^Mark the \w+ opener sent$/ });
      await pressWithKeyboard(page, markOpener);
      await offered.first().getByText('Marked: Sent').waitFor();
      await checkLooks(page, 'chat-suggestions');

      // The bio page writes its versions in this style, each a scored bio line to mark; the marks stay on a reload.
      await page.goto(`${suite.product.webUrl}/bio`);
      await page
        .getByRole('textbox', { name: 'Your bio' })
        .fill('Nurse who climbs on weekends and bakes bread.');
      await page.getByRole('button', { name: 'Generate' }).click();
      const versions = page.getByRole('list', { name: 'Versions' }).getByRole('article');
      await page.getByText('3 new versions written.').waitFor();
      expect(await versions.count()).toBe(3);
      for (const version of await versions.all()) {
        expect(await version.getByText(/^Sounds like you: \d{1,3}$/).count()).toBe(1);
      }
      const warm = page.getByRole('article', { name: 'Warm' });
      const warmText = (await warm.locator('p').first().textContent()) ?? '';
      expect(warmText).toBe(warmText.toLowerCase());
      await pressWithKeyboard(page, warm.getByRole('button', { name: 'Mark the sincere bio line sent' }));
      await warm.getByText('Marked: Sent').waitFor();
      await expectFocused(warm.getByRole('button', { name: 'They replied to the sincere bio line' }));
      await page.keyboard.press('Enter');
      await warm.getByText('Marked: They replied').waitFor();
      expect(await page.getByRole('link', { name: 'Make your bios sound like you' }).count()).toBe(0);
      await checkLooks(page, 'bio-lines');
      await page.reload();
      await page.getByRole('article', { name: 'Warm' }).getByText('Marked: They replied').waitFor();

      await openStylePage(page, suite.product.webUrl);

      // Forget, from the keyboard: the dialog confirms, focus lands in the messages box.
      await pressWithKeyboard(page, page.getByRole('button', { name: 'Forget my style' }));
      const confirm = page.getByRole('dialog', { name: 'Forget your style?' });
      await confirm.waitFor();
      await checkLooks(page, 'style-forget');
      await confirm.getByRole('button', { name: 'Forget', exact: true }).click();
      await page.getByText('No style yet').waitFor();
      await expectFocused(page.getByRole('textbox', { name: 'Your messages' }));
      expect(errors).toEqual([]);
    });
  },
);

import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable } from './support/browser';
import { seededBannerId } from './support/frame-setup';
import { chooseNecessaryCookies, dismissBanner, openPage, type ContextOptions } from './support/pages';
import { startProduct } from './support/product';
import { setUpBrowserSuite } from './support/suite';
import { saveScreenshot, VIEWPORTS } from './support/screenshots';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** Few free messages, so the paywall comes quickly; the per-address cap high enough for every test here. */
const FREE_MESSAGES = 3;

/** A photo with some detail (a gradient with noise), big enough for the upload progress to show when throttled. */
async function testPhoto(): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++)
    pixels[index] = (index * 7 + ((index * 2654435761) >>> 24)) & 255;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describeInBrowser('/chat in Chromium against the real API and the offline AI (issue 20)', () => {
  const suite = setUpBrowserSuite(() =>
    startProduct(
      {},
      { metering: { freeMessages: FREE_MESSAGES, freeMessagesPerIp: 500, subscriptionDailyCap: 500 } },
    ),
  );
  let bannerId: number;

  beforeAll(async () => {
    bannerId = await seededBannerId(suite.product);
  });

  /** A fresh visitor on /chat whose `abtest_verification` is `after_free` (free messages before sign-up). */
  async function openChat(
    options: ContextOptions = {},
  ): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
    const context = await suite.newContext(options);
    await context.addCookies([
      {
        name: 'abtests',
        value: encodeURIComponent(JSON.stringify({ abtest_verification: 'after_free' })),
        url: suite.product.webUrl,
      },
    ]);
    // The rebrand banner and the cookie choice are settled on this device (frame tests cover both).
    await dismissBanner(context, bannerId);
    await chooseNecessaryCookies(context);
    const { page, errors } = await openPage(context, `${suite.product.webUrl}/chat`, { heading: 'Chat' });
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    return { page, context, errors };
  }

  const messagesLeft = (page: Page) =>
    page
      .getByText(/^(\d+) messages? left$/)
      .first()
      .textContent()
      .then((text) => Number(text?.split(' ')[0]));

  /** Sends with the keyboard only: focus the box, type, Enter. */
  async function sendByKeyboard(page: Page, text: string): Promise<void> {
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }

  const replies = (page: Page) => page.getByRole('region', { name: 'Conversation' }).getByRole('listitem');

  it('streams a reply to a message sent by keyboard, and Stop keeps the reply (after a reload too)', async () => {
    const { page, context, errors } = await openChat();
    await page.getByRole('list', { name: 'Quick starts' }).waitFor();
    await page.waitForFunction(() => /\d+ messages? left/.test(document.body.textContent ?? ''));
    const before = await messagesLeft(page);

    // Slow the download so the tokens arrive one by one and Stop can be pressed mid-reply.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 120,
      uploadThroughput: -1,
    });
    await sendByKeyboard(page, 'Help me write an opener, she loves climbing');
    const stop = page.getByRole('button', { name: 'Stop' });
    await stop.waitFor();
    const reply = replies(page).nth(1);
    // The first words of the reply are on screen (not only "Thinking…").
    await page.waitForFunction(() => {
      const items = document.querySelectorAll('[aria-label="Conversation"] li');
      const text = (items[1]?.textContent ?? '').replace('Wingmate said:', '').replace('Thinking…', '');
      return text.trim().length > 0;
    });
    await stop.click();
    await page.getByText('Stopped. The reply is kept as far as it came.').waitFor();
    const partial = (await reply.textContent()) ?? '';
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(partial.length).toBeGreaterThan('Wingmate said:'.length);

    await page.reload();
    await page.getByText('Help me write an opener, she loves climbing').waitFor();
    expect(await replies(page).count()).toBe(2);
    // The server keeps (and charges) the reply once its first token left: one message, not zero, not two.
    await page.waitForFunction(() => /\d+ messages? left/.test(document.body.textContent ?? ''));
    expect(await messagesLeft(page)).toBe(before - 1);
    expect(errors).toEqual([]);
  });

  it('attaches a photo with upload progress, and shows its reply whole', async () => {
    const { page, context } = await openChat();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 100 * 1024,
    });
    await page.locator('input[type="file"]').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await testPhoto(),
    });
    await page.getByText('me.jpg').waitFor();
    await page.getByText('1200×900').waitFor();
    await sendByKeyboard(page, 'Is this a good first photo?');
    await page.getByRole('button', { name: 'Cancel upload' }).waitFor();
    await page.waitForFunction(() => {
      const progress = document.querySelector<HTMLProgressElement>('progress[aria-label="Upload progress"]');
      return progress !== null && progress.value > 0 && progress.value < 1;
    });
    await saveScreenshot(page, 'chat-photo-uploading-desktop');
    const answer = page.getByText(/I had a look at your photo/);
    await answer.waitFor({ timeout: 60_000 });
    expect(await page.getByRole('img', { name: 'Your photo' }).getAttribute('src')).toMatch(
      /\/uploads\/chat\//,
    );
  });

  it('opens the paywall after the free messages, keeping the unsent text', async () => {
    const { page } = await openChat();
    for (let n = 1; n <= FREE_MESSAGES; n++) {
      await sendByKeyboard(page, `Message number ${n}`);
      await page.getByRole('button', { name: 'Send' }).waitFor();
      await replies(page)
        .nth(n * 2 - 1)
        .getByRole('button', { name: 'Copy' })
        .waitFor();
    }
    await page.waitForFunction(() => /0 messages left/.test(document.body.textContent ?? ''));
    await sendByKeyboard(page, 'One more, please');
    const dialog = page.getByRole('dialog', { name: "You've used your free messages" });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/signup?next=%2Fchat',
    );
    await saveScreenshot(page, 'chat-paywall-desktop');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('One more, please');
  });

  it('retries a message sent while offline with the same key, charging it once', async () => {
    const { page, context } = await openChat();
    await page.waitForFunction(() => /\d+ messages? left/.test(document.body.textContent ?? ''));
    const before = await messagesLeft(page);
    await context.setOffline(true);
    await sendByKeyboard(page, 'Are you still there?');
    const alert = page.getByRole('alert').filter({ hasText: 'Your message is kept' });
    await alert.waitFor({ timeout: 30_000 });
    await context.setOffline(false);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await replies(page).nth(1).getByRole('button', { name: 'Copy' }).waitFor();
    await saveScreenshot(page, 'chat-retried-desktop');
    await page.reload();
    const sentText = page.getByText('Are you still there?', { exact: true });
    await sentText.waitFor();
    expect(await sentText.count()).toBe(1);
    await page.waitForFunction(() => /\d+ messages? left/.test(document.body.textContent ?? ''));
    expect(await messagesLeft(page)).toBe(before - 1);
  });

  it('deletes the history after a confirmation', async () => {
    const { page } = await openChat();
    await sendByKeyboard(page, 'Something to forget');
    await replies(page).nth(1).getByRole('button', { name: 'Copy' }).waitFor();
    await page.getByRole('button', { name: 'Chat menu' }).click();
    await page.getByRole('menuitem', { name: 'Delete chat history' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete chat history?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('list', { name: 'Quick starts' }).waitFor();
    await page.reload();
    await page.getByRole('list', { name: 'Quick starts' }).waitFor();
    expect(await page.getByText('Something to forget').count()).toBe(0);
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violations (%s), empty and with a reply',
    async (scheme) => {
      for (const [label, viewport] of Object.entries(VIEWPORTS)) {
        const { page } = await openChat({ colorScheme: scheme, viewport });
        await page.getByRole('list', { name: 'Quick starts' }).waitFor();
        await expectNoAxeViolations(page, `/chat empty ${label} (${scheme})`);
        await saveScreenshot(page, `chat-empty-${label}-${scheme}`);
        await page.getByRole('combobox', { name: 'Help with' }).selectOption('opener');
        await page.getByRole('combobox', { name: 'Tone' }).selectOption('witty');
        await sendByKeyboard(page, 'My match loves jazz and bad puns');
        await replies(page).nth(1).getByRole('button', { name: 'Copy' }).waitFor();
        await page.getByText('Three witty openers to try:').waitFor();
        await expectNoAxeViolations(page, `/chat with a reply ${label} (${scheme})`);
        await saveScreenshot(page, `chat-reply-${label}-${scheme}`);
      }
    },
  );
});

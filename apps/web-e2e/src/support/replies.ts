import type { Page } from 'playwright-core';

/** Wingmate's replies in the chat's conversation that are finished (no longer busy) and have words. */
export const finishedReplies = (page: Page) =>
  page
    .getByRole('region', { name: 'Conversation' })
    .locator('li:not([aria-busy])')
    .filter({ hasText: /^Wingmate said:\s*\S/ });

/** Waits until the person can read a finished reply beyond the first `before`. */
export async function readReply(page: Page, before: number): Promise<void> {
  await finishedReplies(page).nth(before).waitFor();
}

/** Sends `text` from the chat's box and waits until the person can read Wingmate's reply to it. */
export async function sendAndReadReply(page: Page, text: string): Promise<void> {
  const before = await finishedReplies(page).count();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await readReply(page, before);
}

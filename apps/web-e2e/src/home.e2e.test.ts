import type { Browser } from 'playwright-core';
import { chromiumAvailable, launchChromium } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

describeInBrowser('first page in Chromium, against the real API', () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('shows that the API and its database answer', async () => {
    const page = await browser.newPage();
    await page.goto(product.webUrl);
    const status = page.locator('[data-health="ok"]');
    await status.waitFor({ timeout: 15000 });
    expect(await status.textContent()).toBe('Service is up');
    await page.close();
  });
});

import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from './browser';
import { newBrowserContext, type ContextOptions } from './pages';
import { startProduct, type RunningProduct } from './product';

export interface BrowserSuite {
  /** The running API and web build (set once the suite's beforeAll ran). */
  readonly product: RunningProduct;
  /** Chromium, shared by the suite's tests. */
  readonly browser: Browser;
  /** A fresh browser context (see newBrowserContext), closed after the test. */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
}

/**
 * Registers, in the calling describe block, the hooks of a browser suite: the product (`start`, the plain product
 * unless given) and Chromium before all tests, each test's contexts closed after it, both stopped at the end.
 */
export function setUpBrowserSuite(start: () => Promise<RunningProduct> = () => startProduct()): BrowserSuite {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    product = await start();
    browser = await launchChromium();
    // Starting the API on PGlite and Chromium takes minutes on a machine shared by many test runs.
  }, 180_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  return {
    get product() {
      if (!product) throw new Error('The product is not started yet (use it inside a test or hook)');
      return product;
    },
    get browser() {
      if (!browser) throw new Error('Chromium is not launched yet (use it inside a test or hook)');
      return browser;
    },
    async newContext(options) {
      const context = await newBrowserContext(this.browser, options);
      contexts.push(context);
      return context;
    },
  };
}

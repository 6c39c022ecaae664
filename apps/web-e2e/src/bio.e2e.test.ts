import sharp from 'sharp';
import type { Page, Route } from 'playwright-core';
import { chromiumAvailable } from './support/browser';
import { expectNoAxeViolationsInBothSchemes, saveScreensAtBothWidths } from './support/looks';
import { layoutShiftSince, observeLayoutShifts } from './support/layout-shifts';
import { openPage, type ContextOptions, type OpenedPage } from './support/pages';
import { saveScreenshotWithoutOverflow, VIEWPORTS } from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

// The offline AI writes and reviews for real (pixel analysis), on a machine shared with other builds.
jest.setTimeout(180_000);

/** A JPEG of noise (a real, decodable photo) with GPS coordinates in its EXIF when asked. */
async function jpeg(options: {
  sigma: number;
  width?: number;
  height?: number;
  gps?: boolean;
}): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 800,
      height: options.height ?? 1000,
      channels: 3,
      background: { r: 90, g: 120, b: 160 },
      noise: { type: 'gaussian', mean: 128, sigma: options.sigma },
    },
  }).jpeg({ quality: 90 });
  if (!options.gps) return image.toBuffer();
  return image
    .withExif({
      IFD0: { Copyright: 'e2e' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .toBuffer();
}

/** A photo record as the API lists it, with its stored widths (docs/decisions.md#screens). */
interface ListedPhoto {
  image: string;
  width: number;
  variants: { url: string; width: number; height: number }[];
}

/** Whether EXIF data holds a GPS block (the GPSInfo pointer, tag 0x8825, in either byte order). */
function hasGpsPointer(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

describeInBrowser('bio and photos in Chromium, real API on PGlite with the offline AI', () => {
  const suite = setUpBrowserSuite();

  /** A fresh visitor at `path`, cookies chosen on the banner, fonts in, the h1 there. */
  async function open(path: string, options: ContextOptions = {}): Promise<OpenedPage> {
    const context = await suite.newContext(options);
    const opened = await openPage(context, `${suite.product.webUrl}${path}`);
    await opened.page.getByRole('button', { name: 'Only necessary' }).click();
    return opened;
  }

  /** The focused control's accessible name, as far as a test needs it: aria-label, its label, or its text. */
  async function focusedName(page: Page): Promise<string> {
    return page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const labels = (element as HTMLInputElement | null)?.labels;
      return (
        element?.getAttribute('aria-label') ??
        (labels?.length ? labels[0]!.textContent : element?.textContent) ??
        ''
      ).trim();
    });
  }

  /** Presses Tab until the control with this accessible name has focus (keyboard only, as a person would). */
  async function tabTo(page: Page, name: string, maxPresses = 80): Promise<void> {
    for (let i = 0; i < maxPresses; i++) {
      await page.keyboard.press('Tab');
      if ((await focusedName(page)) === name) return;
    }
    throw new Error(`Tab never reached "${name}"`);
  }

  it('writes a bio, generates versions, rewrites one "make it funnier", saves it and finds it after a reload', async () => {
    const { page, errors } = await open('/bio');
    const textbox = page.getByRole('textbox', { name: 'Your bio' });
    await textbox.fill('Night-shift nurse who loves hiking, bad puns and cooking for friends.');
    await page.getByRole('button', { name: 'Generate' }).click();
    const versions = page.getByRole('list', { name: 'Versions' });
    await versions.getByRole('article').nth(2).waitFor();
    expect(await versions.getByRole('article').count()).toBe(3);
    for (const tone of ['Warm', 'Witty', 'Bold']) {
      await page.getByRole('article', { name: tone }).waitFor();
    }

    await page.getByRole('textbox', { name: 'How should it change?' }).fill('make it funnier');
    await page.getByRole('button', { name: 'Rewrite' }).click();
    const rewrite = page.getByRole('article', { name: 'Rewrite: “make it funnier”' });
    await rewrite.waitFor();
    const rewritten = (await rewrite.locator('p').allTextContents()).join('\n\n').trim();
    expect(rewritten.length).toBeGreaterThan(20);

    await rewrite.getByRole('button', { name: 'Use this' }).click();
    const picked = await textbox.inputValue();
    expect(picked.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Bio saved', { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('textbox', { name: 'Your bio' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Your bio' }).inputValue()).toBe(picked.trim());
    expect(await page.getByRole('list', { name: 'Versions' }).getByRole('article').count()).toBe(4);
    await expectNoAxeViolationsInBothSchemes(page, '/bio with versions');
    await saveScreensAtBothWidths(page, 'bio');
    expect(errors).toEqual([]);
  });

  it('uploads three photos by keyboard (GPS stripped), refuses a text file in words, reviews, answers a follow-up, deletes one', async () => {
    const { page, errors } = await open('/bio/photos');
    await page.getByRole('heading', { level: 2, name: '0 of 9 photos' }).waitFor();
    const photos = [
      { name: 'sharp.jpg', mimeType: 'image/jpeg', buffer: await jpeg({ sigma: 60, gps: true }) },
      { name: 'soft.jpg', mimeType: 'image/jpeg', buffer: await jpeg({ sigma: 5 }) },
      {
        name: 'small.jpg',
        mimeType: 'image/jpeg',
        buffer: await jpeg({ sigma: 30, width: 240, height: 300 }),
      },
    ];
    expect(hasGpsPointer((await sharp(photos[0]!.buffer).metadata()).exif)).toBe(true);

    // Listening first: Chromium reports the picker only once Playwright asked to intercept it.
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, 'Attach photo');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(photos);
    await page.getByRole('heading', { level: 2, name: '3 of 9 photos' }).waitFor();
    for (const n of [1, 2, 3]) await page.getByRole('figure', { name: `Photo ${n}` }).waitFor();
    // The photos show: loaded from the API's origin, not the web app's.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('figure img[alt^="Photo"]')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );

    // The stored copies carry no EXIF at all, so no GPS.
    const uid = await page.evaluate(() => localStorage.getItem('uid'));
    const listed = (await (
      await fetch(`${suite.product.apiUrl}/api/v1/accounts/dating_bio/${uid}/images/`)
    ).json()) as { results: { image: string }[] };
    expect(listed.results).toHaveLength(3);
    for (const stored of listed.results) {
      const bytes = Buffer.from(
        await (await fetch(new URL(stored.image, suite.product.apiUrl))).arrayBuffer(),
      );
      const metadata = await sharp(bytes).metadata();
      expect({ format: metadata.format, exif: metadata.exif }).toEqual({ format: 'jpeg', exif: undefined });
    }

    const second = page.waitForEvent('filechooser');
    await tabTo(page, 'Attach photo');
    await page.keyboard.press('Enter');
    await (
      await second
    ).setFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('Not a photo at all, just words.'),
    });
    const refused = page.getByRole('list', { name: 'Photos not uploaded' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain(
      'photo.jpg: This file is not a photo we can read; please upload a JPEG, PNG or WebP image.',
    );

    await tabTo(page, 'Review my photos');
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 2, name: 'Your photo review' });
    await heading.waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Your photo review');
    const ranking = page.getByRole('list', { name: 'Ranking' }).locator(':scope > li');
    expect(await ranking.count()).toBe(3);
    const labels = await ranking.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    const scores = labels.map((label) => Number(label?.match(/, ([\d.]+)\/10$/)?.[1]));
    expect(labels.map((label) => label?.slice(0, 2))).toEqual(['1.', '2.', '3.']);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (let i = 0; i < 3; i++) expect(await ranking.nth(i).locator('ul > li').count()).toBeGreaterThan(0);
    await expectNoAxeViolationsInBothSchemes(page, '/bio/photos with a review');
    await saveScreensAtBothWidths(page, 'bio-photos-reviewed');

    await tabTo(page, 'Ask about your review');
    await page.keyboard.type('Which photo should be my first?');
    await page.keyboard.press('Enter');
    const answers = page.getByRole('list', { name: 'Questions and answers' });
    await answers.waitFor();
    expect(await answers.textContent()).toContain('Which photo should be my first?');

    // Asking again for the same photos answers the same review (one per set of photos).
    await tabTo(page, 'Review my photos');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Your photo review');
    const reviews = (await (
      await fetch(`${suite.product.apiUrl}/api/v1/accounts/dating_bio/${uid}/image_review/`)
    ).json()) as { count: number };
    expect(reviews.count).toBe(1);
    expect(await answers.textContent()).toContain('Which photo should be my first?');

    await tabTo(page, 'Delete');
    expect(
      await page.evaluate(() => document.activeElement?.closest('figure')?.getAttribute('aria-label')),
    ).toBe('Photo 1');
    await page.keyboard.press('Enter');
    await page.getByText('Photo deleted', { exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: '2 of 9 photos' }).waitFor();
    await page.getByText(/Your photos changed since this review/).waitFor();
    expect(errors).toEqual([]);
  });

  it('loads each photo at a stored width smaller than the original on a phone, and nothing moves while they load', async () => {
    const { page, errors } = await open('/bio/photos', { viewport: VIEWPORTS.phone });
    await page.getByRole('heading', { level: 2, name: '0 of 9 photos' }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach photo' }).click();
    await (
      await chooser
    ).setFiles([
      {
        name: 'tall.jpg',
        mimeType: 'image/jpeg',
        buffer: await jpeg({ sigma: 40, width: 1600, height: 2000 }),
      },
      {
        name: 'wide.jpg',
        mimeType: 'image/jpeg',
        buffer: await jpeg({ sigma: 40, width: 2000, height: 1200 }),
      },
      {
        name: 'square.jpg',
        mimeType: 'image/jpeg',
        buffer: await jpeg({ sigma: 40, width: 1400, height: 1400 }),
      },
    ]);
    await page.getByRole('heading', { level: 2, name: '3 of 9 photos' }).waitFor();
    const uid = await page.evaluate(() => localStorage.getItem('uid'));
    const listed = (await (
      await fetch(`${suite.product.apiUrl}/api/v1/accounts/dating_bio/${uid}/images/`)
    ).json()) as { results: ListedPhoto[] };
    // Uploads run side by side, so the photos are listed in the order they arrived: compared by original width.
    const widths = listed.results.map((photo) => photo.variants.map((variant) => variant.width));
    expect(widths.sort((a, b) => a.at(-1)! - b.at(-1)!)).toEqual([
      [320, 640, 1080, 1400],
      [320, 640, 1080, 1600],
      [320, 640, 1080, 2000],
    ]);

    // After a reload the photos' responses are held until the grid is laid out, then let through one by one.
    await observeLayoutShifts(page);
    // Routing also turns Chromium's cache off, so every photo is fetched again.
    const held: Route[] = [];
    let allHeld: () => void = () => undefined;
    const threeHeld = new Promise<void>((resolve) => (allHeld = resolve));
    await page.route(`${suite.product.apiUrl}/uploads/**`, (route) => {
      if (held.push(route) === 3) allHeld();
    });
    await page.reload();
    await page.getByRole('heading', { level: 2, name: '3 of 9 photos' }).waitFor();
    const images = page.locator('figure img[alt^="Photo"]');
    // Every photo's request arrives (the lazy ones too: they are within the browser's loading distance).
    await threeHeld;
    expect(await images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).complete))).toEqual([
      false,
      false,
      false,
    ]);
    const boxesBefore = await images.evaluateAll((all) =>
      all.map((img) => img.getBoundingClientRect().toJSON() as Omit<DOMRect, 'toJSON'>),
    );
    expect(boxesBefore.every((box) => box.width > 100 && box.height > 100)).toBe(true);
    const loadingFrom = await page.evaluate(() => performance.now());
    for (const route of held.splice(0)) {
      await route.continue();
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    }
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('figure img[alt^="Photo"]')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await layoutShiftSince(page, loadingFrom)).toBe(0);
    expect(
      await images.evaluateAll((all) =>
        all.map((img) => img.getBoundingClientRect().toJSON() as Omit<DOMRect, 'toJSON'>),
      ),
    ).toEqual(boxesBefore);

    // The browser picked from srcset: each photo came at a stored width under its original.
    const picked = await images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).currentSrc));
    for (const [index, currentSrc] of picked.entries()) {
      const photo = listed.results[index]!;
      const variant = photo.variants.find(
        (candidate) => new URL(candidate.url, suite.product.apiUrl).href === currentSrc,
      );
      expect({ currentSrc, found: Boolean(variant) }).toEqual({ currentSrc, found: true });
      expect(variant!.width).toBeLessThan(photo.width);
    }
    await saveScreenshotWithoutOverflow(page, 'bio-photos-widths-phone', '/bio/photos with photos');
    expect(errors).toEqual([]);
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`holds /bio/photos behind the page loader while its photos are on their way, then shows the page (${size})`, async () => {
      const { page, errors } = await open('/bio', { viewport });
      await page.getByText('No versions yet. Press Generate to get a few in different tones.').waitFor();
      // The photo list waits for the test: the loader must stay until the page's data is in, however long that takes.
      let asked!: () => void;
      const photosAsked = new Promise<void>((resolve) => (asked = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.includes('/dating_bio/') && url.pathname.endsWith('/images/'),
        async (route: Route) => {
          if (route.request().method() === 'GET') asked();
          await released;
          await route.continue();
        },
      );
      await page.getByRole('link', { name: 'Review your photos' }).click();
      await photosAsked;
      const loader = page.getByRole('status', { name: 'Loading the page' });
      await loader.waitFor();
      expect(await page.getByRole('heading', { level: 1, name: 'Your photos' }).isVisible()).toBe(false);
      expect(await page.getByRole('main').getAttribute('aria-busy')).toBe('true');
      await expectNoAxeViolationsInBothSchemes(page, '/bio/photos behind the page loader');
      await saveScreenshotWithoutOverflow(
        page,
        `bio-photos-page-loader-${size}`,
        '/bio/photos behind the page loader',
      );
      release();
      await page.getByRole('heading', { level: 1, name: 'Your photos' }).waitFor();
      await page.getByText('No photos yet. Add a few, then ask for a review.').waitFor();
      expect(await loader.count()).toBe(0);
      expect(errors).toEqual([]);
    });
  }

  it('shows the empty states at both widths, light and dark, without axe violations', async () => {
    const bio = await open('/bio');
    await bio.page.getByText('No versions yet. Press Generate to get a few in different tones.').waitFor();
    await expectNoAxeViolationsInBothSchemes(bio.page, '/bio empty');
    await saveScreensAtBothWidths(bio.page, 'bio-empty');
    const photos = await open('/bio/photos');
    await photos.page.getByText('No photos yet. Add a few, then ask for a review.').waitFor();
    await expectNoAxeViolationsInBothSchemes(photos.page, '/bio/photos empty');
    await saveScreensAtBothWidths(photos.page, 'bio-photos-empty');
  });
});

import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, the full browser: what a person uses, for the newcomer's paths and for a watched run. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's build of the same Chromium as a headless shell (package `chromium-headless-shell`): the same Blink and
 * V8 without the full browser's window, GPU process and compositor around them, so a page costs about a third of
 * the CPU (docs/testing.md#where-the-time-goes). Playwright's own headless mode is this shell too.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

const headed = process.env.E2E_HEADED === '1';

/**
 * Whether the browser suites can run here. On CI (`CI=true`) a missing Chromium or headless shell is an error,
 * never a skip.
 */
export function chromiumAvailable(): boolean {
  const missing = [CHROMIUM_PATH, HEADLESS_SHELL_PATH].filter((binary) => !existsSync(binary));
  if (process.env.CI === 'true' && missing.length > 0) {
    throw new Error(
      `CI=true but ${missing.join(' and ')} missing: install Debian's chromium and chromium-headless-shell (see .ci/run).`,
    );
  }
  if (existsSync(CHROMIUM_PATH)) return true;
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium).`);
  return false;
}

export interface LaunchOptions {
  /** Flags added to ours (a host mapping, say). */
  readonly extraArgs?: readonly string[];
  /** The full browser even when headless: the tests of what a newcomer runs use what they would see it in. */
  readonly fullBrowser?: boolean;
}

/**
 * Debian's Chromium with the flags this sandboxed, offline machine needs: the headless shell unless `fullBrowser`
 * (or where the shell is not installed, outside CI). `E2E_HEADED=1` shows the full browser's window instead, to
 * watch a test on a desktop (or under `xvfb-run`).
 */
export function launchChromium({
  extraArgs = [],
  fullBrowser = false,
}: LaunchOptions = {}): Promise<Browser> {
  const shell = !headed && !fullBrowser && existsSync(HEADLESS_SHELL_PATH);
  return chromium.launch({
    executablePath: shell ? HEADLESS_SHELL_PATH : CHROMIUM_PATH,
    headless: !headed,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

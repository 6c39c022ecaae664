import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser suites can run here. On CI (`CI=true`) a missing Chromium is an error, never a skip.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI === 'true') {
    throw new Error(
      `CI=true but Chromium is not at ${CHROMIUM_PATH}: install Debian's chromium (see .ci/run).`,
    );
  }
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium).`);
  return false;
}

/**
 * Debian's Chromium, headless, with the flags this sandboxed, offline machine needs. `E2E_HEADED=1` shows the
 * window instead, to watch a test on a desktop (or under `xvfb-run`). `extraArgs` adds flags (a host mapping, say).
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: process.env.E2E_HEADED !== '1',
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

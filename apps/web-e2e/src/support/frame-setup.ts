import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import type { RunningProduct } from './product';

/** The A/B values as the engine keeps them: a cookie `abtests` at path `/` (and the tab's session storage). */
export async function pinLanding(
  context: BrowserContext,
  webUrl: string,
  variant: 'control' | 'chat_first',
): Promise<void> {
  await context.addCookies([
    { name: 'abtests', value: encodeURIComponent(JSON.stringify({ abtest_homepage: variant })), url: webUrl },
  ]);
}

interface NoticePage {
  results: { id: number; kind: string; read: boolean; title: string }[];
}

/** The id of the rebrand banner the API seeds on first start (its newest unread `banner` notice). */
export async function seededBannerId(product: RunningProduct): Promise<number> {
  const response = await product.api.app.inject({
    method: 'GET',
    url: `/api/v1/accounts/messages/?uid=${randomUUID()}`,
  });
  const banner = response
    .json<NoticePage>()
    .results.find((notice) => notice.kind === 'banner' && !notice.read);
  if (!banner)
    throw new Error(`The API has no unread banner notice: ${response.statusCode} ${response.body}`);
  return banner.id;
}

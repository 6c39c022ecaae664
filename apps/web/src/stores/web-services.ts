import type { WingmateClient } from '@wingmate/core-sdk';
import type { WebConfig } from '../config';
import type { AppServices } from './services';

/** The next task: what the page does between two steps of making the services. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A `?token=` login link (docs/product.md#every-page) is stored as the access token with the `Token ` prefix
 * (core-sdk), then removed from the address with `history.replaceState`, so it is neither bookmarked, shared nor sent
 * on as a referrer. Signed in, core-sdk takes it only once the server has accepted it and ended the old session, and
 * ignores one it refuses (docs/decisions.md#sessions-in-the-browser).
 */
export function takeLoginToken(
  client: Pick<WingmateClient, 'session'>,
  location: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): void {
  const address = location.href;
  const cleaned = client.session.takeTokenFromUrl(address);
  if (cleaned !== address) history.replaceState(history.state, '', cleaned);
}

/**
 * The page's services, made once (this module is the chunk `main.tsx` loads after the first paint). A `?token=`
 * login link is taken first (docs/product.md#every-page): stored as the access token with the `Token ` prefix, then
 * removed from the address with `history.replaceState` (docs/decisions.md#sessions-in-the-browser), before anything
 * reads the session. Each step runs in a task of its own (`pause` between them), so the page stays responsive while
 * they are made: on a slow phone the client, the A/B engine with the first request it sends, tracking and the signed-in
 * person's first requests are tens of milliseconds each.
 */
export async function makeWebServices(
  config: WebConfig,
  pause: () => Promise<void> = nextTask,
): Promise<AppServices> {
  await pause();
  // The SDK (with axios) and the stores (the A/B engine, tracking) are two chunks, each evaluated in a task of its
  // own when imported here (one import of both was one task of 15-25 ms on a fast machine); what is made from each
  // comes in the task after.
  const { createWebClient } = await import('./client');
  await pause();
  const client = createWebClient(config);
  takeLoginToken(client);
  const { createAccountStores, startServices, withTracking } = await import('./app-services');
  await pause();
  const options = { analyticsId: config.analyticsId };
  const accountStores = createAccountStores(client, options);
  await pause();
  const services = withTracking(client, accountStores, options);
  await pause();
  startServices(services);
  return services;
}

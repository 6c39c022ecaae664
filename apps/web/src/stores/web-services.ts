import type { WebConfig } from '../config';
import { createAccountStores, startServices, withTracking } from './app-services';
import { createWebClient } from './client';
import type { AppServices } from './services';
import { timerSleep, type WingmateClient } from '@wingmate/core-sdk';

/**
 * Spec 2: a `?token=` login link is stored as the access token with the `Token ` prefix (core-sdk), then removed
 * from the address with `history.replaceState`, so it is neither bookmarked, shared nor sent on as a referrer.
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
 * login link is taken first (spec 2): stored as the access token with the `Token ` prefix, then removed from the
 * address with `history.replaceState` (decisions.md), before anything reads the session. Each step runs in a task
 * of its own (`pause` between them), so the page stays responsive while they are made: on a slow phone the client,
 * the A/B engine with the first request it sends, tracking and the signed-in person's first requests are
 * tens of milliseconds each.
 */
export async function makeWebServices(
  config: WebConfig,
  pause: () => Promise<void> = () => timerSleep(0),
): Promise<AppServices> {
  await pause();
  const client = createWebClient(config);
  takeLoginToken(client);
  const options = { analyticsId: config.analyticsId };
  await pause();
  const accountStores = createAccountStores(client, options);
  await pause();
  const services = withTracking(client, accountStores, options);
  await pause();
  startServices(services);
  return services;
}

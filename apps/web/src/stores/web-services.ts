import type { WebConfig } from '../config';
import { createAppServices, startServices } from './app-services';
import { createWebClient } from './client';
import type { AppServices } from './services';

/**
 * The page's services, made once (this module is the chunk `main.tsx` loads after the first paint). A `?token=`
 * login link is taken first (spec 2): stored as the access token with the `Token ` prefix, then removed from the
 * address with `history.replaceState` (decisions.md), before anything reads the session.
 */
export function makeWebServices(config: WebConfig): AppServices {
  const client = createWebClient(config);
  const address = window.location.href;
  const cleaned = client.session.takeTokenFromUrl(address);
  if (cleaned !== address) window.history.replaceState(window.history.state, '', cleaned);
  const services = createAppServices(client, { analyticsId: config.analyticsId });
  startServices(services);
  return services;
}

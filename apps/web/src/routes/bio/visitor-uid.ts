import type { WingmateClient } from '@wingmate/core-sdk';

/**
 * Bios and photos belong to the visitor's uid (spec 5): it is made with the first visit, and made here too if a
 * screen opens before anything else made it, so the dating-bio calls never fail with "UID is null".
 */
export function ensureVisitorUid(client: WingmateClient): string {
  return client.visitorId.get();
}

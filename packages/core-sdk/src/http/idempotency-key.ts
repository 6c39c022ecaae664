import { v4 as uuidv4 } from 'uuid';

/**
 * The key of one user intent (a message sent, a payment attempt): a random UUID (v4). Browsers offer
 * `crypto.randomUUID()` only in secure contexts, and the production start may be served over plain http on a
 * hostname (a staging box, a phone on the local network); `uuid` uses it where it exists and otherwise
 * `crypto.getRandomValues()`, which every context has.
 */
export function newIdempotencyKey(): string {
  return uuidv4();
}

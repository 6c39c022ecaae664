import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The analytics device id: the SHA-256 of the uid, in hex (docs/decisions.md#the-sdk-surface-the-web-app-binds-to).
 * The uid itself reads a visitor's chat (optional-auth calls work by uid), so it never goes to the analytics service;
 * the hash is one-way and stable, so the same visitor is still one device there. Synchronous (@noble/hashes), because
 * WebCrypto's `crypto.subtle` exists only on https pages and answers a promise, while the analytics client needs the
 * id when it starts.
 */
export function analyticsDeviceId(uid: string): string {
  return bytesToHex(sha256(utf8ToBytes(uid)));
}

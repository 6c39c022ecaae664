/** @jest-environment jsdom */
import { newIdempotencyKey } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** As a page on a non-secure origin sees `crypto`: no `randomUUID`, `getRandomValues` still there. */
function withoutRandomUuid<T>(run: () => T): T {
  Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
  try {
    return run();
  } finally {
    delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
  }
}

describe('newIdempotencyKey', () => {
  it('makes a new random UUID each time', () => {
    const keys = Array.from({ length: 50 }, () => newIdempotencyKey());
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('works on a non-secure origin, where the browser has no crypto.randomUUID', () => {
    const keys = withoutRandomUuid(() => {
      expect(typeof globalThis.crypto.randomUUID).toBe('undefined');
      return [newIdempotencyKey(), newIdempotencyKey()];
    });
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(keys[0]).not.toBe(keys[1]);
    expect(typeof globalThis.crypto.randomUUID).toBe('function');
  });
});

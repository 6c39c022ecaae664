import { fnv1a32 } from '@wingmate/runtime';

/** A stable 32-bit hash of the seed and the input: FNV-1a over the parts, each ended by a NUL. */
export function hashOf(...parts: readonly (string | number)[]): number {
  return fnv1a32(parts.map((part) => `${String(part)}\u0000`).join(''));
}

export interface Random {
  /** 0 <= n < 1. */
  next(): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in a random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** mulberry32: small, fast and deterministic, so the offline engine answers the same input the same way. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    sample: (items, count) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy.slice(0, count);
    },
  };
}

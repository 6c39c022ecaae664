import { fnv1a32 } from '@wingmate/core-sdk';

/**
 * A number in [0, 1) fixed by the text, from core-sdk's FNV-1a (the same in every runtime, so a visitor buckets
 * alike everywhere). Dividing keeps the well-mixed high bits, unlike a modulo.
 */
export function hashToUnit(text: string): number {
  return fnv1a32(text) / 2 ** 32;
}

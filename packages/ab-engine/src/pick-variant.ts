import { hashToUnit } from './hash';
import type { AbTestSpec } from './tests-config';

/**
 * The variant of a test for a visitor, GrowthBook-style: `${uid}__${name}` hashed into [0, 1), then the variants'
 * cumulative weight ranges. Sticky: the same uid always gets the same variant, on any device the uid is known on.
 */
export function pickVariant(uid: string, test: AbTestSpec): string {
  const total = test.variants.reduce((sum, variant) => sum + Math.max(variant.weight, 0), 0);
  if (!(total > 0)) throw new Error(`A/B test "${test.name}" has no variant with a positive weight`);
  const point = hashToUnit(`${uid}__${test.name}`) * total;
  let upper = 0;
  let last = '';
  for (const variant of test.variants) {
    if (variant.weight <= 0) continue;
    upper += variant.weight;
    last = variant.value;
    if (point < upper) return variant.value;
  }
  // Floating-point sums can end a hair below `total`; the last weighted variant owns the top of the range.
  return last;
}

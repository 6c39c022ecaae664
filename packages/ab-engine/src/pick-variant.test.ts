import { abTestDefinitions } from '@wingmate/api-contract';
import { pickVariant } from './pick-variant';
import type { AbTestSpec } from './tests-config';

const shareOf = (test: AbTestSpec, draws: number): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (let index = 0; index < draws; index++) {
    const value = pickVariant(`uid-${index}`, test);
    counts[value] = (counts[value] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).map(([value, count]) => [value, count / draws]));
};

describe('pickVariant (docs/product.md#ab-test-assignments: sticky variant by hashing uid + name)', () => {
  it('gives the same uid the same variant on every one of 1,000 draws', () => {
    const test = abTestDefinitions.abtest_homepage;
    const first = pickVariant('3f1c9e4a-0b7d-4e8a-9c2f-5d6b7a8e9f01', test);
    const draws = Array.from({ length: 1000 }, () =>
      pickVariant('3f1c9e4a-0b7d-4e8a-9c2f-5d6b7a8e9f01', test),
    );
    expect(new Set(draws)).toEqual(new Set([first]));
  });

  it.each(Object.values(abTestDefinitions).map((test) => [test.name, test] as const))(
    'splits %s 50/50 within 2% over 100,000 uids',
    (_name, test) => {
      const shares = shareOf(test, 100_000);
      for (const variant of test.variants)
        expect(Math.abs((shares[variant.value] ?? 0) - 0.5)).toBeLessThan(0.02);
    },
  );

  it('respects uneven weights (80/20) within 2% over 100,000 uids', () => {
    const test: AbTestSpec = {
      name: 'abtest_pricing_copy',
      variants: [
        { value: 'control', weight: 80 },
        { value: 'bold', weight: 20 },
      ],
    };
    const shares = shareOf(test, 100_000);
    expect(Math.abs((shares.control ?? 0) - 0.8)).toBeLessThan(0.02);
    expect(Math.abs((shares.bold ?? 0) - 0.2)).toBeLessThan(0.02);
  });

  it('never picks a variant whose weight is 0', () => {
    const test: AbTestSpec = {
      name: 'abtest_paused',
      variants: [
        { value: 'paused', weight: 0 },
        { value: 'control', weight: 1 },
      ],
    };
    expect(shareOf(test, 10_000)).toEqual({ control: 1 });
  });

  it('gives different tests independent draws for one uid', () => {
    const pairs = Array.from({ length: 20_000 }, (_, index) => {
      const uid = `uid-${index}`;
      return `${pickVariant(uid, abTestDefinitions.abtest_homepage)}/${pickVariant(uid, abTestDefinitions.abtest_verification)}`;
    });
    const together = pairs.filter((pair) => pair === 'chat_first/after_free').length / pairs.length;
    expect(Math.abs(together - 0.25)).toBeLessThan(0.02);
  });

  it('refuses a test with no positive weight', () => {
    expect(() =>
      pickVariant('uid-1', { name: 'abtest_empty', variants: [{ value: 'a', weight: 0 }] }),
    ).toThrow('A/B test "abtest_empty" has no variant with a positive weight');
  });
});

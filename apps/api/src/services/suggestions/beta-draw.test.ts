import { seededRandom } from '../../adapters/ai/prng';
import { betaDraw, gammaDraw, normalDraw } from './beta-draw';

const DRAWS = 10_000;

function meanOf(draw: () => number): { mean: number; variance: number } {
  const values = Array.from({ length: DRAWS }, draw);
  const mean = values.reduce((sum, value) => sum + value, 0) / DRAWS;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / DRAWS;
  return { mean, variance };
}

describe('the draws behind Thompson sampling', () => {
  it('normal draws have mean 0 and variance 1', () => {
    const random = seededRandom(1);
    const { mean, variance } = meanOf(() => normalDraw(random));
    expect(mean).toBeCloseTo(0, 1);
    expect(variance).toBeCloseTo(1, 1);
  });

  it.each([0.3, 1, 2.5, 40])('Gamma(%s) draws have the shape as mean and as variance', (shape) => {
    const random = seededRandom(2);
    const { mean, variance } = meanOf(() => gammaDraw(shape, random));
    expect(Math.abs(mean - shape)).toBeLessThan(0.03 * Math.max(1, shape));
    expect(Math.abs(variance - shape)).toBeLessThan(0.08 * Math.max(1, shape));
  });

  it.each([
    [2, 5],
    [0.5, 0.5],
    [5, 5],
    [1, 30],
    [63, 42],
  ])('Beta(%s, %s) draws have mean a / (a + b), the Beta variance, and stay within 0..1', (alpha, beta) => {
    const random = seededRandom(3);
    const values: number[] = [];
    const { mean, variance } = meanOf(() => {
      const value = betaDraw(alpha, beta, random);
      values.push(value);
      return value;
    });
    const n = alpha + beta;
    expect(Math.abs(mean - alpha / n)).toBeLessThan(0.01);
    const expectedVariance = (alpha * beta) / (n * n * (n + 1));
    expect(Math.abs(variance - expectedVariance)).toBeLessThan(0.05 * expectedVariance);
    expect(values.every((value) => value >= 0 && value <= 1)).toBe(true);
  });

  it('refuses a shape that is not above 0', () => {
    expect(() => gammaDraw(0, seededRandom(4))).toThrow(RangeError);
  });

  it('draws the same values from the same seed', () => {
    const draws = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 5 }, () => betaDraw(3, 7, random));
    };
    expect(draws(9)).toEqual(draws(9));
    expect(draws(9)).not.toEqual(draws(10));
  });
});

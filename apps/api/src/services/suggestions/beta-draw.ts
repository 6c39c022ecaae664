import type { Random } from '../../adapters/ai/prng';

/**
 * Draws from the distributions Thompson sampling needs, on a seeded uniform generator so a test can replay them.
 * Beta comes from two Gamma draws, Gamma from Marsaglia and Tsang's method, which needs a standard normal draw.
 */

/** 0 < u <= 1, so that its logarithm is finite. */
const openUniform = (random: Random) => 1 - random.next();

/** A standard normal draw by Box-Muller (the second value of the pair is not kept: a draw stays one call). */
export function normalDraw(random: Random): number {
  const radius = Math.sqrt(-2 * Math.log(openUniform(random)));
  return radius * Math.cos(2 * Math.PI * random.next());
}

/**
 * A Gamma(shape, 1) draw by Marsaglia and Tsang's rejection method: exact, and needing only normal and uniform
 * draws. A shape under 1 draws Gamma(shape + 1) and scales it by U^(1/shape), as their method does.
 */
export function gammaDraw(shape: number, random: Random): number {
  if (!(shape > 0)) throw new RangeError(`a Gamma shape must be above 0, not ${shape}`);
  if (shape < 1) return gammaDraw(shape + 1, random) * Math.pow(openUniform(random), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normalDraw(random);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    const u = openUniform(random);
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** A Beta(alpha, beta) draw: X / (X + Y) with X ~ Gamma(alpha) and Y ~ Gamma(beta). */
export function betaDraw(alpha: number, beta: number, random: Random): number {
  const x = gammaDraw(alpha, random);
  const y = gammaDraw(beta, random);
  return x / (x + y);
}

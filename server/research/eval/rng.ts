/** Seeded randomness for the corruption suites (reproducible): the shared generator, a shuffle and a uniform pick. */
import { Rng } from '../../src/random/seededRng';

export { Rng, seededRng, shuffled } from '../../src/random/seededRng';

export function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)];
}

/** Seeded randomness for the corruption suites (reproducible): the shared generator and a uniform pick. */
import { Rng } from '../../random/seededRng';

export { Rng, seededRng } from '../../random/seededRng';

export function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)];
}

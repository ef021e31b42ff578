/** Scorers with known behaviour, for tests of the code around them. */
import { FeatureBuffer } from '../../server/src/parser/hash';
import { Scorer } from '../../server/src/parser/weights';

/** Ranks classes by a fixed pseudo-random function of the features, so that decisions depend on the context. */
export function hashedScorer(nClasses: number, salt: number): Scorer {
  return {
    nClasses,
    score(f: FeatureBuffer, out: Float64Array) {
      out.fill(0, 0, nClasses);
      for (let k = 0; k < f.n; k++) out[((f.buf[k] ^ salt) >>> 0) % nClasses] += 1 + ((f.buf[k] >>> 8) % 5);
    },
  };
}

/** Scores every class 0. */
export function zeroScorer(nClasses: number): Scorer {
  return { nClasses, score: (_f, out) => void out.fill(0, 0, nClasses) };
}

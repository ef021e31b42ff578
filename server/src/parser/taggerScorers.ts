/**
 * How a tagger is stored among a model file's named scorers: `xpos`/`upos` (left to right) and, for a bidirectional
 * tagger, `xposR`/`uposR` (right to left). A suffix tells several taggers apart in one file (the training cache).
 */
import { Tagger, TagSet } from './tagger';
import { SparseWeights } from './weights';
import { JointWeights, ScorerPair, scorerPair } from './jointWeights';
import { jointKey } from './modelFile';

export function taggerScorers(t: Tagger, suffix = ''): Record<string, SparseWeights> {
  const out: Record<string, SparseWeights> = {
    [`xpos${suffix}`]: t.xposScorer as SparseWeights,
    [`upos${suffix}`]: t.uposScorer as SparseWeights,
  };
  if (t.reverse) {
    out[`xposR${suffix}`] = t.reverse.xpos as SparseWeights;
    out[`uposR${suffix}`] = t.reverse.upos as SparseWeights;
  }
  return out;
}

/**
 * The tagger of a model's scorers; `joined`: a version 4 file's stored joined tables (`modelFile.ts`), used as they
 * are instead of joining the scorers again.
 */
export function taggerFromScorers(scorers: Record<string, SparseWeights>, tags: TagSet, suffix = '', joined?: Record<string, JointWeights>): Tagger {
  const forward = joined?.[jointKey(`xpos${suffix}`, `upos${suffix}`)];
  if (forward) return new Tagger(forward, tags, joined?.[jointKey(`xposR${suffix}`, `uposR${suffix}`)] ?? reversePair(scorers, suffix));
  const xr = scorers[`xposR${suffix}`];
  const ur = scorers[`uposR${suffix}`];
  return new Tagger(scorers[`xpos${suffix}`], scorers[`upos${suffix}`], tags, xr && ur ? { xpos: xr, upos: ur } : undefined);
}

function reversePair(scorers: Record<string, SparseWeights>, suffix: string): ScorerPair | undefined {
  const xr = scorers[`xposR${suffix}`];
  const ur = scorers[`uposR${suffix}`];
  return xr && ur ? scorerPair(xr, ur) : undefined;
}

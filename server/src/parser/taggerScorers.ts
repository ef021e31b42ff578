/**
 * How a tagger is stored among a model file's named scorers: `xpos`/`upos` (left to right), for a bidirectional
 * tagger `xposR`/`uposR` (right to left), and for a refined one `xposS`/`uposS` (the refining pass, `Tagger`). A
 * suffix tells several taggers apart in one file (the training cache). A reader that predates the refining pass
 * ignores `xposS`/`uposS` and tags with the first passes alone, as the model did before it had one.
 */
import { Tagger, tagPairTable, TagSet } from './tagger';
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
  if (t.refiner) {
    out[`xposS${suffix}`] = t.refiner.first as SparseWeights;
    out[`uposS${suffix}`] = t.refiner.second as SparseWeights;
  }
  return out;
}

/**
 * The tagger of a model's scorers; `joined`: a version 4 file's stored joined tables (`modelFile.ts`), used as they
 * are instead of joining the scorers again.
 */
export function taggerFromScorers(
  scorers: Record<string, SparseWeights>,
  tags: TagSet,
  suffix = '',
  joined?: Record<string, JointWeights>,
  info?: Record<string, unknown>,
): Tagger {
  const pair = (kind: string): ScorerPair | undefined => {
    const x = `xpos${kind}${suffix}`;
    const u = `upos${kind}${suffix}`;
    const stored = joined?.[jointKey(x, u)];
    if (stored) return stored;
    return scorers[x] && scorers[u] ? scorerPair(scorers[x], scorers[u]) : undefined;
  };
  const forward = pair('');
  if (!forward) throw new Error(`no tagger scorers xpos${suffix}/upos${suffix} in the model`);
  const refiner = pair('S');
  const tagger = new Tagger(forward, tags, pair('R'));
  const out = refiner ? tagger.withRefiner(refiner, refinerWeightOf(info)) : tagger;
  out.pairs = tagPairsOf(info, tags);
  return out;
}

/**
 * The XPOS–UPOS pairs a model's tagger decides among (`Tagger.pairs`), as its model records them (`info.tagPairs`,
 * "XPOS UPOS" each); undefined when it records none, and the two are decided alone.
 */
function tagPairsOf(info: Record<string, unknown> | undefined, tags: TagSet): Uint8Array | undefined {
  const listed = info?.tagPairs;
  return Array.isArray(listed) ? tagPairTable(listed, tags) : undefined;
}

/** The weight of the first passes' scores in a refined tagger's decisions, as its model records it (0 if not). */
function refinerWeightOf(info: Record<string, unknown> | undefined): number {
  const w = (info?.refiner as { firstWeight?: unknown } | undefined)?.firstWeight;
  return typeof w === 'number' ? w : 0;
}

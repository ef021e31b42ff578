/**
 * Evaluation of a punctuation model on gold trees: per-slot perplexity of the surface punctuation (paper Table 3)
 * and MBR restoration's average edit distance per slot (AED, §6.1) against the trivial baseline.
 */
import { PunctuatedTree } from '../../data/depunct';
import { PunctModelImpl } from '../../model/index';
import { editDistance } from '../../model/sample';

export interface PerplexityResult {
  perplexity: number;
  logProb: number;
  slots: number;
  sentences: number;
  /** Sentences whose probability would be 0 without the η insertion noise (the smoothing was needed). */
  needSmoothing: number;
  /** Slots whose surface string is not in V (never seen as a whole in training). */
  unseenSlotStrings: number;
  /** Trees that had non-projective arcs (lifted). */
  lifted: number;
  /** Nodes whose relation had no W_d of its own (back-off to the base relation or the global pairs). */
  unseenRelations: number;
  seconds: number;
}

export function perplexity(model: PunctModelImpl, trees: readonly PunctuatedTree[], opts: { checkSmoothing?: boolean } = {}): PerplexityResult {
  const t0 = Date.now();
  let lp = 0, slots = 0, need = 0, unseen = 0, lifted = 0, unseenRel = 0;
  const core = model.core;
  const eta = core.eta;
  for (const t of trees) {
    lp += model.logProb(t);
    slots += t.slots.length;
    for (const s of t.slots) if (!core.vocab.punctemeIds.has(core.normaliseSlot(s).join(' '))) unseen++;
    const prep = model.prepare(t);
    if (prep.lifted) lifted++;
    for (const w of t.words) if (!core.vocab.rel.has(w.deprel)) unseenRel++;
  }
  if (opts.checkSmoothing) {
    core.eta = 0;
    core.invalidate();
    for (const t of trees) if (!Number.isFinite(model.logProb(t))) need++;
    core.eta = eta;
    core.invalidate();
  }
  return {
    perplexity: Math.exp(-lp / slots),
    logProb: lp,
    slots,
    sentences: trees.length,
    needSmoothing: need,
    unseenSlotStrings: unseen,
    lifted,
    unseenRelations: unseenRel,
    seconds: (Date.now() - t0) / 1000,
  };
}

export interface RestorationResult {
  aed: number;
  aedBaseline: number;
  slots: number;
  sentences: number;
  samples: number;
  seconds: number;
}

/** The trivial baseline: a period at the end, nothing else. */
export function baselineSlots(n: number): string[][] {
  return Array.from({ length: n + 1 }, (_, i) => (i === n ? ['.'] : []));
}

export function restoration(model: PunctModelImpl, trees: readonly PunctuatedTree[], samples: number, seed = 1): RestorationResult {
  const t0 = Date.now();
  let ed = 0, edBase = 0, slots = 0;
  for (const t of trees) {
    const gold = t.slots.map((s) => model.core.normaliseSlot(s));
    const pred = model.restore(t, { samples, seed });
    const base = baselineSlots(t.words.length);
    gold.forEach((g, i) => {
      ed += editDistance(pred[i], g);
      edBase += editDistance(base[i], g);
    });
    slots += gold.length;
  }
  return { aed: ed / slots, aedBaseline: edBase / slots, slots, sentences: trees.length, samples, seconds: (Date.now() - t0) / 1000 };
}

/**
 * Every correction the error model weighed for one sentence, as the linter scores them, with the threshold each is
 * held to: the answer to "why was this not flagged?" (`puncteme explain --candidates`). The front ends read this and
 * never the correction stages themselves, so those can change behind it.
 */
import { kindKey, thresholdFor } from './correction/pipeline/calibration';
import { candidates } from './correction/pipeline/candidates';
import { GUARDS, GuardVeto } from './correction/guards/registry';
import { conventionDecision } from './correction/pipeline/conventionKinds';
import { sentenceCandidates } from './correction/pipeline/modelRules';
import type { LinterParts } from './index';
import { AnalysedSentence } from './sentence';
import { treeInfo } from './treeInfo';

export interface WeighedCorrection {
  /** The kind of edit (the calibration's key, e.g. `subject-verb-comma/delete/lone-relative`). */
  kind: string;
  /** Each slot it changes (slot i: the marks after word i, 1-based) with the marks it writes there (none: deleted). */
  changes: Array<{ slot: number; marks: string[] }>;
  /** log p(corrected | T) − log p(written | T). */
  delta: number;
  /** Calibrated probability that the correction is right. */
  confidence: number;
  /** Reported: the confidence reaches its kind's threshold. */
  reported: boolean;
}

/** A correction a registered guard (`correction/guards/registry.ts`) kept from being weighed at all. */
export interface VetoedCorrection {
  /** The kind of edit it would have been (category/action). */
  kind: string;
  changes: Array<{ slot: number; marks: string[] }>;
  /** The guard's id, and what it recognises. */
  guard: string;
  guardDescription: string;
}

export interface WeighedCorrections {
  /** The global threshold, and the kinds that have their own. */
  threshold: number;
  kindThresholds: Record<string, number>;
  /** Most confident first. */
  corrections: WeighedCorrection[];
  /** The corrections a guard vetoed, in the sentence's order. */
  vetoed: VetoedCorrection[];
}

/** Undefined when the model or the calibration is not loaded (the typographic rules alone weigh nothing). */
export function weighedCorrections(s: AnalysedSentence, parts: LinterParts): WeighedCorrections | undefined {
  const cal = parts.calibration;
  if (!cal || !parts.model) return undefined;
  // As the linter scores them: the closing comma of a relative clause on its own parse, and every kind a convention
  // decides (`conventionKinds.ts`) as it decides it.
  const scored = sentenceCandidates(s, parts.model, cal, parts.analyser?.parseWithCommas?.bind(parts.analyser))
    .flatMap(conventionDecision)
    .sort((a, b) => b.confidence - a.confidence);
  return {
    threshold: cal.threshold,
    kindThresholds: { ...(cal.thresholds ?? {}) },
    corrections: scored.map((c) => ({
      kind: c.key,
      changes: [...c.candidate.changes].map(([slot, marks]) => ({ slot, marks: marks.map((m) => m.text) })),
      delta: c.delta,
      confidence: c.confidence,
      reported: c.confidence >= thresholdFor(cal, c.key),
    })),
    vetoed: vetoedCorrections(s),
  };
}

/** What the guards vetoed in the sentence: the generator run again with its trace (no inference). */
function vetoedCorrections(s: AnalysedSentence): VetoedCorrection[] {
  if (s.tree.words.length === 0) return [];
  const vetoes: GuardVeto[] = [];
  candidates(s, treeInfo(s.tree), undefined, 0, undefined, vetoes);
  const describe = new Map(GUARDS.map((g) => [g.id, g.description]));
  return vetoes.map((v) => ({
    kind: kindKey(v.category, v.action),
    changes: [{ slot: v.slot, marks: [] }],
    guard: v.guard,
    guardDescription: describe.get(v.guard) ?? '',
  }));
}

/**
 * Where the learned scorer's candidate features go (`emitCandidateFeatures`): each feature is named by a few parts
 * whose concatenation is its name (`key=` and the kind of edit, `lw=`, the word, `*` and the action). Training and
 * research want the names (`FeatureNames`: a `FeatureVector`); the lint wants only w · f (`FeatureLogit`), which it
 * sums by looking each feature up by its parts (`FeatureWeights.weightOfParts`), so that no name is built: building,
 * hashing and looking up some 55 names a candidate was about a tenth of the lint's CPU in a profile (issue 37).
 *
 * Last, what the features read of a whole sentence (`sentenceFacts`).
 */
import { FeatureWeights, joinParts } from './scorerWeights';
import type { FeatureVector } from './learnedScorer';
import type { AnalysedSentence } from '../../sentence';

export interface FeatureSink {
  /** The feature named by the parts a … g (those given) joined, with value v. */
  add(v: number, a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string): void;
  /**
   * Whether a feature whose name starts with `prefix` can matter here: when not, the features skip computing those
   * (`pairedStretch`'s, which the shipped scorer was fitted without).
   */
  reads(prefix: string): boolean;
  /**
   * The features of slot i's block for an edit of `action` (side '' or '2:'), which `emit` adds: a function of the
   * sentence, i, side and action alone, so that a sentence's candidates can share them (`SentenceTerms`).
   */
  slot(i: number, side: string, action: string, emit: () => void): void;
  /** What the features read of the whole sentence (`sentenceFacts`), which a sink may keep for its other candidates. */
  sentence(s: AnalysedSentence): SentenceFacts;
}

/** The features by name, in the order given: what the scorer is trained on and what the reasons read. */
export class FeatureNames implements FeatureSink {
  readonly features: FeatureVector = [];

  add(v: number, a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string): void {
    this.features.push([joinParts(a, b, c, d, e, f, g), v]);
  }

  reads(): boolean {
    return true;
  }

  slot(_i: number, _side: string, _action: string, emit: () => void): void {
    emit();
  }

  sentence(s: AnalysedSentence): SentenceFacts {
    return sentenceFacts(s);
  }
}

/**
 * What the candidates of one sentence share as the lint scores them: the sentence's facts (`sentenceFacts`), and the
 * terms w · v of the slot blocks they have scored, by weights. Its dense candidates share slots (a gap's insertion, a
 * pair opening there, the bound without Δ and the score with it), and a block's terms replayed in order add to the sum
 * exactly what looking them up again would.
 */
export class SentenceTerms {
  private readonly byWeights = new Map<FeatureWeights, Map<string, Map<number, number[]>>>();
  /** The sentence's facts (`sentenceFacts`), read once for all its candidates. */
  private known: SentenceFacts | undefined;

  /** For the sentence `s` with the tree information `info` (the terms are theirs). */
  constructor(
    readonly s: AnalysedSentence,
    readonly info: object,
  ) {}

  facts(): SentenceFacts {
    return (this.known ??= sentenceFacts(this.s));
  }

  /** The blocks scored with `weights`, by action, then by slot and side (`2i`, `2i + 1` for a pair's closing slot). */
  of(weights: FeatureWeights): Map<string, Map<number, number[]>> {
    let m = this.byWeights.get(weights);
    if (!m) this.byWeights.set(weights, (m = new Map()));
    return m;
  }
}

/**
 * w · f over the features in the order given, term after term as `featureLogit` sums the same features by name:
 * the same floating-point sum, bit for bit. A feature the weights do not have adds 0 · v, as there.
 */
export class FeatureLogit implements FeatureSink {
  z = 0;
  /** The terms of the slot block being scored, to remember. */
  private recording: number[] | undefined;

  /** The slot blocks already scored with these weights in this sentence (`shared`), to replay and to add to. */
  private readonly blocks: Map<string, Map<number, number[]>> | undefined;

  /** `shared`: what the sentence's other candidates scored, to share. */
  constructor(
    private readonly weights: FeatureWeights,
    private readonly shared?: SentenceTerms,
  ) {
    this.blocks = shared?.of(weights);
  }

  sentence(s: AnalysedSentence): SentenceFacts {
    return this.shared ? this.shared.facts() : sentenceFacts(s);
  }

  add(v: number, a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string): void {
    const term = (this.weights.weightOfParts(a, b, c, d, e, f, g) ?? 0) * v;
    this.z += term;
    this.recording?.push(term);
  }

  slot(i: number, side: string, action: string, emit: () => void): void {
    if (!this.blocks) return emit();
    let byAction = this.blocks.get(action);
    if (!byAction) this.blocks.set(action, (byAction = new Map()));
    const key = 2 * i + (side === '' ? 0 : 1);
    const known = byAction.get(key);
    if (known) {
      for (let k = 0; k < known.length; k++) this.z += known[k];
      return;
    }
    const terms: number[] = [];
    this.recording = terms;
    emit();
    this.recording = undefined;
    byAction.set(key, terms);
  }

  reads(prefix: string): boolean {
    return this.weights.hasNameStartingWith(prefix);
  }
}

/**
 * What the learned scorer's features read of a whole sentence, the same for each of its candidates: the signs of its
 * writer's register and the commas written in it (`emitCandidateFeatures`; a sink may keep them for the sentence's
 * other candidates, `FeatureSink.sentence`).
 */
export interface SentenceFacts {
  register: readonly string[];
  commas: number;
}

/** The sentence's facts. */
export function sentenceFacts(s: AnalysedSentence): SentenceFacts {
  return { register: registerFeatures(s), commas: writtenCommas(s) };
}

/** Signs of the writer's register in the sentence as written (`candidateFeatures`). */
export function registerFeatures(s: AnalysedSentence): string[] {
  const words = s.tree.words;
  const out: string[] = [];
  if (words.length === 0) return out;
  if (/^\p{Ll}/u.test(words[0].form)) out.push('reg:lowerStart');
  if (words.some((w) => w.form === 'i')) out.push('reg:lowerI');
  const last = s.tree.slots[words.length] ?? [];
  if (!last.some((m) => m === '.' || m === '?' || m === '!' || m === '...' || m === '?!')) out.push('reg:noFinalMark');
  return out;
}

/** The commas written in the sentence. */
function writtenCommas(s: AnalysedSentence): number {
  let k = 0;
  for (const marks of s.tree.slots) for (const m of marks) if (m === ',') k++;
  return k;
}

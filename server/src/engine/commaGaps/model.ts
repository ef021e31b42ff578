/**
 * The comma-gap model (`models/en/comma-gaps.bin`): a logistic model over hashed features of one gap of a sentence as
 * written (`features.ts`), giving P(an editor would write the comma missing here) at an empty gap and P(the comma
 * written here is stray) at a gap holding one. Trained on edited-english train corrupted by the writers' error
 * generator and parsed again as the linter sees it (`server/research/commaGaps/`); each question's intercept shifted
 * from the training copies' error rate to writers' (`corruption/rates.ts`), so a probability means what it says on
 * real text; the threshold of each question and kind of gap chosen on dev. Stored in the binary layout of
 * `../hashedWeightsFile.ts` with its thresholds in the header: as JSON (5.7 MB) it took ~0.2 s to parse.
 */
import * as fs from 'fs';
import * as path from 'path';
import { featureIndex, onceByFile } from '../../restore/hashedLogistic';
import { decodeHashedWeights, encodeHashedWeights, HashedWeights, HashedWeightsHeader, WeightLookup } from '../hashedWeightsFile';
import { modelSchemaProblem } from '../modelSchemas';
import { GAP_KINDS, GapHead, GapKind, GapSentence, gapQuestionPrefix, writeGapFeatures } from './features';
import { FNV_OFFSET, fnvFrom, fnvOfParts } from '../../parser/fnv';
import { ModelFileError, readModelFile } from '../../data/modelIntegrity';

export const COMMA_GAPS_FILE = 'comma-gaps.bin';

const MAGIC = 'PUNCTEME-COMMA-GAPS-1';

type Thresholds = Record<GapHead, Partial<Record<GapKind, number>>>;

/** The file's header beside its weights. */
export interface CommaGapsHeader extends HashedWeightsHeader {
  /** Per question and kind of gap, a gap is reported when its probability is at least this (> 1: never). */
  thresholds: Thresholds;
  /** Per question, the log-odds added to its intercept (training copies' error rate → writers'), already in the weights. */
  priorShift?: Partial<Record<GapHead, number>>;
  /** The kinds of gap where the training examples held stray commas (absent: the four of the first recipe). */
  strayKinds?: GapKind[];
  note?: string;
}

export interface CommaGapsModel {
  readonly version: string;
  readonly bits: number;
  readonly thresholds: Readonly<Thresholds>;
  readonly weights: WeightLookup;
  /** The kinds of gap where it was shown stray commas, if its file says (`CommaGapsHeader.strayKinds`). */
  readonly strayKinds?: ReadonlySet<GapKind>;
}

/** The file's bytes: the weights (multiples of 1/`scale`) and the header's thresholds and notes. */
export function encodeCommaGaps(m: HashedWeights, scale: number, extra: Pick<CommaGapsHeader, 'thresholds' | 'priorShift' | 'strayKinds' | 'note'>): Buffer {
  return encodeHashedWeights(MAGIC, m, scale, extra);
}

/** The model in `raw` (the file's bytes); throws, saying why, on anything else. */
export function decodeCommaGaps(raw: Buffer): CommaGapsModel {
  const { header, weights } = decodeHashedWeights<CommaGapsHeader>(raw, MAGIC, 'comma-gap model');
  const problem = modelSchemaProblem('commaGaps', header);
  if (problem) throw new Error(problem);
  const unknown = header.strayKinds?.find((k) => !(GAP_KINDS as readonly string[]).includes(k));
  if (unknown) throw new Error(`comma-gap model: strayKinds names ${JSON.stringify(unknown)}, no kind of gap`);
  const strayKinds = header.strayKinds ? { strayKinds: new Set(header.strayKinds) } : {};
  return { version: header.version, bits: header.bits, thresholds: { missing: { ...header.thresholds.missing }, stray: { ...header.thresholds.stray } }, weights, ...strayKinds };
}

/** P(the gap's answer is yes) from its features: σ(Σ w_f), the sum in the features' order. */
export function gapProbability(m: CommaGapsModel, features: readonly string[]): number {
  let z = 0;
  for (const f of features) z += m.weights.at(featureIndex(f, m.bits));
  return 1 / (1 + Math.exp(-z));
}

/**
 * Answers already given for a gap view, per model: the learned scorer's features (`gapProbabilities`), the comma-gap
 * findings and the stray agreement ask the same gaps of the same sentence's view (`gapView`), and a gap's ~60 hashed
 * features cost ~4% of the lint each time. A view is never changed once built, so its answers stay its own.
 */
const answered = new WeakMap<GapSentence, { m: CommaGapsModel; missing: Float64Array; stray: Float64Array }>();

/**
 * `gapProbability(m, gapFeatures(g, i, head))` without building the features: each hashed from its parts
 * (`writeGapFeatures`) as `hashString` hashes its string, the sum in the same order, so the same float. Computed once a
 * view, gap and question (`answered`).
 */
export function gapProbabilityAt(m: CommaGapsModel, g: GapSentence, i: number, head: GapHead): number {
  let known = answered.get(g);
  if (!known || known.m !== m) {
    const n = g.s.tree.words.length + 1;
    answered.set(g, (known = { m, missing: new Float64Array(n).fill(NaN), stray: new Float64Array(n).fill(NaN) }));
  }
  const row = head === 'missing' ? known.missing : known.stray;
  if (i >= 0 && i < row.length && !Number.isNaN(row[i])) return row[i];
  const p = gapProbabilityFromFeatures(m, g, i, head);
  if (i >= 0 && i < row.length) row[i] = p;
  return p;
}

function gapProbabilityFromFeatures(m: CommaGapsModel, g: GapSentence, i: number, head: GapHead): number {
  const prefix = fnvFrom(FNV_OFFSET, gapQuestionPrefix(head));
  const mask = (1 << m.bits) - 1;
  let z = 0;
  writeGapFeatures(g, i, (a, b, c, d, e, f, h, k) => {
    z += m.weights.at((fnvOfParts(prefix, a, b, c, d, e, f, h, k) >>> 0) & mask);
  });
  return 1 / (1 + Math.exp(-z));
}

/** The threshold of a question and kind of gap (none given: never reported). */
export function gapThreshold(m: CommaGapsModel, head: GapHead, kind: GapKind): number {
  return m.thresholds[head][kind] ?? 2;
}

const readGaps = onceByFile((f) => {
  try {
    return decodeCommaGaps(readModelFile(f));
  } catch (e) {
    if (e instanceof ModelFileError) throw e;
    throw new Error(`${f}: ${(e as Error).message}`);
  }
});

/** The model of `dir`, or undefined when it has none (then no comma-gap findings). */
export function loadCommaGapsModel(dir: string): CommaGapsModel | undefined {
  return readGaps(path.join(dir, COMMA_GAPS_FILE));
}

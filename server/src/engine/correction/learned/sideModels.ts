/**
 * The other models' answers at a sentence's gaps, read as the learned scorer's features: the comma-gap model's, the
 * set-off comma model's, and (for a scorer trained with it) the BiLSTM gap tagger's. Each is read only through its
 * model's public API, so a refit of that model needs no change here, only the scorer's refit.
 */
import { AnalysedSentence, Reparse } from '../../sentence';
import { TreeInfo } from '../../treeInfo';
import { gapHead } from '../../commaGaps/features';
import { gapView } from '../../commaGaps/findings';
import { CommaGapsModel, gapProbabilityAt } from '../../commaGaps/model';
import { SetOffKind } from '../../setOffCommas/candidates';
import { setOffFeatures } from '../../setOffCommas/features';
import { SetOffCommasModel, setOffProbability } from '../../setOffCommas/model';
import { candidatesWithTrials, trialFeatures } from '../../setOffCommas/trialCandidates';
import * as fs from 'fs';
import * as path from 'path';
import { readModelFile } from '../../../data/modelIntegrity';
import { BILSTM_MARK_COUNT, bilstmMarginals, BiLstmTagger, bilstmTaggerFromJson, BiLstmTaggerJson, OTHER_WRITTEN_MARK } from '../../../restore/bilstmTagger';
import { writtenMarkClass } from '../../../restore/punctTagger';
import { boundedLogit } from '../pipeline/calibration';

/**
 * The comma-gap model's answer at every gap of a sentence as written (`engine/commaGaps/`), for the learned scorer's
 * features: P(a comma is missing here) at an empty gap, P(the written comma is stray) at a gap holding one, NaN where
 * the model asks nothing (inside a word, at a gap with other marks). Read only through the model's public API, so a
 * refit of that model (`npm run train:comma-gaps`) needs no change here, only the scorer's refit.
 */
export function gapProbabilities(s: AnalysedSentence, info: TreeInfo, model: CommaGapsModel, prior?: Float64Array): Float64Array {
  const n = s.tree.words.length;
  const out = new Float64Array(n + 1).fill(NaN);
  // The sentence's one gap view: the comma-gap findings ask the same gaps of it, and its answers are kept.
  const g = gapView(s, prior, info);
  for (let i = 1; i < n; i++) {
    const head = gapHead(s, i);
    if (head) out[i] = gapProbabilityAt(model, g, i, head);
  }
  return out;
}

/**
 * The set-off comma model's answer at a sentence's candidates (`engine/setOffCommas/`), for the learned scorer's
 * features: for each non-restrictive relative clause, apposition or fronted phrase that may lack its commas, the slots
 * a comma would be written at and P(an editor wrote them). The candidates are the ones the calibrated decision asks the
 * model about, trial parses included (`candidatesWithTrials`, given `reparse`), so the scorer reads the probability the
 * model was trained to give. Read only through the model's public API, so a refit of that model
 * (`npm run train:set-off-commas`) needs no change here, only the scorer's refit.
 */
export interface SetOffAnswer {
  kind: SetOffKind;
  /** The slots the commas would be written at (1 or 2, ascending). */
  slots: readonly number[];
  /** P(an editor wrote the commas at those slots), calibrated to writers' error rate. */
  p: number;
}

export function setOffProbabilities(s: AnalysedSentence, info: TreeInfo, model: SetOffCommasModel, reparse?: Reparse): SetOffAnswer[] {
  if (s.tree.words.length === 0) return [];
  return candidatesWithTrials(s, info, reparse).map((r) => ({
    kind: r.c.kind,
    slots: r.c.slots,
    p: setOffProbability(model, [...setOffFeatures(r.s, r.info, r.c), ...trialFeatures(r)]),
  }));
}

/**
 * What the set-off model says about a candidate edit's slots: the most probable of its answers that shares a slot with
 * them, and whether that answer's slots are exactly the edit's (a pair decided as a pair, or the one missing comma).
 */
export function setOffAt(answers: readonly SetOffAnswer[], slots: readonly number[]): { answer: SetOffAnswer; same: boolean } | undefined {
  let best: SetOffAnswer | undefined;
  for (const a of answers) if (a.slots.some((i) => slots.includes(i)) && (!best || a.p > best.p)) best = a;
  if (!best) return undefined;
  return { answer: best, same: best.slots.length === slots.length && best.slots.every((i) => slots.includes(i)) };
}

/**
 * The linter's BiLSTM gap tagger (`restore/bilstmTagger.ts` with the written marks among its inputs), read as features
 * of the learned scorer: at each gap, which mark an editor would write there, given the words of the whole sentence and
 * the marks its writer wrote around the gap. Trained on edited-english sentences whose commas were left out and added
 * at random (`scripts/train-restore-bilstm.ts --written`), it reads a gap from both ends of the sentence, where the
 * comma-gap model (`gapProbabilities`, above) reads a window of words and the parse.
 *
 * A candidate's features (`neuralGapFeatures`) are the logits of P(the mark the candidate writes) and P(the mark it
 * replaces) at its slots. Training adds them to examples already built (`server/research/scorer/neuralGapFeatures.ts`)
 * through the same function, so the two agree by construction.
 */
export const LINT_GAP_TAGGER_FILE = 'lint-gap-tagger.json';

export function loadLintGapTagger(dir: string): BiLstmTagger | undefined {
  const file = path.join(dir, LINT_GAP_TAGGER_FILE);
  if (!fs.existsSync(file)) return undefined;
  return bilstmTaggerFromJson(JSON.parse(readModelFile(file).toString('utf8')) as BiLstmTaggerJson, dir);
}

/** The tagger's reading of a sentence: P(mark after word t), n × BILSTM_MARK_COUNT. */
export interface NeuralGapReading {
  p: Float64Array;
  n: number;
}

/**
 * The words and the marks written after each (the tree's slots 1 … n, normalised marks as the tokenizer's
 * `slotSentence` gives them), read as the tagger was trained to read them (`writtenMarkClass`).
 */
export function neuralGapReading(s: AnalysedSentence, tagger: BiLstmTagger): NeuralGapReading {
  const words = s.tree.words.map((w) => w.form);
  const written = words.map((_, t) => writtenMarkClass(s.tree.slots[t + 1] ?? []));
  return { p: bilstmMarginals(tagger, words, written), n: words.length };
}

/**
 * The features of an edit that writes `changes` (slot → its new marks, normalised; slot i lies after word i) in place
 * of `written` (slot → the normalised marks written there): per kind of edit and action, the lowest logit of P(new mark) over the
 * changed inner slots, its bin, and the lowest logit of P(the written mark). Slots the tagger cannot answer (the
 * sentence's ends, a mark it does not tag) are left out; with none left, the feature `noNGap*action`.
 */
export function neuralGapFeatures(r: NeuralGapReading, changes: ReadonlyArray<readonly [number, readonly string[]]>, written: (slot: number) => readonly string[], action: string, key: string): Array<[string, number]> {
  let lo = Infinity, hi = -Infinity, old = Infinity;
  for (const [i, marks] of changes) {
    if (i < 1 || i >= r.n) continue;
    const now = writtenMarkClass(marks);
    const was = writtenMarkClass(written(i));
    if (now === OTHER_WRITTEN_MARK || was === OTHER_WRITTEN_MARK) continue;
    const pNew = boundedLogit(r.p[(i - 1) * BILSTM_MARK_COUNT + now]);
    lo = Math.min(lo, pNew);
    hi = Math.max(hi, pNew);
    old = Math.min(old, boundedLogit(r.p[(i - 1) * BILSTM_MARK_COUNT + was]));
  }
  if (lo === Infinity) return [[`noNGap*${action}`, 1]];
  return [
    [`nGap*${action}`, lo / 4],
    [`nGapMax*${action}`, hi / 4],
    [`nGap*key=${key}`, lo / 4],
    [`nGapOld*${action}`, old / 4],
    [`nGapBin=${Math.round(lo)}*${action}`, 1],
  ];
}

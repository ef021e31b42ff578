/**
 * The linter's BiLSTM gap tagger (`restore/bilstmTagger.ts` with the written marks among its inputs), read as features
 * of the learned scorer: at each gap, which mark an editor would write there, given the words of the whole sentence and
 * the marks its writer wrote around the gap. Trained on edited-english sentences whose commas were left out and added
 * at random (`scripts/train-restore-bilstm.ts --written`), it reads a gap from both ends of the sentence, where the
 * comma-gap model (`gapProbabilities.ts`) reads a window of words and the parse.
 *
 * A candidate's features (`neuralGapFeatures`) are the logits of P(the mark the candidate writes) and P(the mark it
 * replaces) at its slots. Training adds them to examples already built (`server/research/scorer/neuralGapFeatures.ts`)
 * through the same function, so the two agree by construction.
 */
import * as fs from 'fs';
import * as path from 'path';
import { readModelFile } from '../../../data/modelIntegrity';
import { BILSTM_MARK_COUNT, bilstmMarginals, BiLstmTagger, bilstmTaggerFromJson, BiLstmTaggerJson, OTHER_WRITTEN_MARK } from '../../../restore/bilstmTagger';
import { writtenMarkClass } from '../../../restore/punctTagger';
import { boundedLogit } from '../pipeline/calibration';
import { AnalysedSentence } from '../../sentence';

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

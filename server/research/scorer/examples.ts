/**
 * Labelled candidate edits for the learned scorer: sentences of one edited-english part, corrupted by the writers'
 * error generator (one error each) or as written, analysed as the engine analyses them (the corrupted text parsed
 * again by the bundled parser; a written sentence keeps its silver parse, which is the same parser's), every
 * candidate the engine generates scored by the punctuation model (`scoreCandidates`), and labelled 1 when every slot
 * it changes gets exactly what the editor wrote there (the corruption's gold repair), else 0.
 */
import { BiLstmTagger } from '../../src/restore/bilstmTagger';
import { Parser } from '../../src/parser';
import { EngineModel } from '../../src/engine/punctModel';
import { AnalysedSentence } from '../../src/engine/sentence';
import { treeInfo } from '../../src/engine/treeInfo';
import { Calibration } from '../../src/engine/correction/pipeline/calibration';
import { scoredForScorer } from '../../src/engine/correction/learned/learnedDecision';
import { compactSlot, Corruption, ErrorKind } from '../eval/corrupt';
import { candidateFeatures } from '../../src/engine/correction/learned/learnedScorer';
import { Encoded, FeatureTable } from './logistic';
import { EditedItem, SuiteDocument } from '../corruption/editedSuite';
import { CommaGapsModel } from '../../src/engine/commaGaps/model';
import { SetOffCommasModel } from '../../src/engine/setOffCommas/model';

export interface ScoredEdit {
  key: string;
  /** Slot → its new compact marks. */
  changes: Array<[number, string]>;
  delta: number;
  /** The shipped error model's calibrated confidence. */
  confidence: number;
  label: 0 | 1;
  /** The example's weight in the fit (1 when absent): less for a label the data are unsure of (`writerLabels.ts`). */
  weight?: number;
  features: Encoded;
}

/** The feature names of every example built in this process. */
export const featureTable = new FeatureTable();

export interface LabelledSentence {
  id: string;
  /** Undefined for a sentence as written. */
  error?: ErrorKind;
  gold?: Array<[number, string[]]>;
  edits: ScoredEdit[];
}

/** Which candidates the examples are made of: the hand-written generator's, or the dense ones (`denseCandidates`). */
export let exampleCandidates: 'hand' | 'dense' = 'dense';
export function setExampleCandidates(kind: 'hand' | 'dense'): void {
  exampleCandidates = kind;
}

/**
 * The comma-gap model whose probability the examples carry as a feature (none: no such feature), one for every
 * example or one per example by its id (`crossFit.ts`: a model that did not see the example's document).
 */
let exampleGaps: ((id: string) => CommaGapsModel) | undefined;
export function setExampleGaps(m: CommaGapsModel | ((id: string) => CommaGapsModel) | undefined): void {
  exampleGaps = typeof m === 'function' ? m : m && (() => m);
}

/**
 * The set-off comma model whose probability the examples carry as a feature (none: no such feature), one for every
 * example or one per example by its id (`crossFit.ts`: a model that did not see the example's document).
 */
let exampleSetOff: ((id: string) => SetOffCommasModel) | undefined;
export function setExampleSetOff(m: SetOffCommasModel | ((id: string) => SetOffCommasModel) | undefined): void {
  exampleSetOff = typeof m === 'function' ? m : m && (() => m);
}

/**
 * The BiLSTM gap tagger whose probabilities the examples carry as features (none: no such features; `sideModels.ts`),
 * one for every example or one per example by its id (`crossFit.ts`: a tagger that did not see the example's document).
 */
let exampleNeural: ((id: string) => BiLstmTagger) | undefined;
export function setExampleNeural(t: BiLstmTagger | ((id: string) => BiLstmTagger) | undefined): void {
  exampleNeural = typeof t === 'function' ? t : t && (() => t);
}

/** `id`: the example's (`source#index/…`), which chooses its comma-gap and set-off models. */
export function labelEdits(s: AnalysedSentence, model: EngineModel, cal: Calibration, parser: Parser, id: string, corruption?: Corruption): ScoredEdit[] {
  const info = treeInfo(s.tree);
  const gaps = exampleGaps?.(id);
  const setOff = exampleSetOff?.(id);
  const neural = exampleNeural?.(id);
  // Exactly what the engine's learned decision scores at run time (`learnedDecision.ts scoredForScorer`).
  const scorer = { candidates: exampleCandidates === 'dense' ? ('dense' as const) : undefined, gapFeature: gaps !== undefined, setOffFeature: setOff !== undefined, neuralGaps: neural !== undefined };
  const scored = scoredForScorer(scorer, s, info, model, cal, parser.parseWithCommas.bind(parser), undefined, false, undefined, { gaps, setOff, neural });
  return scored.map(({ scored: sc, ctx }) => {
    const changes = [...sc.candidate.changes].map(([i, marks]) => [i, compactSlot(marks)] as [number, string]);
    const right = corruption !== undefined && changes.every(([i, m]) => corruption.gold.get(i)?.includes(m) ?? false);
    return { key: sc.key, changes, delta: Number.isFinite(sc.delta) ? sc.delta : 0, confidence: sc.confidence, label: right ? 1 : 0, features: featureTable.encode(candidateFeatures(sc, s, info, ctx)) };
  });
}

/** The corrupted text analysed by the parser; undefined when it does not come back as one sentence of the same words. */
export function analyseCorrupted(parser: Parser, it: EditedItem): AnalysedSentence | undefined {
  const parsed = parser.parseText(it.corrupted.text);
  if (parsed.length !== 1 || parsed[0].notes?.length) return undefined;
  const s = parsed[0];
  return s.tree.words.length === it.corrupted.sentence.tree.words.length ? s : undefined;
}

export function labelledItems(items: readonly EditedItem[], model: EngineModel, cal: Calibration, parser: Parser): { sentences: LabelledSentence[]; skipped: number } {
  const sentences: LabelledSentence[] = [];
  let skipped = 0;
  for (const it of items) {
    const s = analyseCorrupted(parser, it);
    if (!s) {
      skipped++;
      continue;
    }
    sentences.push({ id: it.id, error: it.error, gold: [...it.corruption.gold], edits: labelEdits(s, model, cal, parser, it.id, it.corruption) });
  }
  return { sentences, skipped };
}

/** Every `every`-th sentence of the documents as written (all of them with 1). */
export function labelledClean(docs: readonly SuiteDocument[], model: EngineModel, cal: Calibration, parser: Parser, every = 1): LabelledSentence[] {
  const out: LabelledSentence[] = [];
  let k = 0;
  for (const doc of docs)
    doc.sentences.forEach((ss, p) =>
      ss.forEach((x, j) => {
        if (k++ % every) return;
        const id = `${doc.key}/${p}/${j}`;
        out.push({ id, edits: labelEdits(x.gold.sentence, model, cal, parser, id) });
      }),
    );
  return out;
}

/**
 * Text as the linter gets it: each piece parsed by the bundled parser (no tree given), every sentence it yields
 * labelled as written (every edit 0). For a clean budget on text whose trees are not the parser's (EWT's gold trees).
 */
export function labelledParsed(pieces: ReadonlyArray<{ id: string; text: string }>, model: EngineModel, cal: Calibration, parser: Parser): LabelledSentence[] {
  const out: LabelledSentence[] = [];
  for (const { id, text } of pieces) parser.parseText(text).forEach((s, j) => out.push({ id: `${id}/${j}`, edits: labelEdits(s, model, cal, parser, `${id}/${j}`) }));
  return out;
}

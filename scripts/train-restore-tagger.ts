/**
 * Trains the CRF punctuation tagger, a linear-chain CRF over hashed word features (`server/src/restore/punctTagger.ts`;
 * restoration's tagger before the BiLSTM, now its baseline, and with LOWER_EVERY=1 the tagger of text typed without
 * capitals):
 *
 *   npx tsx scripts/train-restore-tagger.ts   # writes models/en/restore-tagger-crf.json (npm run train:restore-tagger-crf)
 *
 * Data: EWT train paragraphs and edited-english train documents (d % 10 ∉ {8, 9}), as dictation gives them (words
 * only, sentence-initial capitals lowered; `dictated` in test/restore/corpus.ts); each word is tagged with the main
 * mark written after it, inside a question by the question state's tags (QUESTION_STATE=0: the marks alone); the
 * features are FEATURES (default 2, the wider window; 1: the first model's) and read the parser's word clusters
 * (CLUSTERS=0: not). AdaGrad (rate RATE, default 0.05) for EPOCHS (default 3) epochs, the weights averaged over
 * every update (AVERAGE=0: the last ones); the epoch kept is the one with the lowest negative log-likelihood per word
 * on EWT dev + edited-english dev.
 * Every weight is kept, to 3 decimals, in the file's dense form (gzipped int16; KEEP=N: only the N of largest magnitude,
 * as sparse pairs — 250,000 of them lost 0.007 dev NLL/word and 0.05 comma F1 on the second feature set).
 * OUT=FILE writes elsewhere than models/en. LOWER_EVERY=k: every k-th train run all in lower case (a model for text
 * typed without capitals); LOWER_DEV=1: every dev run so.
 * JOIN_FORMULAE=K: K more runs for each short formula sentence of EWT train (at most 6 words, `FORMULA_OPENING`:
 * "Thanks for the update.", "Sounds good."), each the formula followed by another sentence of EWT train (the next
 * one, then one further on): a formula is mostly a paragraph of its own or its last sentence, so the data has few
 * runs where one is followed by more words, and restoration fused it with the next sentence (issue #31).
 */
import * as fs from 'fs';
import * as path from 'path';
import { meanNll, TaggedRun, trainTagger } from '../server/research/restore/crfTraining';
import { bestMarks, CRF_TAGGER_FILE, DENSE_SCALE, denseWeightText, featureHashes, FeatureSet, MARKS, markOfSlot, CrfTagger, PunctTaggerJson, QUESTION_STATE_TAGS, TAGGER_MODEL_FILE, tagsOfMarks } from '../server/src/restore/punctTagger';
import { CLUSTERS_FILE, readClusters } from '../server/src/parser/wordClusters';
import { dictated, editedParagraphs, ewtParagraphs, FORMULA_OPENING, slotMarks } from '../test/restore/corpus';

const BITS = 21;
const EPOCHS = Number(process.env.EPOCHS ?? 3);
/** The KEEP weights of largest magnitude are kept (the file's size), the rest dropped. */
const KEEP = process.env.KEEP === undefined ? undefined : Number(process.env.KEEP);
const RATE = Number(process.env.RATE ?? 0.05);
/** CLUSTERS=0: lexical features only (without the parser's word clusters). */
const CLUSTERS = process.env.CLUSTERS !== '0';
const FEATURES = Number(process.env.FEATURES ?? 2) as FeatureSet;
const TAG_LIST: readonly string[] = process.env.QUESTION_STATE === '0' ? MARKS : QUESTION_STATE_TAGS;
const AVERAGE = process.env.AVERAGE !== '0';
const MODEL_DIR = path.resolve(__dirname, '..', 'models', 'en');
const clusters = CLUSTERS ? readClusters(path.join(MODEL_DIR, CLUSTERS_FILE)) : undefined;

/** Every this-many-th run all in lower case (0: none), as a learner or a dictating writer types (LOWER_EVERY). */
const LOWER_EVERY = Number(process.env.LOWER_EVERY ?? 0);

function runs(paragraphs: readonly string[][], lowerEvery = 0): Array<TaggedRun & { words: string[]; marks: number[] }> {
  const out: Array<TaggedRun & { words: string[]; marks: number[] }> = [];
  for (const [k, p] of paragraphs.entries()) {
    const input = dictated(p);
    if (!input) continue;
    const words = lowerEvery > 0 && k % lowerEvery === 0 ? input.toLowerCase().split(' ') : input.split(' ');
    const gold = slotMarks(p.join(' '));
    if (gold.length !== words.length + 1) continue;
    const marks = words.map((_, i) => markOfSlot(gold[i + 1]));
    out.push({ words, marks, hashes: featureHashes(words, clusters, FEATURES), tags: tagsOfMarks(TAG_LIST, marks) });
  }
  return out;
}

/** Per short formula sentence of the paragraphs, `k` runs of it followed by another sentence (the next, then further on). */
function formulaJoins(paragraphs: readonly string[][], k: number): string[][] {
  const sentences = paragraphs.flat();
  const out: string[][] = [];
  sentences.forEach((s, j) => {
    if (dictated([s]).split(' ').filter(Boolean).length > 6 || !FORMULA_OPENING.test(s)) return;
    for (let c = 1; c <= k; c++) out.push([s, sentences[(j + c * 97 - 96) % sentences.length]]);
  });
  console.log(`${out.length} formula runs joined (${k} a formula)`);
  return out;
}

/** Per mark, F1 of the Viterbi tags' marks on labelled runs (the last word's included). */
function tagF1(m: CrfTagger, data: ReadonlyArray<TaggedRun & { words: string[]; marks: number[] }>): string {
  const tp = new Array<number>(MARKS.length).fill(0), pred = [...tp], gold = [...tp];
  for (const r of data) {
    bestMarks(m, r.words).forEach((y, i) => {
      pred[y]++;
      gold[r.marks[i]]++;
      if (y === r.marks[i]) tp[y]++;
    });
  }
  return [1, 2, 3, 5]
    .map((y) => `${MARKS[y]} F1 ${((2 * tp[y]) / Math.max(1, pred[y] + gold[y])).toFixed(3)}`)
    .join(', ');
}

function pruned(m: CrfTagger, keep: number): CrfTagger {
  const magnitudes = Float32Array.from(m.weights, Math.abs).sort().reverse();
  const least = Math.max(magnitudes[Math.min(keep, magnitudes.length) - 1], 1e-3);
  return { ...m, weights: m.weights.map((v) => (Math.abs(v) >= least ? Number(v.toFixed(3)) : 0)) };
}

function main(): void {
  const t0 = Date.now();
  const editedDocs = (part: 'train' | 'dev') => editedParagraphs(part).map((p) => [p.text]);
  const ewtTrain = ewtParagraphs('train');
  const train = runs([...ewtTrain, ...editedDocs('train'), ...formulaJoins(ewtTrain, Number(process.env.JOIN_FORMULAE ?? 0))], LOWER_EVERY);
  const dev = runs([...ewtParagraphs('dev'), ...editedDocs('dev')], process.env.LOWER_DEV === '1' ? 1 : 0);
  const words = (d: readonly TaggedRun[]) => d.reduce((a, r) => a + r.tags.length, 0);
  console.log(`train ${train.length} runs, ${words(train)} words; dev ${dev.length} runs, ${words(dev)} words (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  let best: { epoch: number; nll: number; m?: CrfTagger } = { epoch: 0, nll: Infinity };
  trainTagger(train, {
    bits: BITS,
    epochs: EPOCHS,
    rate: RATE,
    tags: TAG_LIST,
    average: AVERAGE,
    afterEpoch: (epoch, trained) => {
      const m = { ...trained, clusters, featureSet: FEATURES };
      const nll = meanNll(m, dev);
      console.log(`epoch ${epoch}: dev NLL/word ${nll.toFixed(4)}; ${tagF1(m, dev)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      if (nll < best.nll) {
        best = { epoch, nll, m: { ...m, weights: Float32Array.from(m.weights), trans: Float64Array.from(m.trans) } };
        write(best.m!, epoch); // a checkpoint: the best epoch so far
      }
    },
  });
  // What pruning costs, at a few sizes (the file grows ~16 bytes a weight).
  for (const keep of [250_000, 500_000, 1_000_000]) console.log(`the ${keep} largest kept: dev NLL/word ${meanNll(pruned(best.m!, keep), dev).toFixed(4)}; ${tagF1(pruned(best.m!, keep), dev)}`);
  const m = write(best.m!, best.epoch);
  console.log(`epoch ${best.epoch} kept (${KEEP ?? 'every weight'}), dev NLL/word ${meanNll(m, dev).toFixed(4)}; ${tagF1(m, dev)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

/** Writes the model of an epoch with its KEEP largest weights (and, with FULL_OUT=FILE, every weight as float32). */
function write(trained: CrfTagger, epoch: number): CrfTagger {
  const m = KEEP === undefined ? { ...trained, weights: trained.weights.map((v) => Math.round(v * DENSE_SCALE) / DENSE_SCALE) } : pruned(trained, KEEP);
  const kept: Array<[number, number]> = [];
  if (KEEP !== undefined)
    m.weights.forEach((v, k) => {
      if (v !== 0) kept.push([k, Number(v.toFixed(3))]);
    });
  const json: PunctTaggerJson = {
    version: `restore-tagger-crf-${FEATURES}${TAG_LIST === MARKS ? '' : 'q'}${AVERAGE ? 'a' : ''}-e${epoch}`,
    bits: BITS,
    tags: [...TAG_LIST],
    featureSet: FEATURES,
    clusters: CLUSTERS,
    trans: Array.from(m.trans, (v) => Number(v.toFixed(4))),
    ...(KEEP === undefined ? { dense: denseWeightText(m.weights) } : { weights: kept }),
  };
  const out = process.env.OUT ?? path.join(MODEL_DIR, CRF_TAGGER_FILE);
  fs.writeFileSync(out, JSON.stringify(json));
  if (process.env.FULL_OUT) fs.writeFileSync(process.env.FULL_OUT, Buffer.from(trained.weights.buffer));
  console.log(`wrote ${out} (epoch ${epoch}, ${KEEP === undefined ? 'every weight' : `${kept.length} weights`}, ${(fs.statSync(out).size / 1e6).toFixed(1)} MB)`);
  return m;
}

main();

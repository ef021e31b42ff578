/**
 * Trains restoration's punctuation tagger, a linear-chain CRF over hashed word features
 * (`server/src/restore/punctTagger.ts`; the discriminative baseline of the paper's Figure 4):
 *
 *   npx tsx scripts/train-restore-tagger.ts   # writes models/en/restore-tagger.json (npm run train:restore-tagger)
 *
 * Data: EWT train paragraphs and edited-english train documents (d % 10 ∉ {8, 9}), as dictation gives them (words
 * only, sentence-initial capitals lowered; `dictated` in test/restore/corpus.ts); each word is tagged with the main
 * mark written after it; the features read the parser's word clusters (CLUSTERS=0: not). AdaGrad (rate RATE, default 0.05) for EPOCHS (default 3)
 * epochs; the epoch kept is the one with the lowest negative log-likelihood per word on EWT dev + edited-english dev.
 * The KEEP (default 250,000) weights of largest magnitude are kept, the rest dropped (the file ~3 MB instead of 26).
 * OUT=FILE writes elsewhere than models/en.
 */
import * as fs from 'fs';
import * as path from 'path';
import { meanNll, TaggedRun, trainTagger } from '../server/research/restore/crfTraining';
import { CLUSTERS_FILE, featureHashes, PunctTagger, PunctTaggerJson, TAGGER_MODEL_FILE, TAGS, tagOfMarks, bestTags } from '../server/src/restore/punctTagger';
import { readClusters } from '../server/src/parser/wordClusters';
import { dictated, editedParagraphs, ewtParagraphs, slotMarks } from '../test/restore/corpus';

const BITS = 21;
const EPOCHS = Number(process.env.EPOCHS ?? 3);
/** The KEEP weights of largest magnitude are kept (the file's size), the rest dropped. */
const KEEP = Number(process.env.KEEP ?? 250_000);
const RATE = Number(process.env.RATE ?? 0.05);
/** CLUSTERS=0: lexical features only (without the parser's word clusters). */
const CLUSTERS = process.env.CLUSTERS !== '0';
const MODEL_DIR = path.resolve(__dirname, '..', 'models', 'en');
const clusters = CLUSTERS ? readClusters(path.join(MODEL_DIR, CLUSTERS_FILE)) : undefined;

function runs(paragraphs: readonly string[][]): Array<TaggedRun & { words: string[] }> {
  const out: Array<TaggedRun & { words: string[] }> = [];
  for (const p of paragraphs) {
    const input = dictated(p);
    if (!input) continue;
    const words = input.split(' ');
    const gold = slotMarks(p.join(' '));
    if (gold.length !== words.length + 1) continue;
    out.push({ words, hashes: featureHashes(words, clusters), tags: words.map((_, i) => tagOfMarks(gold[i + 1])) });
  }
  return out;
}

/** Per tag, F1 of the Viterbi tags on labelled runs (the last word's tag included). */
function tagF1(m: PunctTagger, data: ReadonlyArray<TaggedRun & { words: string[] }>): string {
  const tp = new Array<number>(TAGS.length).fill(0), pred = [...tp], gold = [...tp];
  for (const r of data) {
    bestTags(m, r.words).forEach((y, i) => {
      pred[y]++;
      gold[r.tags[i]]++;
      if (y === r.tags[i]) tp[y]++;
    });
  }
  return [1, 2, 3]
    .map((y) => `${TAGS[y]} F1 ${((2 * tp[y]) / Math.max(1, pred[y] + gold[y])).toFixed(3)}`)
    .join(', ');
}

function pruned(m: PunctTagger): PunctTagger {
  const magnitudes = Float32Array.from(m.weights, Math.abs).sort().reverse();
  const least = Math.max(magnitudes[Math.min(KEEP, magnitudes.length) - 1], 1e-3);
  return { ...m, weights: m.weights.map((v) => (Math.abs(v) >= least ? Number(v.toFixed(3)) : 0)) };
}

function main(): void {
  const t0 = Date.now();
  const editedDocs = (part: 'train' | 'dev') => editedParagraphs(part).map((p) => [p.text]);
  const train = runs([...ewtParagraphs('train'), ...editedDocs('train')]);
  const dev = runs([...ewtParagraphs('dev'), ...editedDocs('dev')]);
  const words = (d: readonly TaggedRun[]) => d.reduce((a, r) => a + r.tags.length, 0);
  console.log(`train ${train.length} runs, ${words(train)} words; dev ${dev.length} runs, ${words(dev)} words (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  let best: { epoch: number; nll: number; m?: PunctTagger } = { epoch: 0, nll: Infinity };
  trainTagger(train, {
    bits: BITS,
    epochs: EPOCHS,
    rate: RATE,
    afterEpoch: (epoch, trained) => {
      const m = { ...trained, clusters };
      const nll = meanNll(m, dev);
      console.log(`epoch ${epoch}: dev NLL/word ${nll.toFixed(4)}; ${tagF1(m, dev)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      if (nll < best.nll) best = { epoch, nll, m: { ...m, weights: Float32Array.from(m.weights), trans: Float64Array.from(m.trans) } };
    },
  });
  const m = pruned({ ...best.m!, clusters });
  const kept: Array<[number, number]> = [];
  m.weights.forEach((v, k) => {
    if (v !== 0) kept.push([k, v]);
  });
  console.log(`epoch ${best.epoch} kept; the ${KEEP} largest kept (${kept.length} weights), dev NLL/word ${meanNll(m, dev).toFixed(4)}; ${tagF1(m, dev)}`);
  const json: PunctTaggerJson = {
    version: `restore-tagger-crf-1-e${best.epoch}`,
    bits: BITS,
    tags: [...TAGS],
    clusters: CLUSTERS,
    trans: Array.from(m.trans, (v) => Number(v.toFixed(4))),
    weights: kept.map(([k, v]) => [k, Number(v.toFixed(3))]),
  };
  const out = process.env.OUT ?? path.join(MODEL_DIR, TAGGER_MODEL_FILE);
  fs.writeFileSync(out, JSON.stringify(json));
  console.log(`wrote ${out} (${(fs.statSync(out).size / 1e6).toFixed(1)} MB) in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

main();

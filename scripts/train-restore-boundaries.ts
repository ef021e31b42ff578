/**
 * Trains the sentence-boundary and question models of restoration (`server/src/restore/boundaries.ts`):
 *
 *   npx tsx scripts/train-restore-boundaries.ts [--parse]   # writes models/en/restore-boundaries.json (~1 min)
 *
 * --parse: the boundary features also read the bundled parser's parse of each dictated paragraph (as restoration
 * then parses the run before cutting it); every EDITED_EVERY-th (default 2nd) edited-english train paragraph, to keep
 * parsing short. OUT=FILE writes elsewhere than models/en (for a model measured before it ships).
 *
 * Data: EWT train paragraphs and edited-english train documents (d % 10 ∉ {8, 9}), as dictation gives them (words
 * only, sentence-initial capitals lowered; `dictated` in test/restore/corpus.ts); a slot is a boundary where the text
 * as written has `.`, `?` or `!`, a sentence a question where it ends with `?`. Logistic regression (AdaGrad, hashed
 * features, L2 by averaging); the threshold is the one with the best boundary F1 on EWT dev + edited-english dev.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { loadParser, Parser } from '../server/src/parser';
import {
  runParse,
  BoundaryModelJson,
  BOUNDARY_MODEL_FILE,
  boundaryFeatures,
  featureIndex,
  FEATURE_BITS,
  logistic,
  questionFeatures,
} from '../server/src/restore/boundaries';
import { dictated, editedParagraphs, ewtParagraphs, slotMarks } from '../test/restore/corpus';
import { seededRng } from '../server/src/random/seededRng';

interface Example {
  f: number[];
  y: number;
}

const END = (s: readonly string[]) => s.some((m) => m === '.' || m === '?' || m === '!');

/**
 * `lowerEvery`: every k-th paragraph is also given all in lower case (people type dictation-like text that way, `i`
 * included), so the model does not learn that only capitals start sentences.
 */
function examples(paragraphs: readonly string[][], lowerEvery = 0): { boundary: Example[]; question: Example[] } {
  const boundary: Example[] = [];
  const question: Example[] = [];
  paragraphs.forEach((p, k) => {
    const input = lowerEvery && k % lowerEvery === 0 ? dictated(p).toLowerCase() : dictated(p);
    if (!input) return;
    const words = input.split(' ');
    const gold = slotMarks(p.join(' '));
    if (gold.length !== words.length + 1) return;
    let start = 0;
    for (let i = 1; i <= words.length; i++) {
      if (i < words.length) boundary.push({ f: boundaryFeatures(words, i).map((f) => featureIndex(f)), y: END(gold[i]) ? 1 : 0 });
      if ((i < words.length && END(gold[i])) || i === words.length) {
        const sentence = words.slice(start, i);
        question.push({ f: questionFeatures(sentence).map((f) => featureIndex(f)), y: gold[i].includes('?') ? 1 : 0 });
        start = i;
      }
    }
  });
  return { boundary, question };
}

/**
 * Boundary examples over the parser's words (as restoration sees them): the dictated paragraph is parsed, and each
 * slot between two words with whitespace between them is labelled from the whitespace token slot it lies in.
 */
function parsedExamples(parser: Parser, paragraphs: readonly string[][]): Example[] {
  const out: Example[] = [];
  for (const p of paragraphs) {
    const input = dictated(p);
    if (!input) continue;
    const gold = slotMarks(p.join(' '));
    if (gold.length !== input.split(' ').length + 1) continue;
    // Whitespace-token slot of each offset: the number of spaces before it.
    const spacesBefore = new Int32Array(input.length + 1);
    for (let k = 0; k < input.length; k++) spacesBefore[k + 1] = spacesBefore[k] + (input[k] === ' ' ? 1 : 0);
    for (const s of parser.parseText(input)) {
      const forms = s.tree.words.map((w) => w.form);
      const parse = runParse(s.tree.words);
      for (let i = 1; i < forms.length; i++) {
        const a = s.tokens[s.wordTokens[i - 1]];
        const b = s.tokens[s.wordTokens[i]];
        if (!/^\s+$/.test(input.slice(a.end, b.start))) continue; // inside a written word: never a boundary
        out.push({ f: boundaryFeatures(forms, i, parse).map((f) => featureIndex(f)), y: END(gold[spacesBefore[b.start]]) ? 1 : 0 });
      }
    }
  }
  return out;
}

function train(data: Example[], epochs: number, seed: number): Float32Array {
  const w = new Float32Array(1 << FEATURE_BITS);
  const g2 = new Float32Array(1 << FEATURE_BITS).fill(1e-2);
  const rng = seededRng(seed);
  const order = data.map((_, i) => i);
  for (let e = 0; e < epochs; e++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const k of order) {
      const ex = data[k];
      let z = 0;
      for (const f of ex.f) z += w[f];
      const g = 1 / (1 + Math.exp(-z)) - ex.y;
      for (const f of ex.f) {
        g2[f] += g * g;
        w[f] -= (0.1 * g) / Math.sqrt(g2[f]);
      }
    }
  }
  return w;
}

const PRUNE = Number(process.env.PRUNE ?? 0.4);

function pruned(w: Float32Array): Float32Array {
  return w.map((v) => (Math.abs(v) >= PRUNE ? Math.round(v * 1e3) / 1e3 : 0));
}

function sparse(w: Float32Array): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  w.forEach((v, k) => {
    if (v !== 0) out.push([k, Number(v.toFixed(3))]); // the float32 of the rounded weight, written short
  });
  return out;
}

/** The threshold in [from, to] (steps of 0.05) with the best F1 on the labelled probabilities, each printed. */
function bestThreshold(name: string, probs: ReadonlyArray<{ p: number; y: number }>, from: number, to: number): { t: number; f1: number } {
  let best = { t: 0.5, f1: -1 };
  const gold = probs.filter((e) => e.y).length;
  for (let t = from; t <= to + 0.01; t += 0.05) {
    const tp = probs.filter((e) => e.p >= t && e.y).length;
    const pred = probs.filter((e) => e.p >= t).length;
    const f1 = (2 * tp) / Math.max(1, pred + gold);
    console.log(`${name} threshold ${t.toFixed(2)}: dev F1 ${f1.toFixed(3)} (P ${(tp / Math.max(1, pred)).toFixed(3)}, R ${(tp / gold).toFixed(3)}, ${gold} positive)`);
    if (f1 > best.f1) best = { t: Math.round(t * 100) / 100, f1 };
  }
  return best;
}

function main(): void {
  const { values } = parseArgs({ options: { parse: { type: 'boolean', default: false } } });
  const t0 = Date.now();
  const trainParas = [...ewtParagraphs('train'), ...editedDocs('train')];
  const devParas = [...ewtParagraphs('dev'), ...editedDocs('dev')];
  const tr = examples(trainParas, Number(process.env.LOWER_EVERY ?? 0));
  // LOWER_DEV=1: dev all in lower case too (a model for lower-cased runs alone; journal, "Lower-cased dictation …").
  const dev = examples(devParas, process.env.LOWER_DEV === '1' ? 1 : 0);
  if (values.parse) {
    const parser = loadParser();
    tr.boundary = parsedExamples(parser, [...ewtParagraphs('train'), ...editedDocs('train').filter((_, k) => k % Number(process.env.EDITED_EVERY ?? 2) === 0)]);
    console.log(`parsed train in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    dev.boundary = parsedExamples(parser, devParas);
  }
  console.log(`train: ${tr.boundary.length} slots (${tr.boundary.filter((e) => e.y).length} boundaries), ${tr.question.length} sentences; dev: ${dev.boundary.length} slots`);
  // Weights below PRUNE are dropped (the file from ~20 MB to a few; dev F1 is printed with the pruned weights).
  const boundary = pruned(train(tr.boundary, 3, 1));
  const question = pruned(train(tr.question, 5, 2));
  // Dev: the thresholds with the best F1.
  const best = bestThreshold('boundary', dev.boundary.map((e) => ({ p: logistic(boundary, e.f.map(String), FEATURE_BITS, true), y: e.y })), 0.2, 0.8);
  const bestQ = bestThreshold('question', dev.question.map((e) => ({ p: logistic(question, e.f.map(String), FEATURE_BITS, true), y: e.y })), 0.1, 0.7);
  const json: BoundaryModelJson = {
    version: `restore-boundaries-${values.parse ? 'parse-' : ''}1-${best.t}-${bestQ.t}`,
    parse: values.parse,
    bits: FEATURE_BITS,
    threshold: best.t,
    questionThreshold: bestQ.t,
    boundary: sparse(boundary),
    question: sparse(question),
  };
  const out = process.env.OUT ?? path.resolve(__dirname, '..', 'models', 'en', BOUNDARY_MODEL_FILE);
  fs.writeFileSync(out, JSON.stringify(json));
  console.log(`threshold ${best.t} (dev F1 ${best.f1.toFixed(3)}); wrote ${out} (${(fs.statSync(out).size / 1e6).toFixed(1)} MB) in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** edited-english documents of one part, each as its paragraphs (one paragraph = one run of sentences). */
function editedDocs(part: 'train' | 'dev'): string[][] {
  return editedParagraphs(part).map((p) => [p.text]);
}

main();

/**
 * A BiLSTM tagger stacked on the perceptron tagger (issue #34: the tagger's errors cost the graph parser 2.0 UAS and
 * 3.3 LAS on EWT dev, `goldTagCeiling.ts`). The parser's encoder (`NeuralScorer`: words, fixed pretrained vectors,
 * clusters, punctuation slots, suffixes, shapes, and the perceptron's XPOS and UPOS as embeddings) trained for tags
 * alone, read by the tag head of `parser/biaffine/tagHead.ts`. Training sentences carry the jackknife's fold taggers'
 * tags, so the BiLSTM learns where the perceptron goes wrong on unseen text; dev is tagged by the run-time tagger.
 * Each epoch: dev accuracy per view with the perceptron's beside it; the best epoch (kept view) is written.
 *
 *   npx tsx server/research/tagger/trainBilstmTagger.ts --tagger-cache F --pretrained F --out F.json
 *     [--lstm 64] [--layers 1] [--head 128] [--epochs 8] [--lr 0.002] [--batch 16] [--limit N]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { encodeSentence } from '../../src/parser/encoding';
import { UNKNOWN_WORD } from '../../src/parser/neuralNet';
import { NeuralScorer } from '../../src/parser/neuralScorer';
import { Adam } from '../../src/training/parser/adam';
import { seededRandom, viewOf, VIEW_KINDS, ViewKind } from '../../src/training/parser/views';
import { biaffineSetup, devTrees, SETUP_OPTIONS } from '../parser/biaffine/biaffineSetup';
import { tagHeadLayout, tagHeadTags } from '../../src/parser/tagHead';
import { bilstmTagGradient } from './bilstmTagGradient';
import { devTagAccuracy, DevTagSentence } from './devTagAccuracy';

const { values } = parseArgs({
  options: {
    ...SETUP_OPTIONS,
    lstm: { type: 'string', default: '64' },
    layers: { type: 'string', default: '1' },
    head: { type: 'string', default: '128' },
    out: { type: 'string' },
    epochs: { type: 'string', default: '8' },
    lr: { type: 'string', default: '0.002' },
    'lr-decay': { type: 'string', default: '0.85' },
    batch: { type: 'string', default: '16' },
    limit: { type: 'string' },
    'word-dropout': { type: 'string', default: '0.25' },
    'input-dropout': { type: 'string', default: '0.33' },
    'output-dropout': { type: 'string', default: '0.33' },
    average: { type: 'string', default: '0.999' },
  },
});
const t0 = Date.now();
const log = (m: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s] ${m}`);
if (!values.out) throw new Error('--out is required');
const setup = biaffineSetup(values, log);
const { gold, tagFor, lookup, tagSet } = setup.prepared;
const enc = setup.parser.net;
const encSize = enc.layout.size;
const V = 2 * enc.layout.dims.lstm;
const head = tagHeadLayout({ input: V, hidden: Number(values.head), xpos: tagSet.xpos.length, upos: tagSet.upos.length });
const theta = new Float64Array(encSize + head.size);
theta.set(setup.parser.theta.subarray(0, encSize));
const rand = seededRandom(Number(values.seed) + 500);
{
  const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
  const init = (off: number, rows: number, cols: number) => {
    const s = Math.sqrt(2 / (rows + cols));
    for (let k = 0; k < rows * cols; k++) theta[encSize + off + k] = s * gauss();
  };
  init(head.w1, head.dims.hidden, V);
  init(head.ex, head.dims.hidden, head.dims.xpos);
  init(head.eu, head.dims.hidden, head.dims.upos);
  init(head.w2x, head.dims.xpos, head.dims.hidden);
  init(head.w2u, head.dims.upos, head.dims.hidden);
}
const netOver = (th: Float64Array) => new NeuralScorer(enc.layout, th.subarray(0, encSize), enc.vocab, enc.fixed);
const net = netOver(theta);
const headOf = (th: Float64Array) => th.subarray(encSize);
log(`encoder θ ${encSize}, head θ ${head.size}; ${JSON.stringify(enc.layout.dims)}`);

const wordDropout = Number(values['word-dropout']);
const dropP = new Float64Array(enc.vocab.wordCount);
setup.vocab.words.forEach((h, i) => {
  const c = setup.wordCounts.get(h) ?? 0;
  if (i + 1 < dropP.length) dropP[i + 1] = wordDropout / (wordDropout + c);
});
const dropout = { input: Number(values['input-dropout']), output: Number(values['output-dropout']) };

/** One training sentence's loss, its gradient added into grad (`bilstmTagGradient.ts`). */
function sentenceGradient(index: number, seed: number, grad: Float64Array): { loss: number; words: number } {
  const r = seededRandom(seed);
  const g = gold[index];
  const kind = VIEW_KINDS[Math.floor(r() * VIEW_KINDS.length)];
  const e = encodeSentence(viewOf(g.tree, kind, r, g.keep, g.learner, g.writers), lookup);
  const input = net.input(e, tagFor(index, e));
  const word = input.word.slice();
  for (let t = 0; t < word.length; t++) if (word[t] !== UNKNOWN_WORD && r() < dropP[word[t]]) word[t] = UNKNOWN_WORD;
  const loss = bilstmTagGradient(net, head, headOf(theta), input, word, g, { p: dropout.output, input: dropout.input, rand: r }, { encoder: grad.subarray(0, encSize), head: grad.subarray(encSize) });
  return { loss, words: e.n };
}

// Dev: each view tagged by the run-time tagger once.
const dev = devTrees(values);
const devViews = new Map<ViewKind, Array<DevTagSentence & { e: ReturnType<typeof encodeSentence> }>>();
for (const kind of VIEW_KINDS) {
  const r = seededRandom(7);
  devViews.set(kind, dev.map((tree) => {
    const e = encodeSentence(viewOf(tree, kind, r), lookup);
    return { e, n: e.n, first: setup.runTagger.tag(e), gx: Int32Array.from(tree.words, (w) => tagSet.xpos.indexOf(w.xpos)), gu: Int32Array.from(tree.words, (w) => tagSet.upos.indexOf(w.upos)) };
  }));
}
function devScores(th: Float64Array): { line: string; kept: number } {
  const nt = netOver(th);
  const ht = headOf(th);
  return devTagAccuracy(devViews, (s) => tagHeadTags(head, ht, nt.forward(nt.input(s.e, s.first)).v, V, s.e.n, s.first));
}

const count = values.limit ? Math.min(Number(values.limit), gold.length) : gold.length;
const order = Int32Array.from({ length: count }, (_, i) => i);
const grad = new Float64Array(theta.length);
const adam = new Adam(theta.length, Number(values.lr));
let average = theta.slice();
let best = { kept: -1, epoch: 0, theta: theta.slice() };
const batch = Number(values.batch);
for (let epoch = 0; epoch < Number(values.epochs); epoch++) {
  const te = Date.now();
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  adam.lr = Number(values.lr) * Math.pow(Number(values['lr-decay']), epoch);
  let loss = 0, words = 0;
  for (let b = 0; b < order.length; b += batch) {
    for (let q = b; q < Math.min(order.length, b + batch); q++) {
      const r = sentenceGradient(order[q], Math.floor(rand() * 0x100000000), grad);
      loss += r.loss;
      words += r.words;
    }
    adam.step(theta, grad);
    const t = adam.snapshot().t;
    const d = Math.min(Number(values.average), (1 + t) / (10 + t));
    for (let i = 0; i < theta.length; i++) average[i] = d * average[i] + (1 - d) * theta[i];
    if (b % 4000 < batch && b > 0) log(`  epoch ${epoch + 1}: ${b} sentences, ${((Date.now() - te) / b).toFixed(1)} ms/sentence, loss per word ${(loss / words).toFixed(4)}`);
  }
  const d = devScores(average);
  log(`epoch ${epoch + 1}: loss per word ${(loss / words).toFixed(4)}; dev ${d.line}; ${((Date.now() - te) / 60000).toFixed(1)} min`);
  if (d.kept > best.kept) best = { kept: d.kept, epoch: epoch + 1, theta: average.slice() };
  fs.writeFileSync(values.out, JSON.stringify({ dims: enc.layout.dims, head: head.dims, epoch: best.epoch, kept: best.kept, theta: Array.from(Float32Array.from(best.theta)) }));
}
log(`best epoch ${best.epoch}; wrote ${values.out}`);
average = best.theta;

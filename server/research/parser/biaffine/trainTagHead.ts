/**
 * Trains the tag head (`tagHead.ts`) on a trained graph parser's frozen encoder: EWT train's
 * sentences in `--views` random views each (kept, removed or corrupted punctuation, as the parser was trained), tagged
 * by the jackknife's fold taggers, their encoder vectors computed once; then minibatch Adam on the cross-entropy of
 * gold XPOS and UPOS. After each epoch, EWT dev's tagging accuracy (the run-time tagger's tags as the head's input)
 * in each view against the first tagger's; the epoch with the best kept-view accuracy (XPOS + UPOS) is written.
 *
 *   npx tsx server/research/parser/biaffine/trainTagHead.ts --graph F --tagger-cache F --pretrained F --out F.json
 *     [--hidden 128] [--epochs 6] [--views 2] [--lr 0.001] [--batch 32] [--seed 1]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { readModel } from '../../../src/parser/modelFile';
import { graphFromContents } from '../../../src/parser/graph/graphModel';
import { F32Encoder } from '../../../src/parser/graph/f32Encoder';
import { tagHeadLayout, tagHeadTags, tagHeadWork, TagHeadLayout } from '../../../src/parser/tagHead';
import { encodeSentence, EncodedSentence } from '../../../src/parser/encoding';
import { TagIds } from '../../../src/parser/parseFeatures';
import { UNKNOWN_WORD } from '../../../src/parser/neuralNet';
import { seededRandom, viewOf, VIEW_KINDS, ViewKind } from '../../../src/training/parser/views';
import { biaffineSetup, devTrees, SETUP_OPTIONS } from './biaffineSetup';
import { tagHeadGradient } from './tagHeadGradient';
import { devTagAccuracy } from '../../tagger/devTagAccuracy';

const { values } = parseArgs({
  options: {
    ...SETUP_OPTIONS,
    graph: { type: 'string' },
    out: { type: 'string' },
    hidden: { type: 'string', default: '128' },
    epochs: { type: 'string', default: '6' },
    views: { type: 'string', default: '2' },
    lr: { type: 'string', default: '0.001' },
    batch: { type: 'string', default: '32' },
    'word-dropout': { type: 'string', default: '0' },
  },
});
const t0 = Date.now();
const log = (m: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s] ${m}`);
if (!values.graph || !values.out) throw new Error('--graph and --out are required');
const setup = biaffineSetup(values, log);
const { gold, tagFor, lookup, tagSet } = setup.prepared;
const g = graphFromContents(readModel(values.graph));
if (g.tags.xpos.join(' ') !== tagSet.xpos.join(' ') || g.tags.upos.join(' ') !== tagSet.upos.join(' ')) throw new Error('the graph parser has other tag sets');
const net = g.parser.net;
const fast = F32Encoder.create(net);
const V = 2 * net.layout.dims.lstm;
// Training sentences' words dropped to the unknown word as the encoder's training dropped them (α / (α + count)), so
// that their vectors look like those of unseen text's rarer words.
const wordDropout = Number(values['word-dropout']);
const dropP = new Float64Array(net.vocab.wordCount);
setup.vocab.words.forEach((h, i) => {
  const c = setup.wordCounts.get(h) ?? 0;
  if (i + 1 < dropP.length) dropP[i + 1] = wordDropout / (wordDropout + c);
});
const encode = (e: EncodedSentence, tags: TagIds, rand?: () => number): Float64Array => {
  const input = net.input(e, tags);
  if (rand && wordDropout > 0) for (let t = 0; t < input.word.length; t++) if (input.word[t] !== UNKNOWN_WORD && rand() < dropP[input.word[t]]) input.word[t] = UNKNOWN_WORD;
  return fast ? fast.forward(input) : net.forward(input).v;
};

// The training words: vectors, first tags, gold tags.
const views = Number(values.views);
const seed = Number(values.seed);
let words = 0;
for (const s of gold) words += s.head.length * views;
const vec = new Float32Array(words * V);
const fx = new Int32Array(words), fu = new Int32Array(words), gx = new Int32Array(words), gu = new Int32Array(words);
let at = 0;
gold.forEach((s, index) => {
  for (let k = 0; k < views; k++) {
    const rand = seededRandom(seed * 1_000_003 + index * 17 + k);
    const kind = VIEW_KINDS[Math.floor(rand() * VIEW_KINDS.length)];
    const e = encodeSentence(viewOf(s.tree, kind, rand, s.keep, s.learner, s.writers), lookup);
    const tags = tagFor(index, e);
    const v = encode(e, tags, rand);
    for (let i = 0; i < e.n; i++) {
      vec.set(v.subarray(i * V, i * V + V), at * V);
      fx[at] = tags.xpos[i];
      fu[at] = tags.upos[i];
      gx[at] = s.xpos[i];
      gu[at] = s.upos[i];
      at++;
    }
  }
  if (index % 2000 === 0) log(`encoded ${index} of ${gold.length} sentences`);
});
if (at !== words) throw new Error(`encoded ${at} words, expected ${words}`);
let firstRight = 0;
for (let w = 0; w < words; w++) firstRight += fx[w] === gx[w] ? 1 : 0;
log(`${words} training words; the fold taggers' XPOS right on ${((100 * firstRight) / words).toFixed(2)}%`);

// Dev, each view encoded once with the run-time tagger's tags.
const dev = devTrees(values);
interface DevSentence { v: Float64Array; n: number; first: TagIds; gx: Int32Array; gu: Int32Array }
const devViews = new Map<ViewKind, DevSentence[]>();
for (const kind of VIEW_KINDS) {
  const r = seededRandom(7);
  devViews.set(kind, dev.map((tree) => {
    const e = encodeSentence(viewOf(tree, kind, r), lookup);
    const first = setup.runTagger.tag(e);
    return {
      v: encode(e, first).slice(0, e.n * V), n: e.n, first,
      gx: Int32Array.from(tree.words, (w) => tagSet.xpos.indexOf(w.xpos)),
      gu: Int32Array.from(tree.words, (w) => tagSet.upos.indexOf(w.upos)),
    };
  }));
}
function devScores(l: TagHeadLayout, th: Float64Array): { line: string; kept: number } {
  return devTagAccuracy(devViews, (s) => tagHeadTags(l, th, s.v, V, s.n, s.first));
}

// Training.
const l = tagHeadLayout({ input: V, hidden: Number(values.hidden), xpos: tagSet.xpos.length, upos: tagSet.upos.length });
const rand = seededRandom(seed + 99);
const th = new Float64Array(l.size);
const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
const init = (off: number, rows: number, cols: number) => {
  const s = Math.sqrt(2 / (rows + cols));
  for (let k = 0; k < rows * cols; k++) th[off + k] = s * gauss();
};
init(l.w1, l.dims.hidden, V);
init(l.ex, l.dims.hidden, l.dims.xpos);
init(l.eu, l.dims.hidden, l.dims.upos);
init(l.w2x, l.dims.xpos, l.dims.hidden);
init(l.w2u, l.dims.upos, l.dims.hidden);
const m1 = new Float64Array(l.size), m2 = new Float64Array(l.size), grad = new Float64Array(l.size);
const work = tagHeadWork(l), dh = new Float64Array(l.dims.hidden);
const lr = Number(values.lr), batch = Number(values.batch), b1 = 0.9, b2 = 0.999;
let step = 0;
const order = Int32Array.from({ length: words }, (_, i) => i);
const v64 = new Float64Array(V);
let best = { kept: -1, epoch: 0, theta: th.slice() };
log(`head θ ${l.size}; before training: ${devScores(l, th).line}`);
for (let epoch = 1; epoch <= Number(values.epochs); epoch++) {
  for (let i = words - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  let loss = 0;
  for (let b = 0; b < words; b += batch) {
    grad.fill(0);
    const end = Math.min(words, b + batch);
    for (let q = b; q < end; q++) {
      const w = order[q];
      for (let j = 0; j < V; j++) v64[j] = vec[w * V + j];
      loss += tagHeadGradient(l, th, v64, 0, fx[w], fu[w], gx[w], gu[w], work, dh, grad);
    }
    step++;
    const c1 = 1 - Math.pow(b1, step), c2 = 1 - Math.pow(b2, step);
    const scale = 1 / (end - b);
    for (let k = 0; k < l.size; k++) {
      const gk = grad[k] * scale;
      m1[k] = b1 * m1[k] + (1 - b1) * gk;
      m2[k] = b2 * m2[k] + (1 - b2) * gk * gk;
      th[k] -= (lr * (m1[k] / c1)) / (Math.sqrt(m2[k] / c2) + 1e-8);
    }
  }
  const d = devScores(l, th);
  log(`epoch ${epoch}: loss per word ${(loss / words).toFixed(4)}; dev ${d.line}`);
  if (d.kept > best.kept) best = { kept: d.kept, epoch, theta: th.slice() };
}
fs.writeFileSync(values.out, JSON.stringify({ dims: l.dims, epoch: best.epoch, graph: g.version, theta: Array.from(Float32Array.from(best.theta)) }));
log(`wrote ${values.out} (epoch ${best.epoch})`);

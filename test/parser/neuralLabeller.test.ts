import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readTreebank } from '../../server/src/data/treebank';
import { defaultModelDir, loadParser } from '../../server/src/parser';
import { clusterLookup, labelArcs, parseAndLabel, ParserModels, predictHeads } from '../../server/src/parser/dependencyParser';
import { encodeSentence, normaliseWord } from '../../server/src/parser/encoding';
import { fromHalf, toHalf, unpackHalves } from '../../server/src/parser/float16';
import { arcLookups, labellerLayout, LabellerDims, LOOKUPS, NeuralLabeller } from '../../server/src/parser/neuralLabeller';
import { labelFeatures, labelOrder, treeView } from '../../server/src/parser/labelFeatures';
import { FeatureBuffer } from '../../server/src/parser/hash';
import { TagIds } from '../../server/src/parser/parseFeatures';
import { bilstmFingerprint, LABELLER_FILE, labellerContents, labellerFromContents, storedHalvesFingerprint, writeLabeller } from '../../server/src/parser/neuralLabellerModel';
import { ArcScratch, arcScores, exampleGradient, initialLabellerTheta, LabellerExample, wordVectors } from '../../server/src/training/parser/neuralLabellerTrain';
import { readModel, writeModel } from '../../server/src/parser/modelFile';
import { combineModels, THETA16, withFloat32Theta } from '../../server/src/parser/combinedModel';
import { neuralArrays, neuralFromModel } from '../../server/src/parser/neuralModel';
import { NeuralDims } from '../../server/src/parser/neuralNet';
import { NeuralScorer } from '../../server/src/parser/neuralScorer';
import { buildVocab, newNeuralScorer } from '../../server/src/training/parser/neuralTrain';
import { parserModels } from '../../server/src/parser/parserModels';
import { seededRandom } from '../../server/src/training/parser/views';
import { hashedScorer } from './stubScorers';
import { ewtFile } from '../ewt';

const dimsOf = (input: number, hidden: number, classes: number): LabellerDims => ({ input, hidden, classes, upos: 4, xpos: 5, marginCuts: [0.5, 1, 2] });
const SMALL = dimsOf(6, 5, 7);
const ROOT = 0;

/**
 * A random labeller and a sentence of 9 words with random vectors, tags and perceptron scores, a tree over them and
 * random relations.
 */
function setup(seed: number, dims = SMALL) {
  const rand = seededRandom(seed);
  const l = labellerLayout(dims);
  const th = initialLabellerTheta(l, rand);
  // Non-zero biases and lookup rows, so that their gradients are checked at a generic point.
  for (let i = l.e; i < l.b1 + dims.hidden; i++) th[i] = rand() - 0.5;
  for (let i = l.b2; i < l.size; i++) th[i] = rand() - 0.5;
  // Heads (root = 9): arcs in both directions and at distances from 1 to 8.
  const head = Int32Array.from([1, 9, 1, 4, 1, 4, 1, 8, 0]);
  const n = head.length;
  const K = dims.classes;
  const tags: TagIds = { upos: Int32Array.from({ length: n }, () => Math.floor(rand() * dims.upos)), xpos: Int32Array.from({ length: n }, () => Math.floor(rand() * dims.xpos)) };
  const scores = Float64Array.from({ length: n * K }, () => 3 * rand());
  const rows = new Int32Array(n * LOOKUPS.length);
  for (let d = 0; d < n; d++) if (head[d] < n) arcLookups(l, d, head[d], tags, scores.subarray(d * K, (d + 1) * K), ROOT, rows, d * LOOKUPS.length);
  const ex: LabellerExample = {
    n,
    v: Float64Array.from({ length: n * dims.input }, () => 2 * rand() - 1),
    head,
    deprel: Int32Array.from({ length: n }, (_, i) => (head[i] === n ? ROOT : 1 + Math.floor(rand() * (dims.classes - 1)))),
    rows,
  };
  return { l, th, ex, tags, scores };
}

describe('neural relation labeller', () => {
  for (const dropout of [false, true]) {
    it(`gradients of the cross-entropy match finite differences in every entry of θ${dropout ? ' (with input and hidden dropout, fixed masks)' : ''}`, () => {
      const { l, th, ex } = setup(5);
      const sc = new ArcScratch(l.dims);
      // The same seed for every evaluation: the same masks, so the loss is a fixed function of θ.
      const loss = (grad: Float64Array) => exampleGradient(l, th, grad, ex, ROOT, sc, dropout ? { input: 0.3, hidden: 0.3, rand: seededRandom(9) } : undefined).loss;
      const grad = new Float64Array(l.size);
      loss(grad);
      const eps = 1e-6;
      let nonZero = 0;
      for (let i = 0; i < l.size; i++) {
        const keep = th[i];
        th[i] = keep + eps;
        const up = loss(new Float64Array(l.size));
        th[i] = keep - eps;
        const down = loss(new Float64Array(l.size));
        th[i] = keep;
        const fd = (up - down) / (2 * eps);
        assert.ok(Math.abs(fd - grad[i]) <= 1e-7 + 1e-5 * Math.abs(fd), `θ[${i}]: analytic ${grad[i]} vs finite difference ${fd}`);
        if (grad[i] !== 0) nonZero++;
      }
      // Without dropout all of Wd, Wh, b1, W2 and b2 get gradients but the root relation's output row (it is out of
      // every softmax); of E only the rows the tree's arcs read. Dropout zeroes some more.
      const read = new Set(Array.from(ex.rows).filter((_, i) => ex.head[Math.floor(i / LOOKUPS.length)] < ex.n)).size;
      const expected = l.size - (l.rows - read) * l.dims.hidden - (l.dims.hidden + 1);
      if (dropout) assert.ok(nonZero > expected / 2 && nonZero < expected, `${nonZero} of ${l.size} entries have a gradient`);
      else assert.strictEqual(nonZero, expected);
    });
  }

  it('the run-time path (per-word products) gives the training path\'s scores exactly', () => {
    const { l, th, ex, tags, scores } = setup(7, dimsOf(64, 48, 51));
    const run = new NeuralLabeller(l.dims, th);
    const K = l.dims.classes;
    const out = new Float64Array(K);
    // Float32 vectors (the neural scorer's may become float32) are widened exactly.
    run.prepare(Float32Array.from(ex.v), ex.n, ex.head);
    const ex32 = { ...ex, v: Float64Array.from(Float32Array.from(ex.v)) };
    const sc = new ArcScratch(l.dims);
    for (let d = 0; d < ex.n; d++) {
      if (ex.head[d] === ex.n) continue;
      run.scoreArc(d, ex.head[d], tags, scores.subarray(d * K, (d + 1) * K), ROOT, out);
      arcScores(l, th, ex32, d, sc);
      for (let c = 0; c < K; c++) assert.ok(Object.is(out[c], sc.s[c]), `word ${d} relation ${c}: ${out[c]} vs ${sc.s[c]}`);
    }
  });

  it('labelArcs: weight 0 labels as the perceptron alone, an overwhelming weight as the labeller alone (never root)', () => {
    const K = 12;
    const dims = dimsOf(6, 5, K);
    const { th, ex, tags } = setup(11, dims);
    const labeller = new NeuralLabeller(dims, th);
    const deprels = ['root', ...Array.from({ length: K - 1 }, (_, i) => `r${i}`)];
    const upos = ['A', 'B', 'C', 'D'];
    const e = encodeSentence({ forms: Array.from({ length: ex.n }, (_, i) => `w${i}`), slots: Array.from({ length: ex.n + 1 }, () => []) });
    const labels = hashedScorer(K, 77);
    const alone = labelArcs(labels, deprels, upos, e, tags, ex.head);
    assert.deepStrictEqual(labelArcs(labels, deprels, upos, e, tags, ex.head, undefined, { labeller, weight: 0, v: ex.v }), alone);
    const big = labelArcs(labels, deprels, upos, e, tags, ex.head, undefined, { labeller, weight: 1e9, v: ex.v });
    // The labeller alone, top down, reading the perceptron's scores of each arc given the relations chosen so far.
    const tree = treeView(ex.head);
    const given = new Int32Array(ex.n).fill(-1);
    const f = new FeatureBuffer();
    const p = new Float64Array(K), s = new Float64Array(K);
    labeller.prepare(ex.v, ex.n, ex.head);
    for (const d of labelOrder(tree)) {
      if (ex.head[d] === ex.n) {
        given[d] = 0;
        continue;
      }
      labelFeatures(e, tags, upos, tree, given, d, f);
      labels.score(f, p);
      labeller.scoreArc(d, ex.head[d], tags, p, 0, s);
      let best = 1;
      for (let c = 2; c < K; c++) if (s[c] > s[best]) best = c;
      given[d] = best;
    }
    assert.deepStrictEqual(big, given);
    assert.notDeepStrictEqual(Array.from(big), Array.from(alone), 'the two scorers disagree somewhere, so the test tells them apart');
  });

  it('the fingerprint read off stored halves is the one of θ widened from them: every half value, and the shipped parser', () => {
    // Every one of the 65,536 halves (NaNs of every payload, ±0, subnormals, infinities), in two orders, and an odd length.
    const all = Int32Array.from({ length: 32768 }, (_, k) => ((2 * k + 1) << 16) | (2 * k));
    const reversed = Int32Array.from(all).reverse();
    for (const [packed, length] of [[all, 65536], [reversed, 65536], [all, 65535], [all, 0]] as const) {
      const widened = { theta: unpackHalves(packed, length) } as unknown as NeuralScorer;
      assert.equal(storedHalvesFingerprint(packed, length), bilstmFingerprint(widened));
    }
    const m = readModel(path.join(defaultModelDir(), 'parser.bin'));
    const halves = m.dense?.[THETA16];
    assert.ok(halves instanceof Int32Array, 'the shipped parser stores θ as halves');
    const neural = neuralFromModel(withFloat32Theta(m), true)!;
    assert.equal(storedHalvesFingerprint(halves, neural.theta.length), bilstmFingerprint(neural));
  });

  it('round-trips through its file with θ as float16, and refuses another BiLSTM or other relations', () => {
    const tiny: NeuralDims = { word: 3, upos: 2, xpos: 2, cluster: 2, slot: 2, lstm: 3, hidden: 4 };
    const { vocab } = buildVocab([{ forms: ['a', 'b'], slots: [[], [], []] }], normaliseWord);
    const net = newNeuralScorer(vocab, { upos: 3, xpos: 3 }, tiny, seededRandom(1));
    const other = newNeuralScorer(vocab, { upos: 3, xpos: 3 }, tiny, seededRandom(2));
    const dims = dimsOf(6, 5, 4);
    const { th, ex, tags, scores } = setup(3, dims);
    const deprels = ['root', 'a', 'b', 'c'];
    const info = { dims, weight: 2.5, deprels, bilstm: bilstmFingerprint(net) };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labeller-'));
    try {
      const file = path.join(dir, LABELLER_FILE);
      writeLabeller(file, new NeuralLabeller(dims, th), info);
      const back = labellerFromContents(readModel(file), deprels, net);
      assert.strictEqual(back.weight, 2.5);
      const rounded = new NeuralLabeller(dims, th.map((x) => fromHalf(toHalf(x))));
      assert.deepStrictEqual(back.labeller.layout, rounded.layout);
      const a = new Float64Array(4), b = new Float64Array(4);
      back.labeller.prepare(ex.v, ex.n, ex.head);
      rounded.prepare(ex.v, ex.n, ex.head);
      for (let d = 0; d < ex.n; d++) {
        if (ex.head[d] === ex.n) continue;
        back.labeller.scoreArc(d, ex.head[d], tags, scores.subarray(4 * d, 4 * d + 4), ROOT, a);
        rounded.scoreArc(d, ex.head[d], tags, scores.subarray(4 * d, 4 * d + 4), ROOT, b);
        assert.deepStrictEqual(Array.from(a), Array.from(b));
      }
      assert.throws(() => labellerFromContents(readModel(file), deprels, other), /another BiLSTM/);
      assert.throws(() => labellerFromContents(readModel(file), ['root', 'a', 'c', 'b'], net), /relations differ/);
      assert.throws(() => labellerFromContents(readModel(file), deprels, undefined), /no BiLSTM/);
      // The fingerprint reads θ at half precision: float16, float32 and float64 copies of one θ agree.
      const half = newNeuralScorer(vocab, { upos: 3, xpos: 3 }, tiny, seededRandom(1));
      half.theta.set(net.theta.map((x) => fromHalf(toHalf(x))));
      assert.strictEqual(bilstmFingerprint(half), bilstmFingerprint(net));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('in the pipeline: the parse is unchanged and the relations are labelArcs\' over the forward pass\'s vectors', function () {
    this.timeout(60000);
    const base = parserModels(readModel(path.join(defaultModelDir(), 'parser.bin')));
    const tiny: NeuralDims = { word: 3, upos: 2, xpos: 2, cluster: 2, slot: 2, lstm: 4, hidden: 4 };
    const { vocab } = buildVocab([{ forms: ['the', 'a'], slots: [[], [], []] }], normaliseWord);
    const neural = newNeuralScorer(vocab, { upos: base.tagger.tags.upos.length, xpos: base.tagger.tags.xpos.length }, tiny, seededRandom(13));
    const dims: LabellerDims = { input: 8, hidden: 6, classes: base.deprels.length, upos: base.tagger.tags.upos.length, xpos: base.tagger.tags.xpos.length, marginCuts: [1, 5, 20] };
    const labeller = new NeuralLabeller(dims, initialLabellerTheta(labellerLayout(dims), seededRandom(4)));
    const m: ParserModels = { ...base, neural, neuralWeight: 0.5 };
    const withLabeller: ParserModels = { ...m, relations: { labeller, weight: 3 } };
    const lookup = clusterLookup(base.clusters);
    let changed = 0;
    for (const tree of readTreebank(ewtFile('dev')).trees.slice(0, 30)) {
      const e = encodeSentence({ forms: tree.words.map((w) => w.form), slots: tree.slots }, lookup);
      const tags = base.tagger.tag(e);
      const plain = parseAndLabel(m, e, tags);
      const got = parseAndLabel(withLabeller, e, tags);
      assert.deepStrictEqual(Array.from(got.head), Array.from(predictHeads(m, e, tags)));
      assert.deepStrictEqual(got.head, plain.head);
      const v = wordVectors(neural, e, tags);
      const expect = labelArcs(base.labels, base.deprels, base.tagger.tags.upos, e, tags, got.head, undefined, { labeller, weight: 3, v });
      assert.deepStrictEqual(got.deprel, expect);
      if (got.deprel.join() !== plain.deprel.join()) changed++;
    }
    assert.ok(changed > 0, 'the labeller changes some relations, so the test tells the paths apart');
  });

  it('loadParser reads a labeller file beside a combined model: its version names it, the heads stay, relations change', function () {
    this.timeout(60000);
    const file = path.resolve(__dirname, '../../models/en/parser.bin');
    const perceptron = readModel(file);
    const trees = readTreebank(ewtFile('dev')).trees.slice(0, 40);
    const sentences = trees.map((t) => ({ forms: t.words.map((w) => w.form), slots: t.slots }));
    const { vocab } = buildVocab(sentences, normaliseWord);
    const tiny: NeuralDims = { word: 3, upos: 2, xpos: 2, cluster: 2, slot: 2, lstm: 4, hidden: 4 };
    const net = newNeuralScorer(vocab, { upos: perceptron.header.upos.length, xpos: perceptron.header.xpos.length }, tiny, seededRandom(21));
    const { info, dense } = neuralArrays(net);
    const combined = combineModels(perceptron, { header: { version: 'tiny', upos: [], xpos: [], deprels: [], info: { neural: info } }, scorers: {}, dense }, { weight: 2 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labeller-combined-'));
    try {
      writeModel(path.join(dir, 'parser.bin'), combined);
      const m = parserModels(readModel(path.join(dir, 'parser.bin')));
      const deprels = m.deprels;
      const dims: LabellerDims = { input: 8, hidden: 6, classes: deprels.length, upos: m.tagger.tags.upos.length, xpos: m.tagger.tags.xpos.length, marginCuts: [10, 40] };
      const th = initialLabellerTheta(labellerLayout(dims), seededRandom(8));
      const without = loadParser(dir);
      writeLabeller(path.join(dir, LABELLER_FILE), new NeuralLabeller(dims, th), { dims, weight: 50, deprels, bilstm: bilstmFingerprint(m.neural!) });
      const withIt = loadParser(dir);
      assert.ok(withIt.version.startsWith(`${without.version}+labeller-`), withIt.version);
      let changed = 0;
      for (const s of sentences) {
        const forms = s.forms;
        const a = without.parseTokens(forms), b = withIt.parseTokens(forms);
        assert.deepStrictEqual(b.head, a.head);
        if (b.deprel.join() !== a.deprel.join()) changed++;
      }
      assert.ok(changed > 0, 'the labeller changes some relations');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loadParser reads a labeller file beside the parser model and refuses one the model cannot run', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labeller-dir-'));
    try {
      // Every shipped file but the labeller, which this test writes: a link would write through to the shipped one.
      for (const f of fs.readdirSync(defaultModelDir())) if (f !== LABELLER_FILE) fs.symlinkSync(path.join(defaultModelDir(), f), path.join(dir, f));
      const deprels = readModel(path.join(dir, 'parser.bin')).header.deprels;
      const dims: LabellerDims = { input: 8, hidden: 3, classes: deprels.length, upos: 17, xpos: 50, marginCuts: [] };
      const contents = labellerContents(new NeuralLabeller(dims, new Float64Array(labellerLayout(dims).size)), { dims, weight: 1, deprels, bilstm: 'x' });
      const m = parserModels(readModel(path.join(dir, 'parser.bin')));
      // The shipped model has no BiLSTM (or, combined, another one than 'x'): the labeller cannot run with it.
      assert.throws(() => labellerFromContents(contents, deprels, m.neural), m.neural ? /another BiLSTM/ : /no BiLSTM/);
      writeLabeller(path.join(dir, LABELLER_FILE), new NeuralLabeller(dims, new Float64Array(labellerLayout(dims).size)), { dims, weight: 1, deprels, bilstm: 'x' });
      assert.throws(() => loadParser(dir), /parser-labeller\.bin\.gz/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

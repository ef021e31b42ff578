import * as assert from 'assert';
import { ArcHybridState, goldChildren, LEFT, RIGHT, SHIFT } from '../../server/src/parser/arcHybrid';
import { encodeSentence, normaliseWord } from '../../server/src/parser/encoding';
import { NeuralDims, Tensor, UNKNOWN_WORD } from '../../server/src/parser/neuralNet';
import { buildAffixVocab, buildVocab, newNeuralScorer, sentenceGradient } from '../../server/src/training/parser/neuralTrain';
import { FixedVectors } from '../../server/src/parser/pretrainedVectors';
import { hashString } from '../../server/src/parser/hash';
import { seededRandom } from '../../server/src/training/parser/views';
import { readModel, writeModel } from '../../server/src/parser/modelFile';
import { neuralArrays, neuralFromModel } from '../../server/src/parser/neuralModel';
import { NeuralScorer } from '../../server/src/parser/neuralScorer';
import { trainingForward, trainingScores } from '../../server/src/training/parser/neuralForward';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { defaultModelDir } from '../../server/src/parser';
import { parserModels } from '../../server/src/parser/parserModels';
import { clusterLookup, ParserModels, predictHeads } from '../../server/src/parser/dependencyParser';
import { readTreebank } from '../../server/src/data/treebank';
import { ewtFile } from '../ewt';
import { forms, head, slots, tags } from './stormSentence';

const TINY: NeuralDims = { word: 3, upos: 2, xpos: 2, cluster: 2, slot: 2, lstm: 3, hidden: 4 };

/** TINY with every optional input: suffix and shape embeddings and fixed pretrained vectors. */
const FULL: NeuralDims = { ...TINY, suffix: 2, shape: 2, pretrained: 3 };

function setup(seed: number, dims: NeuralDims = TINY) {
  const { vocab } = buildVocab([{ forms, slots }, { forms, slots }], normaliseWord);
  let fixed: FixedVectors | undefined;
  if (dims.pretrained) {
    // Pretrained vectors for some words only ("storm" and "quiet" have none), quantised as in a model.
    Object.assign(vocab, buildAffixVocab([{ forms }], 1));
    const known = ['when', 'the', 'ended', 'town', 'was'];
    vocab.pretrained = Int32Array.from(known.map((w) => hashString(w)));
    const rand = seededRandom(seed + 1);
    const rows = Float64Array.from({ length: (known.length + 1) * dims.pretrained }, (_, i) => (i < dims.pretrained! ? 0 : 2 * rand() - 1));
    fixed = FixedVectors.quantise(dims.pretrained, rows);
  }
  const net = newNeuralScorer(vocab, { upos: 4, xpos: 4 }, dims, seededRandom(seed), fixed);
  const e = encodeSentence({ forms, slots }, () => ({ fine: 5, coarse: 1 }));
  const input = net.input(e, tags);
  return { net, e, input };
}

/** Asserts dLoss/dθ = finite differences in every entry of the given tensors; returns how many entries are non-zero. */
function checkGradient(net: NeuralScorer, loss: (grad: Float64Array) => number, tensors: Record<string, Tensor>): number {
  const grad = new Float64Array(net.theta.length);
  loss(grad);
  const eps = 1e-6;
  let nonZero = 0;
  for (const [name, t] of Object.entries(tensors)) {
    for (let i = t.offset; i < t.offset + t.rows * t.cols; i++) {
      const keep = net.theta[i];
      net.theta[i] = keep + eps;
      const up = loss(new Float64Array(net.theta.length));
      net.theta[i] = keep - eps;
      const down = loss(new Float64Array(net.theta.length));
      net.theta[i] = keep;
      const fd = (up - down) / (2 * eps);
      assert.ok(Math.abs(fd - grad[i]) <= 1e-5 + 1e-4 * Math.abs(fd), `${name}[${i - t.offset}]: analytic ${grad[i]} vs finite difference ${fd}`);
      if (grad[i] !== 0) nonZero++;
    }
  }
  return nonZero;
}

describe('neural transition scorer', () => {
  it('gradients of the hinge loss match finite differences for every tensor', () => {
    const { net, input } = setup(3);
    const gold = { head, kids: goldChildren(head) };
    const word = input.word.slice();
    word[2] = UNKNOWN_WORD; // the unknown word's row gets a gradient too
    const run = (grad: Float64Array) => sentenceGradient(net, grad, input, word, gold, 0, () => 0);
    assert.ok(run(new Float64Array(net.theta.length)).errors > 0, 'untrained scorer makes margin errors');
    const l = net.layout;
    const tensors = { eWord: l.eWord, eUpos: l.eUpos, eXpos: l.eXpos, eCluster: l.eCluster, eSlot: l.eSlot, wx0: l.wx[0], wx1: l.wx[1], wh0: l.wh[0], wh1: l.wh[1], bias0: l.bias[0], bias1: l.bias[1], root: l.root, empty: l.empty, w1: l.w1, b1: l.b1, w2: l.w2, b2: l.b2 };
    assert.strictEqual(Object.values(tensors).reduce((n, t) => n + t.rows * t.cols, 0), net.theta.length, 'every entry of θ is checked');
    for (const [name, t] of Object.entries(tensors)) {
      const nonZero = checkGradient(net, (g) => run(g).loss, { [name]: t });
      // Every tensor the sentence reaches must get some gradient (embedding tables only in the rows it uses). The
      // root's vector is read only when b0 is the root, where exactly one transition is legal: it never gets one.
      if (name !== 'root') assert.ok(nonZero > 0, `${name} has no gradient`);
    }
  });

  it('a stacked BiLSTM (two layers): gradients of the hinge loss match finite differences for every tensor', () => {
    const { net, input } = setup(31, { ...FULL, layers: 2 });
    const gold = { head, kids: goldChildren(head) };
    const run = (grad: Float64Array) => sentenceGradient(net, grad, input, input.word, gold, 0, () => 0);
    assert.ok(run(new Float64Array(net.theta.length)).errors > 0, 'untrained scorer makes margin errors');
    const l = net.layout;
    assert.strictEqual(l.upper.length, 1);
    const u = l.upper[0];
    const tensors = {
      eWord: l.eWord, eUpos: l.eUpos, eXpos: l.eXpos, eCluster: l.eCluster, eSlot: l.eSlot, eSuffix: l.eSuffix, eShape: l.eShape,
      wx0: l.wx[0], wx1: l.wx[1], wh0: l.wh[0], wh1: l.wh[1], bias0: l.bias[0], bias1: l.bias[1],
      upperWx0: u.wx[0], upperWx1: u.wx[1], upperWh0: u.wh[0], upperWh1: u.wh[1], upperBias0: u.bias[0], upperBias1: u.bias[1],
      root: l.root, empty: l.empty, w1: l.w1, b1: l.b1, w2: l.w2, b2: l.b2,
    };
    assert.strictEqual(Object.values(tensors).reduce((n, t) => n + t.rows * t.cols, 0), net.theta.length, 'every entry of θ is checked');
    for (const [name, t] of Object.entries(tensors)) {
      const nonZero = checkGradient(net, (g) => run(g).loss, { [name]: t });
      if (name !== 'root') assert.ok(nonZero > 0, `${name} has no gradient`);
    }
  });

  it('a stacked BiLSTM with every dropout: gradients match finite differences (the same masks in every evaluation)', () => {
    const { net, input } = setup(37, { ...FULL, layers: 2 });
    const gold = { head, kids: goldChildren(head) };
    const run = (grad: Float64Array) => sentenceGradient(net, grad, input, input.word, gold, 0, seededRandom(41), { input: 0.3, hidden: 0.4, output: 0.2 }).loss;
    const l = net.layout;
    const u = l.upper[0];
    assert.ok(checkGradient(net, run, { wx0: l.wx[0], wh1: l.wh[1], upperWx1: u.wx[1], upperWh0: u.wh[0], eSuffix: l.eSuffix }) > 0);
  });

  it('a one-layer layout is the same with `layers: 1` as without it (older models keep their θ)', () => {
    const { vocab } = buildVocab([{ forms, slots }], normaliseWord);
    const a = newNeuralScorer(vocab, { upos: 4, xpos: 4 }, TINY, seededRandom(1));
    const b = newNeuralScorer(vocab, { upos: 4, xpos: 4 }, { ...TINY, layers: 1 }, seededRandom(1));
    assert.deepStrictEqual(a.layout.upper, []);
    assert.deepStrictEqual({ ...b.layout, dims: a.layout.dims }, a.layout);
    assert.deepStrictEqual(Array.from(a.theta), Array.from(b.theta));
    assert.throws(() => newNeuralScorer(vocab, { upos: 4, xpos: 4 }, { ...TINY, layers: 0 }, seededRandom(1)), /whole number of layers/);
  });

  it('gradients with dropout on the BiLSTM vectors match finite differences (the same mask in every evaluation)', () => {
    const { net, input } = setup(17);
    const gold = { head, kids: goldChildren(head) };
    const run = (grad: Float64Array) => sentenceGradient(net, grad, input, input.word, gold, 0, seededRandom(99), { output: 0.3 }).loss;
    const l = net.layout;
    assert.ok(checkGradient(net, run, { wx0: l.wx[0], wh1: l.wh[1], w1: l.w1, eWord: l.eWord }) > 0);
  });

  it('gradients with suffix, shape and fixed pretrained inputs match finite differences, and Wx learns from the pretrained vectors', () => {
    const { net, input } = setup(23, FULL);
    assert.ok(input.pretrained.some((r) => r > 0) && input.pretrained.some((r) => r === 0), 'words with and without a pretrained vector');
    assert.ok(input.suffix.every((r) => r > 0) && input.shape.every((r) => r > 0));
    const gold = { head, kids: goldChildren(head) };
    const run = (grad: Float64Array) => sentenceGradient(net, grad, input, input.word, gold, 0, () => 0).loss;
    const l = net.layout;
    assert.strictEqual(l.D, 3 + 2 + 2 + 2 + 2 * 2 + 2 + 2 + 3);
    for (const [name, t] of Object.entries({ eSuffix: l.eSuffix, eShape: l.eShape, wx0: l.wx[0], wx1: l.wx[1], eWord: l.eWord })) {
      assert.ok(checkGradient(net, run, { [name]: t }) > 0, `${name} has no gradient`);
    }
    // Wx's columns that read the pretrained vectors learn from them.
    const grad = new Float64Array(net.theta.length);
    run(grad);
    const preCol = l.D - 3;
    assert.ok([0, 1, 2].some((j) => grad[l.wx[0].offset + preCol + j] !== 0));
  });

  it('gradients with dropout on the LSTM inputs and the MLP hidden layer match finite differences (the same masks in every evaluation)', () => {
    const { net, input } = setup(29, FULL);
    const gold = { head, kids: goldChildren(head) };
    const run = (grad: Float64Array) => sentenceGradient(net, grad, input, input.word, gold, 0, seededRandom(5), { input: 0.3, hidden: 0.4 }).loss;
    const l = net.layout;
    assert.ok(checkGradient(net, run, { wx0: l.wx[0], w1: l.w1, b1: l.b1, w2: l.w2, eUpos: l.eUpos, eSuffix: l.eSuffix }) > 0);
    // The masks matter: without them the loss differs.
    assert.notStrictEqual(run(new Float64Array(net.theta.length)), sentenceGradient(net, new Float64Array(net.theta.length), input, input.word, gold, 0, () => 0).loss);
  });

  for (const [what, dims] of [['', TINY], [' (suffix, shape and pretrained inputs)', FULL], [' (two stacked layers)', { ...FULL, layers: 2 }]] as const) it(`parsing's forward pass (input lookup tables, fast activations) gives the BiLSTM vectors of training's (the full product, exact activations)${what}`, () => {
    const { net, input } = setup(7, dims);
    const fast = net.forward(input);
    const full = trainingForward(net, input, input.word);
    assert.strictEqual(fast.v.length, full.v.length);
    // Parsing keeps each part's input row in float32 (`inputTables.ts`) and takes the interpolated activations
    // (`fastActivations.ts`, each within 1.5e-6): agreement to about that precision.
    for (let i = 0; i < fast.v.length; i++) assert.ok(Math.abs(fast.v[i] - full.v[i]) < 1e-5, `v[${i}]: ${fast.v[i]} vs ${full.v[i]}`);
    // And the same transition scores in every state of a parse (A's rows are filled as they are read).
    const st = new ArcHybridState(input.n);
    const pos = new Int32Array(4), h = new Float64Array(dims.hidden), s1 = new Float64Array(3), s2 = new Float64Array(3);
    while (!st.isTerminal()) {
      net.positions(st, input.n, pos);
      net.scores(fast, pos, s1);
      trainingScores(net, full, pos, h, s2);
      for (let t = 0; t < 3; t++) assert.ok(Math.abs(s1[t] - s2[t]) < 1e-5);
      st.apply(st.isLegal(SHIFT) ? SHIFT : st.isLegal(RIGHT) ? RIGHT : LEFT);
    }
  });

  it('parses into a well-formed projective tree with one root', () => {
    const { net, e } = setup(5);
    const h = net.parse(e, tags);
    assert.strictEqual(h.length, forms.length);
    assert.strictEqual(Array.from(h).filter((x) => x === forms.length).length, 1);
    for (let i = 0; i < h.length; i++) {
      const seen = new Set<number>();
      for (let j = i; j !== forms.length; j = h[j]) {
        assert.ok(!seen.has(j), 'cycle');
        seen.add(j);
      }
    }
  });

  for (const [what, dims] of [['', TINY], [' (suffix, shape and pretrained inputs)', FULL], [' (two stacked layers)', { ...FULL, layers: 2 }]] as const) it(`round-trips through the model file: θ as float32, the same parses${what}`, () => {
    const { net, e } = setup(11, dims);
    const { info, dense } = neuralArrays(net);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'neural-')), 'm.bin.gz');
    writeModel(file, { header: { version: 'test', upos: [], xpos: [], deprels: [], info: { neural: info } }, scorers: {}, dense });
    const back = neuralFromModel(readModel(file));
    assert.ok(back);
    assert.deepStrictEqual(Array.from(back.theta), Array.from(Float32Array.from(net.theta)));
    const rounded = new NeuralScorer(net.layout, Float64Array.from(Float32Array.from(net.theta)), net.vocab, net.fixed);
    if (net.fixed) {
      assert.deepStrictEqual(Array.from(back.fixed!.codes), Array.from(net.fixed.codes));
      assert.deepStrictEqual(Array.from(back.fixed!.scales), Array.from(net.fixed.scales));
      assert.deepStrictEqual(back.vocab.vocab, net.vocab.vocab);
    }
    assert.deepStrictEqual(Array.from(back.parse(e, tags)), Array.from(rounded.parse(e, tags)));
    // A perceptron model (no dense arrays) has no neural scorer.
    assert.strictEqual(neuralFromModel({ header: { version: 'p', upos: [], xpos: [], deprels: [], info: {} }, scorers: {} }), undefined);
  });

  it('adds its scores to the perceptron\'s: a negligible weight parses as the perceptron, an overwhelming one as itself', () => {
    // The perceptron part of the model (a combined file, `combinedModel.ts`, carries a neural scorer of its own).
    const base: ParserModels = { ...parserModels(readModel(path.join(defaultModelDir(), 'parser.bin'))), neural: undefined, neuralWeight: undefined, neuralGate: undefined };
    const { vocab } = buildVocab([{ forms, slots }, { forms, slots }], normaliseWord);
    const neural = newNeuralScorer(vocab, { upos: base.tagger.tags.upos.length, xpos: base.tagger.tags.xpos.length }, TINY, seededRandom(13));
    const lookup = clusterLookup(base.clusters);
    let differ = 0;
    for (const tree of readTreebank(ewtFile('dev')).trees.slice(0, 40)) {
      const e = encodeSentence({ forms: tree.words.map((w) => w.form), slots: tree.slots }, lookup);
      const t = base.tagger.tag(e);
      const perceptron = Array.from(predictHeads(base, e, t));
      const alone = Array.from(neural.parse(e, t));
      assert.deepStrictEqual(Array.from(predictHeads({ ...base, neural, neuralWeight: 1e-9 }, e, t)), perceptron);
      assert.deepStrictEqual(Array.from(predictHeads({ ...base, neural, neuralWeight: 1e9 }, e, t)), alone);
      if (alone.join() !== perceptron.join()) differ++;
      // Gated: a gate no margin reaches consults the perceptron at every decision, as without a gate;
      // a vanishing gate lets the neural scorer decide alone wherever it prefers one transition.
      const combined = Array.from(predictHeads({ ...base, neural, neuralWeight: 2 }, e, t));
      assert.deepStrictEqual(Array.from(predictHeads({ ...base, neural, neuralWeight: 2, neuralGate: 1e9 }, e, t)), combined);
      assert.deepStrictEqual(Array.from(predictHeads({ ...base, neural, neuralWeight: 2, neuralGate: 1e-12 }, e, t)), alone);
    }
    assert.ok(differ > 0, 'the two scorers disagree somewhere, so the test tells them apart');
  });
});

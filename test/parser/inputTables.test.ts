/**
 * The neural scorer's run-time input rows (`inputTables.ts`) and vocabulary lookups (`hashIndex.ts`; journal, "the
 * combination made shippable"):
 * a row cache of any size, evicting or not, and rows computed a part and sentence at a time (`prefill`), give the same
 * projections bit for bit; they agree with training's
 * Wx·x up to float32 rows and the order of the sums; θ kept float32 parses exactly as the same values in float64; the typed index
 * answers as the Maps it replaced.
 */
import * as assert from 'assert';
import { encodeSentence, normaliseWord } from '../../server/src/parser/encoding';
import { hashString } from '../../server/src/parser/hash';
import { HashIndex } from '../../server/src/parser/hashIndex';
import { BatchProduct, InputTables, MAX_ROWS } from '../../server/src/parser/inputTables';
import { dot } from '../../server/src/parser/dot';
import { NeuralDims, NeuralInput } from '../../server/src/parser/neuralNet';
import { NeuralScorer } from '../../server/src/parser/neuralScorer';
import { buildAffixVocab, buildVocab, newNeuralScorer } from '../../server/src/training/parser/neuralTrain';
import { trainingForward } from '../../server/src/training/parser/neuralForward';
import { FixedVectors } from '../../server/src/parser/pretrainedVectors';
import { seededRandom } from '../../server/src/training/parser/views';
import { readTreebank } from '../../server/src/data/treebank';
import { ewtFile } from '../ewt';

const DIMS: NeuralDims = { word: 6, upos: 3, xpos: 3, cluster: 3, slot: 2, lstm: 4, hidden: 5, suffix: 3, shape: 2, pretrained: 5 };

/** A random scorer over the vocabulary of 120 EWT dev sentences (pretrained vectors for every third word), and their inputs. */
function setup() {
  const trees = readTreebank(ewtFile('dev')).trees.slice(0, 120);
  const sentences = trees.map((t) => ({ forms: t.words.map((w) => w.form), slots: t.slots }));
  const { vocab } = buildVocab(sentences, normaliseWord, 1);
  Object.assign(vocab, buildAffixVocab(sentences, 1));
  const words = [...new Set(sentences.flatMap((s) => s.forms.map((f) => normaliseWord(f))))].filter((_, i) => i % 3 === 0);
  vocab.pretrained = Int32Array.from(words, (w) => hashString(w));
  const rand = seededRandom(4);
  const fixed = FixedVectors.quantise(DIMS.pretrained!, Float64Array.from({ length: (words.length + 1) * DIMS.pretrained! }, (_, i) => (i < DIMS.pretrained! ? 0 : 2 * rand() - 1)));
  const net = newNeuralScorer(vocab, { upos: 18, xpos: 50 }, DIMS, seededRandom(9), fixed);
  const inputs = sentences.map((s, k) => {
    const e = encodeSentence(s, (h) => ({ fine: h & 63, coarse: h & 7 }));
    const tags = { upos: Int32Array.from(trees[k].words, (_, i) => (i * 7 + k) % 18), xpos: Int32Array.from(trees[k].words, (_, i) => (i * 11 + k) % 50) };
    return net.input(e, tags);
  });
  return { net, inputs };
}

function projections(tables: InputTables, inputs: NeuralInput[], G: number): Float64Array[][] {
  return inputs.map((input) => {
    const xproj: [Float64Array, Float64Array] = [new Float64Array(input.n * G), new Float64Array(input.n * G)];
    tables.project(input, xproj);
    return xproj;
  });
}

describe('neural input rows (bounded cache)', function () {
  this.timeout(60000);

  it('a cache of 7 rows, evicting all the time, projects exactly as one that keeps every row', () => {
    const { net, inputs } = setup();
    const G = 4 * DIMS.lstm;
    const all = new InputTables(net.layout, net.theta, net.fixed);
    const tiny = new InputTables(net.layout, net.theta, net.fixed, 7);
    // Twice over: the second pass reads the large cache's rows and recomputes the small one's.
    const twice = [...inputs, ...inputs];
    const [a, b] = [projections(all, twice, G), projections(tiny, twice, G)];
    assert.ok(tiny.rowsHeld <= 7);
    assert.ok(all.rowsHeld > 500, `${all.rowsHeld} rows`);
    a.forEach((xp, s) => xp.forEach((d, k) => d.forEach((v, j) => assert.ok(Object.is(v, b[s][k][j]), `sentence ${s} direction ${k} entry ${j}: ${v} vs ${b[s][k][j]}`))));
  });

  it('rows computed a part and sentence at a time (prefill, for the graph parser) project exactly as rows computed one at a time', () => {
    const { net, inputs } = setup();
    const l = net.layout;
    const G = 4 * DIMS.lstm;
    const R = 2 * G;
    // The same sums as the one-at-a-time JavaScript rows (`kernel` false): the bookkeeping alone is under test.
    let written = 0;
    const product: BatchProduct = (col, k, w, count, rows, at) => {
      written += count;
      for (let t = 0; t < count; t++) for (let j = 0; j < R; j++) rows[at[t] * R + j] = dot(net.theta, l.wx[0].offset + j * l.D + col, w, t * k, k);
    };
    const twice = [...inputs, ...inputs];
    const want = projections(new InputTables(l, net.theta, net.fixed, MAX_ROWS, false), twice, G);
    for (const size of [MAX_ROWS, 7]) {
      written = 0;
      const tables = new InputTables(l, net.theta, net.fixed, size, false);
      const got = twice.map((input) => {
        tables.prefill(input, product);
        return projections(tables, [input], G)[0];
      });
      want.forEach((xp, s) => xp.forEach((d, k) => d.forEach((v, j) => assert.ok(Object.is(v, got[s][k][j]), `${size} rows: sentence ${s} direction ${k} entry ${j}`))));
      // Every row the large cache holds came from prefill (its second pass over the sentences computes none).
      if (size === MAX_ROWS) assert.strictEqual(written, tables.rowsHeld);
    }
  });

  it("agree with training's Wx·x over the whole input (each part's product rounded to float32, the sums in another order)", () => {
    const { net, inputs } = setup();
    const G = 4 * DIMS.lstm;
    const tables = new InputTables(net.layout, net.theta, net.fixed, 50);
    const got = projections(tables, inputs, G);
    inputs.forEach((input, s) => {
      const fw = trainingForward(net, input, input.word);
      // Nine parts, each rounded once to float32 (relative error ≤ 2^-24 of a part, parts of size ≤ ~5 here).
      for (let d = 0; d < 2; d++) fw.xproj[d].forEach((v, j) => assert.ok(Math.abs(v - got[s][d][j]) <= 9 * 5 * 2 ** -24, `sentence ${s}: ${v} vs ${got[s][d][j]}`));
    });
  });

  it('θ kept float32 parses exactly as the same values widened to float64', () => {
    const { net, inputs } = setup();
    const th32 = Float32Array.from(net.theta);
    const n32 = new NeuralScorer(net.layout, th32, net.vocab, net.fixed);
    const n64 = new NeuralScorer(net.layout, Float64Array.from(th32), net.vocab, net.fixed);
    for (const input of inputs) {
      const [a, b] = [n32.forward(input), n64.forward(input)];
      // The forward buffers are reused by the scorer's next parse: compare now.
      assert.deepStrictEqual(Array.from(a.v), Array.from(b.v));
    }
  });
});

describe('HashIndex', () => {
  it('answers as a Map filled in order, repeated hashes keeping their last position', () => {
    const rand = seededRandom(2);
    for (const n of [0, 1, 5, 1000, 30000]) {
      const hashes = Int32Array.from({ length: n }, () => (rand() < 0.05 ? Math.floor(rand() * 50) : Math.floor(rand() * 2 ** 32)) | 0);
      const index = new HashIndex(hashes);
      const map = new Map<number, number>();
      hashes.forEach((h, i) => map.set(h, i));
      for (const h of hashes) assert.strictEqual(index.get(h), map.get(h));
      for (let k = 0; k < 2000; k++) {
        const h = (Math.floor(rand() * 2 ** 32) | 0) ^ 0x5bd1e995;
        assert.strictEqual(index.get(h), map.get(h) ?? -1);
      }
    }
  });
});

import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { combineModels, neuralWeightOf } from '../../server/src/parser/combinedModel';
import { clusterLookup, ParserModels, predictHeads } from '../../server/src/parser/dependencyParser';
import { encodeSentence, normaliseWord } from '../../server/src/parser/encoding';
import { fromHalf, packHalves, toHalf, unpackHalves } from '../../server/src/parser/float16';
import { hashString } from '../../server/src/parser/hash';
import { ModelContents, readModel, writeModel } from '../../server/src/parser/modelFile';
import { neuralArrays } from '../../server/src/parser/neuralModel';
import { NeuralDims } from '../../server/src/parser/neuralNet';
import { NeuralScorer } from '../../server/src/parser/neuralScorer';
import { buildAffixVocab, buildVocab, newNeuralScorer } from '../../server/src/training/parser/neuralTrain';
import { parserModels } from '../../server/src/parser/parserModels';
import { FixedVectors } from '../../server/src/parser/pretrainedVectors';
import { seededRandom } from '../../server/src/training/parser/views';
import { readTreebank } from '../../server/src/data/treebank';
import { ewtFile } from '../ewt';

const DIMS: NeuralDims = { word: 4, upos: 2, xpos: 2, cluster: 2, slot: 2, lstm: 3, hidden: 4, suffix: 2, shape: 2, pretrained: 3 };
const WEIGHT = 40;

describe('float16', () => {
  it('decodes and re-encodes every half exactly, and rounds to the nearest half', () => {
    for (let h = 0; h < 0x10000; h++) {
      const x = fromHalf(h);
      if (Number.isNaN(x)) continue;
      assert.strictEqual(toHalf(x), h, `half ${h.toString(16)}`);
    }
    // Against brute force: no half is nearer than the chosen one (ties to an even code).
    const rand = seededRandom(3);
    const halves = Array.from({ length: 0x7c00 }, (_, h) => fromHalf(h));
    for (let i = 0; i < 300; i++) {
      const x = Math.fround((rand() - 0.5) * 2 ** (Math.floor(rand() * 40) - 28));
      const h = toHalf(x);
      const err = Math.abs(fromHalf(h) - x);
      const best = Math.min(...halves.map((v) => Math.abs(v - Math.abs(x))));
      assert.strictEqual(err, best, `x = ${x}`);
    }
    const a = Float32Array.from([0.1, -2.5, 1e-6, 3, 70000]);
    assert.deepStrictEqual(Array.from(unpackHalves(packHalves(a), a.length)), Array.from(a, (x) => fromHalf(toHalf(x))));
  });

  it('unpacks every half, by its bits, to the value fromHalf gives', () => {
    const all = new Uint16Array(0x10000).map((_, h) => h);
    const got = unpackHalves(new Int32Array(all.buffer), all.length);
    for (let h = 0; h < 0x10000; h++) assert.ok(Object.is(got[h], Math.fround(fromHalf(h))), `half ${h.toString(16)}: ${got[h]}`);
  });
});

describe('combined model file (perceptron + neural weight × neural)', function () {
  this.timeout(120000);
  // The shipped perceptron file itself, also when PUNCTEME_MODEL_DIR points the other tests at a combined candidate.
  const file = path.resolve(__dirname, '../../models/en/parser.bin');
  const trees = readTreebank(ewtFile('dev')).trees.slice(0, 60);
  const sentences = trees.map((t) => ({ forms: t.words.map((w) => w.form), slots: t.slots }));
  // Its perceptron part (the shipped file is itself a combination: journal, "a pruned perceptron under the neural
  // scorer").
  const base: ParserModels = { ...parserModels(readModel(file)), neural: undefined, neuralWeight: undefined, neuralGate: undefined };

  /** A small random neural model over these sentences' words, with pretrained rows for every other word (most frequent first). */
  function neuralFile(dims: NeuralDims = DIMS): { scorer: NeuralScorer; contents: ModelContents } {
    const { vocab, wordCounts } = buildVocab(sentences, normaliseWord);
    Object.assign(vocab, buildAffixVocab(sentences, 1));
    const words = [...wordCounts.keys()].sort((a, b) => wordCounts.get(b)! - wordCounts.get(a)!).filter((_, i) => i % 2 === 0);
    vocab.pretrained = Int32Array.from(words);
    const rand = seededRandom(7);
    const rows = Float64Array.from({ length: (words.length + 1) * DIMS.pretrained! }, (_, i) => (i < DIMS.pretrained! ? 0 : 2 * rand() - 1));
    const scorer = newNeuralScorer(vocab, { upos: base.tagger.tags.upos.length, xpos: base.tagger.tags.xpos.length }, dims, seededRandom(5), FixedVectors.quantise(DIMS.pretrained!, rows));
    const { info, dense } = neuralArrays(scorer);
    return { scorer, contents: { header: { version: 'test', upos: [], xpos: [], deprels: [], info: { neural: info } }, scorers: {}, dense } };
  }

  function heads(m: ParserModels): string[] {
    const lookup = clusterLookup(m.clusters);
    return sentences.map((s) => {
      const e = encodeSentence(s, lookup);
      return Array.from(predictHeads(m, e, m.tagger.tag(e))).join(' ');
    });
  }

  const readModelVersion = (m: ModelContents) => m.header.version;

  function roundTrip(m: ModelContents): ParserModels {
    // Uncompressed (gzip's level 9 on 27 MB would take most of the test's time); the same sections either way.
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'combined-')), 'parser.bin');
    writeModel(out, m);
    return parserModels(readModel(out));
  }

  it('older files load as before: no neural weight or gate, the perceptron alone', () => {
    // The shipped file with its neural part taken out is a perceptron file as every model before the combination was.
    const shipped = readModel(file);
    const { neural: _n, neuralWeight: _w, neuralGate: _g, ...info } = shipped.header.info;
    const older = parserModels({ ...shipped, header: { ...shipped.header, info }, dense: undefined });
    assert.strictEqual(older.neuralWeight, undefined);
    assert.strictEqual(older.neuralGate, undefined);
    assert.strictEqual(older.neural, undefined);
    assert.strictEqual(neuralWeightOf({ version: 'x', upos: [], xpos: [], deprels: [], info: {} }), undefined);
    assert.deepStrictEqual(heads(older), heads(base));
  });

  it('round-trips the weight and parses exactly like the in-memory combination on EWT dev sentences', () => {
    const { scorer, contents } = neuralFile();
    const back = roundTrip(combineModels(readModel(file), contents, { weight: WEIGHT }));
    assert.strictEqual(back.neuralWeight, WEIGHT);
    const combined = heads({ ...base, neural: scorer, neuralWeight: WEIGHT });
    assert.deepStrictEqual(heads(back), combined);
    // The neural scores change some parses, so the comparison tells the combination from the perceptron alone.
    assert.notDeepStrictEqual(combined, heads(base));
  });

  it('round-trips the neural gate and parses exactly like the in-memory gated combination; refuses a gate that is not a positive number', () => {
    const { scorer, contents } = neuralFile();
    const back = roundTrip(combineModels(readModel(file), contents, { weight: WEIGHT, gate: 0.5 }));
    assert.strictEqual(back.neuralGate, 0.5);
    assert.match(readModelVersion(combineModels(readModel(file), contents, { weight: WEIGHT, gate: 0.5 })), /-g0\.5$/);
    assert.deepStrictEqual(heads(back), heads({ ...base, neural: scorer, neuralWeight: WEIGHT, neuralGate: 0.5 }));
    assert.strictEqual(roundTrip(combineModels(readModel(file), contents, { weight: WEIGHT })).neuralGate, undefined);
    for (const gate of [0, -1, Infinity, NaN]) assert.throws(() => combineModels(readModel(file), contents, { weight: WEIGHT, gate }), /gate/);
  });

  it('a neural scorer of two stacked BiLSTM layers, gated and with θ as float16, parses after a round trip exactly like the in-memory combination; its version names the encoder', () => {
    const { scorer, contents } = neuralFile({ ...DIMS, layers: 2 });
    const m = combineModels(readModel(file), contents, { weight: WEIGHT, gate: 2, theta16: true });
    assert.match(m.header.version, /\+test-l2h3x40-f16-g2$/);
    const back = roundTrip(m);
    assert.strictEqual(back.neural!.layout.upper.length, 1);
    const rounded = new NeuralScorer(scorer.layout, Float64Array.from(scorer.theta, (x) => fromHalf(toHalf(x))), scorer.vocab, scorer.fixed);
    const combined = heads({ ...base, neural: rounded, neuralWeight: WEIGHT, neuralGate: 2 });
    assert.deepStrictEqual(heads(back), combined);
    assert.notDeepStrictEqual(combined, heads(base));
  });

  it('with θ as float16 parses exactly like the in-memory combination with θ rounded to float16', () => {
    const { scorer, contents } = neuralFile();
    const m = combineModels(readModel(file), contents, { weight: WEIGHT, theta16: true });
    assert.ok(!m.dense!.neuralTheta && m.dense!.neuralTheta16);
    const back = roundTrip(m);
    const rounded = new NeuralScorer(scorer.layout, Float64Array.from(scorer.theta, (x) => fromHalf(toHalf(x))), scorer.vocab, scorer.fixed);
    assert.deepStrictEqual(Array.from(back.neural!.theta), Array.from(rounded.theta));
    assert.deepStrictEqual(heads(back), heads({ ...base, neural: rounded, neuralWeight: WEIGHT }));
  });

  it('keeps the training words\' pretrained rows and the most frequent others; a dropped word reads row 0, like a word without a vector', () => {
    const { scorer, contents } = neuralFile();
    const table = scorer.vocab.vocab.pretrained!;
    // "Training words": every third row's word; others kept: the first 5 rows that are not training words.
    const training = new Set(Array.from(table).filter((_, i) => i % 3 === 0));
    const others = Array.from(table).filter((h) => !training.has(h)).slice(0, 5);
    const back = roundTrip(combineModels(readModel(file), contents, { weight: WEIGHT, pretrainedOthers: 5, trainingWords: training })).neural!;
    assert.strictEqual(back.fixed!.rows, training.size + others.length + 1);
    const row = new Float64Array(DIMS.pretrained!);
    const was = new Float64Array(DIMS.pretrained!);
    let dropped = 0;
    table.forEach((h, i) => {
      const r = back.vocab.pretrainedRow(h);
      if (training.has(h) || others.includes(h)) {
        back.fixed!.row(r, row);
        scorer.fixed!.row(i + 1, was);
        assert.deepStrictEqual(Array.from(row), Array.from(was));
      } else {
        assert.strictEqual(r, 0);
        dropped++;
      }
    });
    assert.ok(dropped > 0);
    assert.strictEqual(back.vocab.pretrainedRow(hashString('no-such-word-anywhere')), 0);
  });
});

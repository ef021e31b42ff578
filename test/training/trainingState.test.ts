import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { goldChildren } from '../../server/src/parser/arcHybrid';
import { encodeSentence, normaliseWord } from '../../server/src/parser/encoding';
import { NeuralDims } from '../../server/src/parser/neuralNet';
import { NeuralScorer } from '../../server/src/parser/neuralScorer';
import { readModel, writeModel } from '../../server/src/parser/modelFile';
import { neuralArrays, neuralFromModel } from '../../server/src/parser/neuralModel';
import { buildVocab, DEFAULT_NEURAL_OPTIONS, newNeuralScorer, NeuralTrainingData, trainNeuralScorer } from '../../server/src/training/parser/neuralTrain';
import { countingRng, readTrainingState } from '../../server/src/training/parser/trainingState';
import { seededRandom } from '../../server/src/training/parser/views';

const DIMS: NeuralDims = { word: 3, upos: 2, xpos: 2, cluster: 2, slot: 2, lstm: 3, hidden: 4, layers: 2 };
const sentences = [
  { forms: ['When', 'the', 'storm', 'ended', 'the', 'town', 'was', 'quiet'], slots: [[], [], [], [], [','], [], [], [], ['.']], head: [3, 2, 3, 7, 5, 7, 7, 8] },
  { forms: ['The', 'dog', 'barked'], slots: [[], [], [], ['.']], head: [1, 2, 3] },
  { forms: ['We', 'left', 'early', 'and', 'slept'], slots: [[], [], [], [], [], ['.']], head: [1, 5, 1, 4, 1] },
];

function data(): NeuralTrainingData {
  return {
    count: sentences.length,
    sentence(i: number) {
      const s = sentences[i];
      const e = encodeSentence({ forms: s.forms, slots: s.slots }, () => ({ fine: 5, coarse: 1 }));
      const n = s.forms.length;
      const tags = { upos: Int32Array.from({ length: n }, (_, k) => k % 4), xpos: Int32Array.from({ length: n }, (_, k) => (k + 1) % 4) };
      const head = Int32Array.from(s.head);
      return { e, tags, gold: { head, kids: goldChildren(head) } };
    },
    // Epoch 2 is the best: the returned scorer is then not the last epoch's.
    evaluate: (_net: NeuralScorer, epoch: number) => ({ score: epoch === 2 ? 1 : 0, note: '' }),
  };
}

/** Trains a fresh scorer (the same seeds every time) for `epochs`, with its training state in `state`. */
function train(epochs: number, state: string) {
  const { vocab, wordCounts } = buildVocab(sentences, normaliseWord, 1);
  const net = newNeuralScorer(vocab, { upos: 4, xpos: 4 }, DIMS, seededRandom(3));
  const rng = countingRng(seededRandom(7));
  const o = { ...DEFAULT_NEURAL_OPTIONS, dims: DIMS, epochs, batch: 2, inputDropout: 0.2, hiddenDropout: 0.2, lrDecay: 0.85, average: 0.9, lr: 0.01 };
  const best = trainNeuralScorer(net, wordCounts, data(), o, rng, () => {}, undefined, { file: state, rng });
  return { best, net };
}

describe('neural training state', () => {
  it('a run stopped after an epoch and resumed ends exactly as an uninterrupted one (θ, its best epoch, every state array)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'state-'));
    const whole = train(4, path.join(dir, 'whole'));
    const resumedFile = path.join(dir, 'resumed');
    train(1, resumedFile);
    assert.strictEqual(readTrainingState(resumedFile).epoch, 1);
    const resumed = train(4, resumedFile);
    assert.deepStrictEqual(Array.from(resumed.net.theta), Array.from(whole.net.theta));
    assert.deepStrictEqual(Array.from(resumed.best.theta), Array.from(whole.best.theta));
    const a = readTrainingState(path.join(dir, 'whole'));
    const b = readTrainingState(resumedFile);
    assert.deepStrictEqual(b, a);
    assert.strictEqual(a.epoch, 4);
    assert.strictEqual(a.bestEpoch, 2);
    // The best epoch's θ is not the last one's (so the test tells them apart).
    assert.notDeepStrictEqual(Array.from(a.best), Array.from(a.theta));
  });

  it('refuses a state of another scorer\'s size', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'state-'));
    const file = path.join(dir, 's');
    train(1, file);
    const { vocab, wordCounts } = buildVocab(sentences, normaliseWord, 1);
    const other = newNeuralScorer(vocab, { upos: 4, xpos: 4 }, { ...DIMS, layers: 1 }, seededRandom(3));
    const rng = countingRng(seededRandom(7));
    assert.throws(() => trainNeuralScorer(other, wordCounts, data(), { ...DEFAULT_NEURAL_OPTIONS, dims: DIMS, epochs: 2 }, rng, () => {}, undefined, { file, rng }), /θ of \d+ entries/);
  });

  it('a model file with a stacked BiLSTM is written with a magic of its own, which a reader of one layer would refuse', () => {
    const { best } = train(1, path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'state-')), 's'));
    const { info, dense } = neuralArrays(best);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'model-')), 'm.bin');
    writeModel(file, { header: { version: 'test', upos: [], xpos: [], deprels: [], info: { neural: info } }, scorers: {}, dense });
    const raw = fs.readFileSync(file);
    assert.match(raw.subarray(4, raw.readUInt32LE(0)).toString('utf8'), /"magic":"PUNCTEME-PARSER-5"/);
    const back = neuralFromModel(readModel(file));
    assert.strictEqual(back?.layout.upper.length, 1);
    assert.deepStrictEqual(Array.from(back!.theta), Array.from(Float32Array.from(best.theta)));
  });
});

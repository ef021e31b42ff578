/**
 * The sentence-join model's binary file (`engine/sentenceJoins/modelFile.ts`): it holds exactly the weights the
 * trainer wrote (multiples of 1/10,000), decodes to the Float32Array the JSON of those weights gave bit for bit,
 * refuses a weight it would have to round, and says why it rejects a damaged file.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { seededRng } from '../../server/research/eval/rng';
import { decodeJoinModel, encodeJoinModel } from '../../server/src/engine/sentenceJoins/modelFile';
import { SENTENCE_JOINS_FILE } from '../../server/src/engine/sentenceJoins/model';

const SHIPPED = path.join(__dirname, '../../models/en', SENTENCE_JOINS_FILE);

/** Random sparse weights as train.ts writes them (the last two buckets left free), and the Float32Array they give. */
function randomWeights(bits: number, n: number, seed: number): { weights: Array<[number, number]>; dense: Float32Array } {
  const rng = seededRng(seed);
  const dense = new Float32Array(2 ** bits);
  const weights: Array<[number, number]> = [];
  for (let k = 0; k < 2 ** bits - 2 && weights.length < n; k++) {
    if (rng() < 0.5) continue;
    // Through the text JSON holds, as the trainer's file did.
    const w = JSON.parse(JSON.stringify(Math.round((rng() * 2 - 1) * 3.2767 * 1e4) / 1e4)) as number;
    if (w === 0) continue;
    weights.push([k, w]);
    dense[k] = w;
  }
  return { weights, dense };
}

describe('sentence-join model file', () => {
  it('decodes to the same Float32Array, bit for bit, as the weights it was written from (any order, extremes of int16)', () => {
    const { weights, dense } = randomWeights(12, 3000, 7);
    weights.push([4095, 3.2767], [4094, -3.2768]);
    dense[4095] = 3.2767;
    dense[4094] = -3.2768;
    const m = decodeJoinModel(encodeJoinModel({ version: 'v', bits: 12, weights: [...weights].reverse() }));
    assert.equal(m.version, 'v');
    assert.equal(m.bits, 12);
    assert.equal(m.weights.length, 4096);
    assert.deepEqual(Buffer.from(m.weights.dense().buffer), Buffer.from(dense.buffer));
  });

  it('refuses a weight it would round or overflow, and an index outside the table', () => {
    assert.throws(() => encodeJoinModel({ version: 'v', bits: 10, weights: [[3, 0.12345]] }), /not a multiple of 1\/10000/);
    assert.throws(() => encodeJoinModel({ version: 'v', bits: 10, weights: [[3, 3.2768]] }), /within int16/);
    assert.throws(() => encodeJoinModel({ version: 'v', bits: 10, weights: [[1024, 0.1]] }), /outside 0\.\.1023/);
    assert.throws(() => encodeJoinModel({ version: 'v', bits: 10, weights: [[5, 0.1], [5, 0.2]] }), /twice/);
  });

  it('says why it rejects a truncated, foreign or inconsistent file', () => {
    const good = encodeJoinModel({ version: 'v', bits: 10, weights: [[1, 0.5], [700, -0.25]] });
    assert.throws(() => decodeJoinModel(good.subarray(0, good.length - 2)), /bytes, expected/);
    assert.throws(() => decodeJoinModel(Buffer.from('{"version":"v","bits":20,"weights":[]}')), /not a sentence-join model/);
    const extra = Buffer.from(good);
    // One more bucket marked than weights stored.
    const headLength = extra.readUInt32LE(0);
    extra[4 + headLength] |= 1;
    assert.throws(() => decodeJoinModel(extra), /2 stored|more weights marked/);
  });

  it('the shipped file: 2^20 buckets, every weight a multiple of 1/10,000, and writing it again gives the same bytes', () => {
    const raw = fs.readFileSync(SHIPPED);
    const m = decodeJoinModel(raw);
    assert.equal(m.bits, 20);
    const weights: Array<[number, number]> = [];
    m.weights.dense().forEach((w, k) => {
      if (w !== 0) weights.push([k, Math.round(w * 1e4) / 1e4]);
    });
    assert.ok(weights.length > 100000, `${weights.length} weights`);
    assert.ok(weights.every(([k, w]) => Math.fround(w) === m.weights.at(k)));
    assert.ok(encodeJoinModel({ version: m.version, bits: m.bits, weights }).equals(raw));
  });
});

/**
 * The CRF tagger's emission scores (`taggerScores`): for each position and tag, the sum in feature order of the
 * weights at the hashed indices, from float32 weights or, bit for bit the same, from their int16 form.
 */
import { strict as assert } from 'assert';
import { CrfTagger, DENSE_SCALE, featureHashes, QUESTION_STATE_TAGS, taggerScores, weightIndex } from '../../server/src/restore/punctTagger';
import { seededRng } from '../../server/src/random/seededRng';

const BITS = 10;
const K = QUESTION_STATE_TAGS.length;
const WORDS = 'so when did you , in the end , come home'.split(' ');

function tagger(parts: Partial<CrfTagger>): CrfTagger {
  const rng = seededRng(8);
  return { version: 'test', bits: BITS, tags: QUESTION_STATE_TAGS, weights: new Float32Array(0), trans: Float64Array.from({ length: (K + 1) * K }, () => rng() - 0.5), ...parts };
}

/** The same sums written out: position i, tag y, over its hashes in order. */
function expected(read: (index: number) => number, hashes: readonly Int32Array[]): Float64Array {
  const out = new Float64Array(hashes.length * K);
  hashes.forEach((hs, i) => {
    for (let y = 0; y < K; y++) {
      let s = 0;
      for (const h of hs) s += read(weightIndex(h, y, BITS));
      out[i * K + y] = s;
    }
  });
  return out;
}

/** Equal bit for bit (Object.is: -0 and 0 differ). */
function sameBits(a: Float64Array, b: Float64Array): void {
  assert.equal(a.length, b.length);
  for (let i = 0; i < a.length; i++) assert.ok(Object.is(a[i], b[i]), `score ${i}: ${a[i]} vs ${b[i]}`);
}

describe("the CRF tagger's emission scores", () => {
  const hashes = featureHashes(WORDS, undefined, 2);

  it('sum the float32 weights at each feature hash mixed with the tag, in feature order', () => {
    const rng = seededRng(5);
    const weights = Float32Array.from({ length: 1 << BITS }, () => 8 * (rng() - 0.5));
    const s = taggerScores(tagger({ weights }), hashes);
    assert.equal(s.k, K);
    sameBits(s.emit, expected((x) => weights[x], hashes));
  });

  it('from the int16 form: the sums of fround(q / DENSE_SCALE), the same bits as from its float32 weights, which are never made', () => {
    const rng = seededRng(6);
    // The extremes, zero and whatever else.
    const quantized = Int16Array.from({ length: 1 << BITS }, (_, j) => [32767, -32767, 0, 1, -1][j % 7] ?? Math.round(65534 * (rng() - 0.5)));
    const weights = Float32Array.from(quantized, (q) => q / DENSE_SCALE);
    const fromInt16 = tagger({ quantized });
    Object.defineProperty(fromInt16, 'weights', { get: () => assert.fail('the float32 weights were made') });
    const s = taggerScores(fromInt16, hashes);
    sameBits(s.emit, expected((x) => Math.fround(quantized[x] / DENSE_SCALE), hashes));
    sameBits(s.emit, taggerScores(tagger({ weights }), hashes).emit);
  });
});

/**
 * The tagger's comma posteriors in restoration: a tagger sure of a comma after every word makes the restorer write one
 * in every free slot inside a sentence, never beside the sentence end the boundary model put there, never inside a
 * written word; a tagger sure of none removes the model's commas; and the mix follows w·P_tagger + (1 − w)·support.
 * Its sentence ends, when they cut the run (Viterbi), replace the boundary model's; its `?` enters the question mix.
 * (The mix is the comma decision without the second pass's comma model, `commaModel: false`; commaModel.test.ts tests that.)
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { defaultModelDir, loadParser, MODEL_FILE } from '../../server/src/parser';
import { makeRestorer, RestoringModel } from '../../server/src/restore';
import { COLON, COMMA, featureHashes, MARK_COUNT as K, PunctTagger, QUESTION, weightIndex } from '../../server/src/restore/punctTagger';
import { hashString } from '../../server/src/parser/hash';
import { wordChange } from './corpus';
import { noonBoundary } from './noonBoundary';

const BITS = 20;
const WORDS = 'we met at noon the well-known café was full'.split(' ');

/**
 * A tagger whose bias makes tag y (and only y) almost certain after every word: the bias feature's weight for y, at an
 * index no other (feature, tag) of the test's words hashes to.
 */
function sureTagger(y: number): PunctTagger {
  const weights = new Float32Array(1 << BITS);
  const at = weightIndex(hashString('b'), y, BITS);
  for (const hs of featureHashes(WORDS)) for (const h of hs) for (let t = 0; t < K; t++) assert.ok(h === hashString('b') ? (t === y) === (weightIndex(h, t, BITS) === at) : weightIndex(h, t, BITS) !== at, 'a hash collision in the test tagger');
  weights[at] = 30;
  return { version: 'test', bits: BITS, weights, trans: new Float64Array((K + 1) * K) };
}

/** A model that writes a comma in every internal slot, every sample. */
const commaEverywhere: RestoringModel = {
  restore: (tree) => tree.slots.map((_, i) => (i > 0 && i < tree.slots.length - 1 ? [','] : [])),
};
const silent: RestoringModel = { restore: (tree) => tree.slots.map(() => []) };
/** The boundary model cuts the run, not the tagger's sentence ends (the default). */
const BOUNDARY_MODEL_CUT = { weight: 0 };

describe('comma evidence from the tagger', function () {
  const haveParser = fs.existsSync(path.join(defaultModelDir(), MODEL_FILE));
  before(function () {
    if (!haveParser) this.skip();
  });

  it('a sure comma goes in every free slot inside a sentence, none beside its end or inside a word', () => {
    const input = 'we met at noon the well-known café was full';
    const out = makeRestorer(loadParser(), silent, { boundaries: noonBoundary(), tagger: sureTagger(COMMA), boundaryEvidence: BOUNDARY_MODEL_CUT, commaModel: false }).restore(input);
    assert.equal(out, 'We, met, at, noon. The, well-known, café, was, full.');
    assert.equal(wordChange(input, out), undefined);
  });

  it("a tagger sure of no mark removes the model's commas; with weight 0 the model's own commas stay", () => {
    const input = 'we met at noon the café was full';
    const none = makeRestorer(loadParser(), commaEverywhere, { boundaries: noonBoundary(), tagger: sureTagger(0), boundaryEvidence: BOUNDARY_MODEL_CUT, commaModel: false, paragraphEnd: 'always' }).restore(input);
    assert.equal(none, 'We met at noon. The café was full.');
    const own = makeRestorer(loadParser(), commaEverywhere, { boundaries: noonBoundary(), tagger: sureTagger(0), boundaryEvidence: BOUNDARY_MODEL_CUT, commaModel: false, commaEvidence: { weight: 0, threshold: 0.5 }, paragraphEnd: 'always' }).restore(input);
    assert.equal(own, 'We, met, at, noon. The, café, was, full.');
    // w = 0.4: 0.4·0 + 0.6·1 = 0.6 ≥ 0.5 keeps them; w = 0.6: 0.4 < 0.5 drops them.
    const mixed = (w: number) => makeRestorer(loadParser(), commaEverywhere, { boundaries: noonBoundary(), tagger: sureTagger(0), boundaryEvidence: BOUNDARY_MODEL_CUT, commaModel: false, commaEvidence: { weight: w, threshold: 0.5 }, paragraphEnd: 'always' }).restore(input);
    assert.equal(mixed(0.4), own);
    assert.equal(mixed(0.6), none);
  });
});

describe('sentence ends from the tagger', function () {
  const haveParser = fs.existsSync(path.join(defaultModelDir(), MODEL_FILE));
  before(function () {
    if (!haveParser) this.skip();
  });
  const PERIOD = 2;

  it("with the Viterbi cut, the run is cut where the tagger's best tags end a sentence, not where the boundary model does", () => {
    const input = 'we met at noon the well-known café was full';
    const viterbi = (y: number) => makeRestorer(loadParser(), silent, { boundaries: noonBoundary(), tagger: sureTagger(y), boundaryEvidence: { viterbi: true }, commaModel: false, paragraphEnd: 'always' }).restore(input);
    assert.equal(viterbi(PERIOD), 'We. Met. At. Noon. The. Well-known. Café. Was. Full.');
    assert.equal(viterbi(0), 'We met at noon the well-known café was full.');
    // The Viterbi cut is the default; the boundary model's cut ignores the tagger's ends.
    assert.equal(makeRestorer(loadParser(), silent, { boundaries: noonBoundary(), tagger: sureTagger(PERIOD), commaModel: false }).restore(input), viterbi(PERIOD));
    assert.equal(makeRestorer(loadParser(), silent, { boundaries: noonBoundary(), tagger: sureTagger(PERIOD), boundaryEvidence: BOUNDARY_MODEL_CUT, commaModel: false }).restore(input), 'We met at noon. The well-known café was full.');
    assert.equal(wordChange(input, viterbi(PERIOD)), undefined);
  });

  it('a paragraph ends with a colon where the tagger finds one likelier than every sentence end; a sentence it cuts before does not', () => {
    const input = 'we met at noon the speakers include';
    const restored = (paragraphColon: boolean) => makeRestorer(loadParser(), silent, { boundaries: noonBoundary(), tagger: sureTagger(COLON), boundaryEvidence: BOUNDARY_MODEL_CUT, colonThreshold: false, commaModel: false, paragraphColon }).restore(input);
    assert.equal(restored(true), 'We met at noon. The speakers include:');
    assert.equal(restored(false), 'We met at noon. The speakers include.');
    // A tagger sure of a period there keeps the sentence's end.
    assert.equal(makeRestorer(loadParser(), silent, { boundaries: noonBoundary(), tagger: sureTagger(PERIOD), boundaryEvidence: BOUNDARY_MODEL_CUT, colonThreshold: false, commaModel: false }).restore(input), 'We met at noon. The speakers include.');
  });

  it("a paragraph's last sentence has no mark where the tagger finds none likelier than an end or a colon; `always` ends it", () => {
    const input = 'we met at noon the café was full';
    const restored = (y: number, paragraphEnd?: 'always' | 'tagger') => makeRestorer(loadParser(), silent, { boundaries: noonBoundary(), tagger: sureTagger(y), boundaryEvidence: BOUNDARY_MODEL_CUT, commaModel: false, paragraphEnd }).restore(input);
    // Only the paragraph's last sentence: the sentence the boundary model cuts before keeps its period.
    assert.equal(restored(0), 'We met at noon. The café was full');
    assert.equal(restored(0, 'tagger'), restored(0));
    assert.equal(restored(0, 'always'), 'We met at noon. The café was full.');
    assert.equal(restored(PERIOD), 'We met at noon. The café was full.');
    assert.equal(wordChange(input, restored(0)), undefined);
  });

  it("the tagger's P(? | sentence end) decides the question mark by its weight in the mix", () => {
    const input = 'we met at noon the café was full';
    // The question model's weights are all 0 (P = 0.5), below the mix's threshold 0.99; the tagger's P(? | end) is ~1.
    const restored = (w: number) => makeRestorer(loadParser(), silent, { boundaries: noonBoundary(), tagger: sureTagger(QUESTION), boundaryEvidence: BOUNDARY_MODEL_CUT, questionEvidence: w, questionThreshold: 0.99, commaModel: false }).restore(input);
    assert.equal(restored(0), 'We met at noon. The café was full.');
    assert.equal(restored(0.5), 'We met at noon. The café was full.');
    assert.equal(restored(1), 'We met at noon? The café was full?');
  });
});

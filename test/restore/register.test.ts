/**
 * Restoration's register (P(web text) of a paragraph, read by the comma model): its features are the hashes of their
 * strings, each distinct word once; a paragraph's comma threshold lies between the edited and the web one by P(web);
 * and the trainer finds each cached sentence's paragraph.
 */
import { strict as assert } from 'assert';
import { hashString } from '../../server/src/parser/hash';
import { commaFeatures, commaProb, CommaModel, commaThreshold, yields } from '../../server/src/restore/commaModel';
import { runParse } from '../../server/src/restore/boundaries';
import { registerFeatureHashes, registerProb } from '../../server/src/restore/register';
import { paragraphOfSentences } from '../../server/src/training/restore/register';

const MASK = (1 << 16) - 1;

describe("restoration's register", function () {
  it('hashes a bias, the length, each distinct word once and a lower-case i', () => {
    const words = 'i think i liked it'.split(' ');
    const expected = ['b', 'len=1-5', 'w=i', 'lower-i', 'w=think', 'w=liked', 'w=it'].map((f) => hashString(f) & MASK);
    assert.deepEqual(new Set(registerFeatureHashes(words, MASK)), new Set(expected));
    assert.equal(registerFeatureHashes(words, MASK).length, expected.length);
    // `I` is not the web's lower-case `i`; digits are read as 0.
    assert.ok(!registerFeatureHashes(['I', 'paid', '15'], MASK).includes(hashString('lower-i') & MASK));
    assert.ok(registerFeatureHashes(['I', 'paid', '15'], MASK).includes(hashString('w=00') & MASK));
  });

  it('gives σ of the summed weights of its features', () => {
    const weights = new Float32Array(MASK + 1);
    weights[hashString('w=lol') & MASK] = 3;
    weights[hashString('b') & MASK] = -1;
    assert.ok(Math.abs(registerProb({ bits: 16, weights }, ['lol', 'lol']) - 1 / (1 + Math.exp(-2))) < 1e-6);
    assert.ok(Math.abs(registerProb({ bits: 16, weights }, ['indeed']) - 1 / (1 + Math.exp(1))) < 1e-6);
  });

  it("puts a paragraph's comma threshold between the edited and the web one by P(web)", () => {
    const m = { threshold: 0.35, webThreshold: 0.65 };
    assert.equal(commaThreshold(m, 0), 0.35);
    assert.ok(Math.abs(commaThreshold(m, 1) - 0.65) < 1e-12);
    assert.ok(Math.abs(commaThreshold(m, 0.5) - 0.5) < 1e-12);
    // Without a register (or a web threshold) the model's own threshold.
    assert.equal(commaThreshold(m, undefined), 0.35);
    assert.equal(commaThreshold({ threshold: 0.35 }, 0.9), 0.35);
  });

  it("adds the register's features to a slot's only when the register is known", () => {
    const words = 'when it rained we stayed in'.split(' ');
    const parse = runParse(words.map((_, k) => ({ upos: 'X', head: k === 3 ? 0 : 4, deprel: k === 3 ? 'root' : 'dep' })));
    const without = commaFeatures(words, parse, 3, { tagger: 0.5, model: 0.2 });
    const web = commaFeatures(words, parse, 3, { tagger: 0.5, model: 0.2, register: 0.93 });
    assert.ok(!without.some((f) => f.startsWith('rg')));
    assert.deepEqual(web.slice(0, without.length), without);
    assert.ok(web.includes('rg=9') && web.includes('rgm=W|2') && web.includes('rgl=W|rained') && web.includes('rgr=W|we'), web.join(' '));
    assert.ok(commaFeatures(words, parse, 3, { tagger: 0.5, model: 0.2, register: 0.1 }).includes('rgm=E|2'));
  });

  it('is read by the features only of a model trained to read it', () => {
    const words = 'when it rained we stayed in'.split(' ');
    const parse = runParse(words.map((_, k) => ({ upos: 'X', head: k === 3 ? 0 : 4, deprel: k === 3 ? 'root' : 'dep' })));
    const weights = new Float32Array(MASK + 1);
    weights[hashString('rg=9') & MASK] = 5;
    const m: CommaModel = { version: 'test', bits: 16, weights, threshold: 0.5 };
    const p = (model: CommaModel, register?: number) => commaProb(model, words, parse, yields(parse.head, parse.deprel), 3, { tagger: 0.5, model: 0, register });
    assert.equal(p(m, 0.95), 0.5);
    assert.equal(p(m, 0.95), p(m));
    assert.ok(Math.abs(p({ ...m, registerFeatures: true }, 0.95) - 1 / (1 + Math.exp(-5))) < 1e-6);
  });

  it("finds each sentence's paragraph, past paragraphs that gave none and forms split from a word", () => {
    const paragraphs = ['we met at noon it rained', 'thanks', "i didn't know the 15-year plan", 'ok so what now'];
    const sentences = [['we', 'met', 'at', 'noon'], ['it', 'rained'], ['i', 'did', "n't", 'know'], ['the', '15', 'year', 'plan'], ['ok', 'so', 'what', 'now']];
    assert.deepEqual([...paragraphOfSentences(paragraphs, sentences)], [0, 0, 2, 2, 3]);
    // A sentence in no paragraph is −1 and the ones after it are still found.
    assert.deepEqual([...paragraphOfSentences(paragraphs, [['we', 'met'], ['nowhere', 'here'], ['what', 'now']])], [0, -1, 3]);
  });
});

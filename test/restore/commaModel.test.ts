/**
 * Restoration's second-pass comma model: its feature hashes are the hashes of its feature strings, each word's yield
 * is what walking every word's ancestors gives, the phrases it reads at a slot are the right ones on a real parse,
 * and in the restorer its probability against its threshold is the comma decision.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { defaultModelDir, loadParser, MODEL_FILE } from '../../server/src/parser';
import { hashString } from '../../server/src/parser/hash';
import { makeRestorer, RestoringModel } from '../../server/src/restore';
import { runParse } from '../../server/src/restore/boundaries';
import { commaFeatureHashes, commaFeatures, CommaModel, commaProbOfHashes, yields } from '../../server/src/restore/commaModel';
import { CommaSecondStage, secondStageFeatures, secondStageHashes, secondStageProbs } from '../../server/src/restore/commaSecondStage';
import { seededRng } from '../../server/src/random/seededRng';
import { wordChange } from './corpus';
import { noonBoundary } from './noonBoundary';

const BITS = 16;
/** A comma model with weight `w` on the given features (by their strings) and threshold 0.5. */
function commaModelOf(weights: Record<string, number>): CommaModel {
  const a = new Float32Array(1 << BITS);
  for (const [f, w] of Object.entries(weights)) a[(hashString(f) >>> 0) & ((1 << BITS) - 1)] += w;
  return { version: 'test', bits: BITS, weights: a, threshold: 0.5 };
}

const silent: RestoringModel = { restore: (tree) => tree.slots.map(() => []) };
const PARSE = {
  // after we arrived at the station it started to rain: "arrived" advcl of "started" (fronted), "started" root.
  words: 'after we arrived at the station it started to rain'.split(' '),
  parse: runParse([
    { upos: 'SCONJ', head: 3, deprel: 'mark' },
    { upos: 'PRON', head: 3, deprel: 'nsubj' },
    { upos: 'VERB', head: 8, deprel: 'advcl' },
    { upos: 'ADP', head: 6, deprel: 'case' },
    { upos: 'DET', head: 6, deprel: 'det' },
    { upos: 'NOUN', head: 3, deprel: 'obl' },
    { upos: 'PRON', head: 8, deprel: 'nsubj' },
    { upos: 'VERB', head: 0, deprel: 'root' },
    { upos: 'PART', head: 10, deprel: 'mark' },
    { upos: 'VERB', head: 8, deprel: 'xcomp' },
  ]),
};

/** we bought apples pears and plums: "pears" and "plums" conjuncts of "apples", "and" their coordinator. */
const SERIES = {
  words: 'we bought apples pears and plums'.split(' '),
  parse: runParse([
    { upos: 'PRON', head: 2, deprel: 'nsubj' },
    { upos: 'VERB', head: 0, deprel: 'root' },
    { upos: 'NOUN', head: 2, deprel: 'obj' },
    { upos: 'NOUN', head: 3, deprel: 'conj' },
    { upos: 'CCONJ', head: 6, deprel: 'cc' },
    { upos: 'NOUN', head: 3, deprel: 'conj' },
  ]),
};

describe("restoration's comma model", function () {
  it('hashes its features from their parts to the hashes of the feature strings', () => {
    const spans = yields(PARSE.parse.head);
    for (let i = 1; i < PARSE.words.length; i++) {
      const evidence = { tagger: i / 10, model: 1 - i / 10 };
      assert.deepEqual(commaFeatureHashes(PARSE.words, PARSE.parse, spans, i, evidence), commaFeatures(PARSE.words, PARSE.parse, i, evidence).map(hashString));
    }
  });

  it('hashes feature sets 3, 4 and 5 from their parts to the hashes of their strings too', () => {
    const spans = yields(PARSE.parse.head, PARSE.parse.deprel);
    for (const set of [3, 4, 5])
      for (let i = 1; i < PARSE.words.length; i++) {
        const evidence = { tagger: 0.3, model: 0.1 };
        const strings = commaFeatures(PARSE.words, PARSE.parse, i, evidence, set);
        assert.deepEqual(commaFeatureHashes(PARSE.words, PARSE.parse, spans, i, evidence, [], set), strings.map(hashString));
        assert.equal(new Set(strings).size > commaFeatures(PARSE.words, PARSE.parse, i, evidence, 2).length - 1, true);
      }
  });

  it('reads a series: the coordinator ahead, the items on either side, and the opening word (feature set 4)', () => {
    const { words, parse } = SERIES;
    // The slot between "apples" and "pears": the coordinator two words on, a noun after it as before the slot.
    const f = commaFeatures(words, parse, 3, { tagger: 0, model: 0 }, 4);
    assert.ok(f.includes('ncc=2|same|NOUN|NOUN'), f.join(' '));
    assert.ok(f.includes('pcc=none|2'));
    assert.ok(f.includes('cj=2|mid|NOUN|NOUN'));
    assert.ok(f.includes('f0=we|3|-'));
    // Before "and": the phrase beginning there is the last conjunct ("and plums").
    assert.ok(commaFeatures(words, parse, 4, { tagger: 0, model: 0 }, 4).includes('cj=2|last|NOUN|NOUN'));
  });

  it("each word's yield is the span of the words whose ancestors include it, and the arcs over each slot are counted (brute force, random trees)", () => {
    const rng = seededRng(7);
    for (let t = 0; t < 200; t++) {
      const n = 1 + Math.floor(rng() * 12);
      // A random tree: each word after the first hangs from an earlier word in a random order.
      const order = Array.from({ length: n }, (_, k) => k).sort(() => rng() - 0.5);
      const head = new Array<number>(n).fill(-1);
      order.forEach((d, k) => (head[d] = k === 0 ? -1 : order[Math.floor(rng() * k)]));
      const { lo, hi, cross } = yields(head);
      for (let i = 1; i < n; i++) {
        const over = head.filter((h, d) => h >= 0 && Math.min(h, d) < i && Math.max(h, d) >= i).length;
        assert.equal(cross[i], over, `slot ${i} of ${JSON.stringify(head)}`);
      }
      for (let h = 0; h < n; h++) {
        const under = Array.from({ length: n }, (_, d) => d).filter((d) => {
          for (let a = d; a >= 0; a = head[a]) if (a === h) return true;
          return false;
        });
        assert.equal(lo[h], Math.min(...under));
        assert.equal(hi[h], Math.max(...under));
      }
    }
  });

  it('reads the fronted clause that ends at the slot and the phrase that begins after it', () => {
    const f = commaFeatures(PARSE.words, PARSE.parse, 6, { tagger: 0.42, model: 0 });
    assert.ok(f.includes('e=advcl|R|I'), f.join(' '));
    assert.ok(f.includes('es=advcl|R|5-8'));
    assert.ok(f.includes('s=nsubj|R'));
    assert.ok(f.includes('fronted=advcl|VERB|5-8'));
    assert.ok(f.includes('mb=0') && !f.some((x) => x.startsWith('tb=')));
    // Inside the clause (after "the"): the phrase ending there is the word itself.
    assert.ok(commaFeatures(PARSE.words, PARSE.parse, 5, { tagger: 0, model: 0 }).includes('e=det|R|M'));
  });

  it("its probability against its threshold decides the comma, whatever the tagger's mix says", function () {
    if (!fs.existsSync(path.join(defaultModelDir(), MODEL_FILE))) return this.skip();
    const input = 'we met at noon the well-known café was full';
    const options = { boundaries: noonBoundary(), boundaryEvidence: { weight: 0 }, commaEvidence: { weight: 0, threshold: 0 } };
    // The previous rule at threshold 0 writes a comma in every free slot; a comma model sure of none writes none.
    const none = makeRestorer(loadParser(), silent, { ...options, commaModel: commaModelOf({ b: -10 }) }).restore(input);
    assert.equal(none, 'We met at noon. The well-known café was full.');
    const all = makeRestorer(loadParser(), silent, { ...options, commaModel: commaModelOf({ b: 10 }) }).restore(input);
    assert.equal(all, 'We, met, at, noon. The, well-known, café, was, full.');
    assert.equal(wordChange(input, all), undefined);
    // One slot: after the word `met` only.
    const one = makeRestorer(loadParser(), silent, { ...options, commaModel: commaModelOf({ b: -10, 'l1=met': 20 }) }).restore(input);
    assert.equal(one, 'We met, at noon. The well-known café was full.');
    assert.ok(commaProbOfHashes(commaModelOf({ b: -10, 'l1=met': 20 }), [hashString('b'), hashString('l1=met')]) > 0.99);
  });
});

describe("restoration's second comma stage", function () {
  const { words, parse } = SERIES;
  // The first stage's P by slot (slot i before words[i]): sure of the comma between "apples" and "pears" only.
  const p1 = [0, 0.02, 0.05, 0.92, 0.2, 0.01, 0];

  it('hashes its features from their parts to the hashes of the feature strings', () => {
    for (let i = 1; i < words.length; i++) assert.deepEqual(secondStageHashes(words, parse, p1, i), secondStageFeatures(words, parse, p1, i).map(hashString));
  });

  it("reads the first stage's P at the other slots: the series' comma before the coordinator", () => {
    const f = secondStageFeatures(words, parse, p1, 4);
    // Before "and": the surest slot of the series before it (P 0.92, after a noun as after "and"), its neighbour on the left.
    assert.ok(f.includes('sb=9same|NOUN|NOUNb'), f.join(' '));
    assert.ok(f.includes('l=9|b'));
    assert.ok(f.includes('nl=1b|NOUN|CCONJ'));
    // Between "apples" and "pears": the slot before the coordinator one word on.
    assert.ok(secondStageFeatures(words, parse, p1, 3).includes('sc=2|1|same|e'));
  });

  it("with no weights its P is the first stage's, and a weight moves the slots it reads", () => {
    const zero: CommaSecondStage = { bits: BITS, weights: new Float32Array(1 << BITS) };
    const same = secondStageProbs(zero, words, parse, p1);
    for (let i = 1; i < words.length; i++) assert.ok(Math.abs(same[i] - p1[i]) < 1e-9, `slot ${i}: ${same[i]} against ${p1[i]}`);
    const weights = new Float32Array(1 << BITS);
    weights[(hashString('sb=9same|NOUN|NOUNb') >>> 0) & ((1 << BITS) - 1)] = 3;
    const moved = secondStageProbs({ bits: BITS, weights }, words, parse, p1);
    assert.ok(Math.abs(moved[4] - 1 / (1 + Math.exp(-(Math.log(0.2 / 0.8) + 3)))) < 1e-9);
    assert.ok(Math.abs(moved[3] - p1[3]) < 1e-9);
  });

  it('in the restorer, its P against the threshold decides the comma', function () {
    if (!fs.existsSync(path.join(defaultModelDir(), MODEL_FILE))) return this.skip();
    const input = 'we met at noon the well-known café was full';
    const options = { boundaries: noonBoundary(), boundaryEvidence: { weight: 0 }, commaEvidence: { weight: 0, threshold: 0 } };
    // The first stage is sure of the slot after "met" only; the second moves the slot after it (its left neighbour sure).
    const first = commaModelOf({ b: -10, 'l1=met': 20 });
    const weights = new Float32Array(1 << BITS);
    weights[(hashString('l=9|a') >>> 0) & ((1 << BITS) - 1)] = 30;
    const both = makeRestorer(loadParser(), silent, { ...options, commaModel: { ...first, secondStage: { bits: BITS, weights } } }).restore(input);
    assert.equal(both, 'We met, at, noon. The well-known café was full.');
    assert.equal(wordChange(input, both), undefined);
  });
});

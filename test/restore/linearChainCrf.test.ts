/**
 * The punctuation tagger's linear-chain CRF: forward–backward's log partition function and marginals and Viterbi's
 * best sequence against brute force over every tag sequence, and the training gradient against finite differences
 * (of the scores, and of the hashed weights through the tagger's features); the question state's tags of a run's marks,
 * its marginals summed by mark and P(some sentence ends inside a run) against brute force, and the trainer's averaged weights against the explicit mean.
 */
import { strict as assert } from 'assert';
import { CrfScores, logPartition, posteriors, sequenceScore, viterbi } from '../../server/src/restore/linearChainCrf';
import { featureHashes, tagFeatures, MARK_COUNT as K, MARKS, marksOfTags, CrfTagger, QUESTION_STATE_TAGS, SENTENCE_END_MARKS, someInnerEnd, tagRun, tagsOfMarks, taggerScores, weightIndex } from '../../server/src/restore/punctTagger';
import { nllGradient, trainTagger } from '../../server/research/restore/crfTraining';
import { seededRng } from '../../server/src/random/seededRng';
import { hashString } from '../../server/src/parser/hash';

function randomScores(n: number, k: number, seed: number): CrfScores {
  const rng = seededRng(seed);
  return {
    k,
    emit: Float64Array.from({ length: n * k }, () => 3 * (rng() - 0.5)),
    trans: Float64Array.from({ length: (k + 1) * k }, () => 3 * (rng() - 0.5)),
  };
}

/** Every tag sequence of length n over k tags. */
function allSequences(n: number, k: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < n; i++) out = out.flatMap((s) => Array.from({ length: k }, (_, y) => [...s, y]));
  return out;
}

describe('linear-chain CRF', () => {
  for (const [n, k, seed] of [
    [1, 3, 1],
    [2, 2, 2],
    [4, 3, 3],
    [5, 4, 4],
    [3, 7, 5],
  ]) {
    it(`forward–backward and Viterbi equal brute force (n=${n}, K=${k})`, () => {
      const s = randomScores(n, k, seed);
      const seqs = allSequences(n, k);
      const scores = seqs.map((q) => sequenceScore(s, q));
      const logZ = Math.log(scores.reduce((a, v) => a + Math.exp(v), 0));
      const post = posteriors(s);
      assert.ok(Math.abs(post.logZ - logZ) < 1e-9, `logZ ${post.logZ} vs ${logZ}`);
      for (let i = 0; i < n; i++) {
        for (let y = 0; y < k; y++) {
          const brute = seqs.reduce((a, q, j) => a + (q[i] === y ? Math.exp(scores[j] - logZ) : 0), 0);
          assert.ok(Math.abs(post.marginals[i * k + y] - brute) < 1e-9, `marginal ${i},${y}`);
        }
      }
      const best = seqs[scores.indexOf(Math.max(...scores))];
      assert.deepEqual(viterbi(s), best);
    });
  }

  it('the gradient of the negative log-likelihood equals finite differences of the scores', () => {
    const s = randomScores(5, 4, 11);
    const gold = [0, 3, 1, 1, 2];
    const { nll, dEmit, dTrans } = nllGradient(s, gold);
    const nllOf = (t: CrfScores) => posteriors(t).logZ - sequenceScore(t, gold);
    assert.ok(Math.abs(nll - nllOf(s)) < 1e-12);
    const eps = 1e-6;
    for (const [name, arr, grad] of [
      ['emit', s.emit, dEmit],
      ['trans', s.trans, dTrans],
    ] as const) {
      for (let j = 0; j < arr.length; j++) {
        const plus = Float64Array.from(arr);
        const minus = Float64Array.from(arr);
        plus[j] += eps;
        minus[j] -= eps;
        const at = (a: Float64Array) => nllOf(name === 'emit' ? { ...s, emit: a } : { ...s, trans: a });
        const fd = (at(plus) - at(minus)) / (2 * eps);
        assert.ok(Math.abs(fd - grad[j]) < 1e-6, `${name}[${j}]: ${grad[j]} vs finite difference ${fd}`);
      }
    }
  });

  it("the tagger's weight gradient (Σ over a weight's feature uses) equals finite differences of the weights", () => {
    const words = 'so we left early the roads were empty'.split(' ');
    const gold = [0, 0, 0, 2, 0, 0, 0, 2];
    const bits = 12;
    const rng = seededRng(7);
    const m: CrfTagger = {
      version: 'test',
      bits,
      weights: Float32Array.from({ length: 1 << bits }, () => rng() - 0.5),
      trans: Float64Array.from({ length: (K + 1) * K }, () => rng() - 0.5),
    };
    const hashes = featureHashes(words);
    const nllOf = (t: CrfTagger) => nllGradient(taggerScores(t, hashes), gold).nll;
    const { dEmit } = nllGradient(taggerScores(m, hashes), gold);
    // The chain rule the trainer applies: ∂nll/∂w[idx] = Σ over (position, tag, feature) hashing to idx of ∂nll/∂emit.
    const grad = new Map<number, number>();
    hashes.forEach((hs, i) => {
      for (let y = 0; y < K; y++) for (const h of hs) grad.set(weightIndex(h, y, bits), (grad.get(weightIndex(h, y, bits)) ?? 0) + dEmit[i * K + y]);
    });
    const checked = [...grad.keys()].slice(0, 40);
    const eps = 1e-3;
    for (const idx of checked) {
      const plus = Float32Array.from(m.weights);
      const minus = Float32Array.from(m.weights);
      plus[idx] += eps;
      minus[idx] -= eps;
      const fd = (nllOf({ ...m, weights: plus }) - nllOf({ ...m, weights: minus })) / (plus[idx] - minus[idx]);
      assert.ok(Math.abs(fd - grad.get(idx)!) < 1e-3, `w[${idx}]: ${grad.get(idx)} vs finite difference ${fd}`);
    }
  });
});

describe("the punctuation tagger's question state", () => {
  const tag = (marks: string[]) => tagsOfMarks(QUESTION_STATE_TAGS, marks.map((m) => (MARKS as readonly string[]).indexOf(m))).map((y) => QUESTION_STATE_TAGS[y]);

  it('a mark inside a sentence that ends with ? gets its ¿ tag, back to the previous sentence end', () => {
    // "we left, so can you come? it was late: we, I mean"
    assert.deepEqual(tag(['', ',', '', '', '?', '', '', ':', ',', '', '']), ['¿', '¿,', '¿', '¿', '?', '', '', ':', ',', '', '']);
    assert.deepEqual(tag(['', ',', '.', '', ':', '', '?', '!']), ['', ',', '.', '¿', '¿:', '¿', '?', '!']);
    // Without the question state the tags are the marks.
    assert.deepEqual(tagsOfMarks(MARKS, [0, 1, 3, 5]), [0, 1, 3, 5]);
  });

  it("a question-state tagger's marginals by mark and its best marks equal brute force over every tag sequence", () => {
    const words = 'can you come'.split(' ');
    const bits = 10;
    const rng = seededRng(3);
    const k = QUESTION_STATE_TAGS.length;
    const m: CrfTagger = {
      version: 'test',
      bits,
      tags: QUESTION_STATE_TAGS,
      weights: Float32Array.from({ length: 1 << bits }, () => rng() - 0.5),
      trans: Float64Array.from({ length: (k + 1) * k }, () => rng() - 0.5),
    };
    const s = taggerScores(m, featureHashes(words));
    const seqs = allSequences(words.length, k);
    const scores = seqs.map((q) => sequenceScore(s, q));
    const z = scores.reduce((a, v) => a + Math.exp(v), 0);
    const mark = marksOfTags(QUESTION_STATE_TAGS);
    const { marginals, best } = tagRun(m, words, true);
    for (let i = 0; i < words.length; i++) {
      for (let y = 0; y < K; y++) {
        const brute = seqs.reduce((a, q, j) => a + (mark[q[i]] === y ? Math.exp(scores[j]) / z : 0), 0);
        assert.ok(Math.abs(marginals[i * K + y] - brute) < 1e-9, `P(mark ${y} after word ${i}): ${marginals[i * K + y]} vs ${brute}`);
      }
    }
    assert.deepEqual(best, seqs[scores.indexOf(Math.max(...scores))].map((y) => mark[y]));
  });

  it('P(some sentence ends inside the run) equals brute force over every tag sequence', () => {
    const bits = 10;
    const k = QUESTION_STATE_TAGS.length;
    const mark = marksOfTags(QUESTION_STATE_TAGS);
    for (const [text, seed] of [['so we left', 4], ['we met at noon', 5], ['hi', 6]] as const) {
      const words = text.split(' ');
      const rng = seededRng(seed);
      const m: CrfTagger = {
        version: 'test',
        bits,
        tags: QUESTION_STATE_TAGS,
        weights: Float32Array.from({ length: 1 << bits }, () => 2 * (rng() - 0.5)),
        trans: Float64Array.from({ length: (k + 1) * k }, () => 2 * (rng() - 0.5)),
      };
      const s = taggerScores(m, featureHashes(words));
      const seqs = allSequences(words.length, k);
      const scores = seqs.map((q) => sequenceScore(s, q));
      const z = scores.reduce((a, v) => a + Math.exp(v), 0);
      const endsInside = (q: number[]) => q.slice(0, -1).some((y) => SENTENCE_END_MARKS.includes(mark[y]));
      const brute = seqs.reduce((a, q, j) => a + (endsInside(q) ? Math.exp(scores[j]) / z : 0), 0);
      assert.ok(Math.abs(someInnerEnd(m, words) - brute) < 1e-9, `${text}: ${someInnerEnd(m, words)} vs ${brute}`);
      assert.ok(Math.abs(logPartition(s) - Math.log(z)) < 1e-9);
    }
  });
});

describe('averaged training', () => {
  it('the averaged weights are the mean of the weights before and after every update', () => {
    // One run, so each epoch is one update: the plain trainer's weights after epochs 1…3 are w1, w2, w3.
    const words = 'so we left early the roads were empty'.split(' ');
    const run = { hashes: featureHashes(words), tags: tagsOfMarks(QUESTION_STATE_TAGS, [0, 0, 0, 3, 0, 1, 0, 2]) };
    const o = { bits: 12, epochs: 3, tags: QUESTION_STATE_TAGS, rate: 0.3 };
    const plain: Array<{ w: Float32Array; t: Float64Array }> = [];
    trainTagger([run], { ...o, afterEpoch: (_, m) => plain.push({ w: Float32Array.from(m.weights), t: Float64Array.from(m.trans) }) });
    const averaged = trainTagger([run], { ...o, average: true });
    let moved = 0;
    for (let j = 0; j < 1 << o.bits; j++) {
      const mean = (plain[0].w[j] + plain[1].w[j] + plain[2].w[j]) / 4;
      if (plain[2].w[j] !== 0) moved++;
      assert.ok(Math.abs(averaged.weights[j] - mean) < 1e-6, `w[${j}]: ${averaged.weights[j]} vs mean ${mean}`);
    }
    assert.ok(moved > 100);
    for (let j = 0; j < plain[0].t.length; j++) assert.ok(Math.abs(averaged.trans[j] - (plain[0].t[j] + plain[1].t[j] + plain[2].t[j]) / 4) < 1e-9);
  });
});

describe("the tagger's feature hashes", () => {
  it('are the hashes of its feature strings, for both feature sets, with and without word clusters', () => {
    const words = 'so we left early I think the roads were empty in 2024 weren’t they'.split(' ');
    const known = [...new Set(words.map((w) => hashString(w.toLowerCase().replace(/\d/g, '0')) >>> 0))].sort((a, b) => a - b);
    const clusters = { keys: Uint32Array.from(known), fine: Uint8Array.from(known, (_, j) => 1 + (j % 5)), coarse: Uint8Array.from(known, (_, j) => 1 + (j % 2)) };
    for (const set of [1, 2] as const) {
      for (const c of [undefined, clusters]) {
        const hashes = featureHashes(words, c, set);
        words.forEach((_, i) => assert.deepEqual(Array.from(hashes[i]), tagFeatures(words, i, c, set).map(hashString), `set ${set}, word ${i}`));
      }
    }
    assert.ok(tagFeatures(words, 3, clusters, 2).includes('m2m1w0=we|left|early'));
    assert.ok(tagFeatures(words, 3, clusters, 2).length > tagFeatures(words, 3, clusters, 1).length);
  });
});

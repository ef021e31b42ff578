/**
 * The inference-time economies of the model (sparse puncteme matrices, the forward-only inside pass with scratch
 * buffers, int16 weights with per-context weight vectors) must give bit-for-bit the numbers of the plain dense
 * float64 computation: these tests compare with `===`, not with a tolerance.
 */
import * as assert from 'assert';
import { PunctModelImpl, seededRng } from '../../server/src/model';
import { inside } from '../../server/src/model/inside';
import { addScaled, dot, Mat, mul, mulTransAInto, transpose, zeros } from '../../server/src/model/matrix';
import { ModelCore } from '../../server/src/model/model';
import { samplePrior } from '../../server/src/model/sample';
import { addContextWeights, RelPairs } from '../../server/src/model/attach';
import { ContextWeightCache } from '../../server/src/model/contextCache';
import { punctemeSparse } from '../../server/src/model/automaton';
import { spAddScaled, spDot, spMatVec, spMul, spMulTransAInto, spVecMat, toDense, toSparse, transposeSparse } from '../../server/src/model/sparse';
import { gaussian, randomCore, smallSentences } from './helpers';

function randomSparse(rng: () => number, rows: number, cols: number, density: number, signed: boolean): Mat {
  const m = zeros(rows, cols);
  for (let q = 0; q < m.d.length; q++) if (rng() < density) m.d[q] = signed ? gaussian(rng) : rng();
  return m;
}

const sameArray = (a: Float64Array, b: Float64Array, what: string) => {
  assert.strictEqual(a.length, b.length, what);
  for (let q = 0; q < a.length; q++) assert.ok(Object.is(a[q], b[q]) || (a[q] === 0 && b[q] === 0), `${what}[${q}]: ${a[q]} vs ${b[q]}`);
};

describe('model/sparse: CSR kernels equal the dense kernels bit for bit', () => {
  it('products, scaled sums, dot products and transposes on random sparse matrices', () => {
    const rng = seededRng(5);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(rng() * 30), m = 1 + Math.floor(rng() * 30), p = 1 + Math.floor(rng() * 30);
      const density = [0, 0.05, 0.1, 0.5, 1][trial % 5];
      const A = randomSparse(rng, n, m, density, false);
      const B = randomSparse(rng, m, p, 0.7, true);
      const S = toSparse(A);
      sameArray(toDense(S).d, A.d, 'round trip');
      sameArray(spMul(S, B).d, mul(A, B).d, 'A·B');
      sameArray(toDense(transposeSparse(S)).d, transpose(A).d, 'Aᵀ');
      const C1 = randomSparse(rng, n, m, 0.5, false), C2 = { rows: n, cols: m, d: C1.d.slice() };
      addScaled(C1, A, 0.37);
      spAddScaled(C2, S, 0.37);
      sameArray(C2.d, C1.d, 'C + w·A');
      const G = randomSparse(rng, n, m, 0.8, true);
      assert.ok(Object.is(spDot(G, S), dot(G, A)), 'dot');
      const H = randomSparse(rng, n, p, 0.8, true);
      const o1 = zeros(m, p), o2 = zeros(m, p);
      mulTransAInto(o1, A, H);
      spMulTransAInto(o2, S, H);
      sameArray(o2.d, o1.d, 'Aᵀ·H');
      const v = Float64Array.from({ length: m }, () => rng()), u = Float64Array.from({ length: n }, () => rng());
      sameArray(spMatVec(S, v), mul(A, { rows: m, cols: 1, d: v }).d, 'A·v');
      sameArray(spVecMat(u, S), mul({ rows: 1, cols: n, d: u }, A).d, 'uᵀ·A');
    }
  });
});

describe('model at inference time: the same numbers as the plain computation', () => {
  it('the forward-only inside pass (memo, scratch buffers) gives the logZ of the full pass', () => {
    const trees = smallSentences(14, 40);
    const core = randomCore(trees, 11, 'R', false);
    const model = new PunctModelImpl(core, 'test');
    for (const t of trees.slice(0, 25)) {
      const prep = model.prepare(t);
      const slots = t.slots.map((s) => core.normaliseSlot(s));
      const full = inside(prep.info, core.automata(slots), core.V, core.nodeInputs(prep, slots)).logZ;
      const memo = { map: new Map(), slotKeys: slots.map((s) => s.join(' ')) };
      const fwd = inside(prep.info, core.automata(slots), core.V, core.nodeInputs(prep, slots), memo).logZ;
      assert.ok(Object.is(fwd, full), `${t.id}: ${fwd} vs ${full}`);
      // And again from the memo, as the engine does for each alternative.
      assert.ok(Object.is(inside(prep.info, core.automata(slots), core.V, core.nodeInputs(prep, slots), memo).logZ, full));
    }
  });

  it('log-probabilities remembered across calls (same content, new objects) equal fresh ones; new parameters are not served old results', () => {
    const trees = smallSentences(14, 40);
    const core = randomCore(trees, 13, 'R', false);
    const model = new PunctModelImpl(core, 'memo');
    const copy = (t: (typeof trees)[number]) => ({ words: t.words.map((w) => ({ ...w })), slots: t.slots.map((s) => [...s]) });
    for (const t of trees.slice(0, 10)) {
      const alts = [t.slots, ...t.slots.map((_, i) => t.slots.map((s, k) => (k === i ? [...s, ','] : s)))];
      const first = model.logProbs(t, alts);
      const again = model.logProbs(copy(t), alts.map((a) => a.map((s) => [...s])));
      const fresh = new PunctModelImpl(core, 'fresh').logProbs(copy(t), alts);
      first.forEach((x, k) => assert.ok(Object.is(x, again[k]) && Object.is(x, fresh[k]), `${t.id} alternative ${k}`));
    }
    const t = trees[0];
    const before = model.logProb(t);
    core.weights.fill(0.01); // training changes θ and says so
    core.invalidate();
    assert.ok(Object.is(model.logProb(copy(t)), new PunctModelImpl(core, 'fresh').logProb(copy(t))));
    assert.notStrictEqual(model.logProb(t), before);
  });

  it("a node's distribution remembered by its internal contexts equals a fresh one for every sampled surface", () => {
    // The memo of nodeLogProbs is keyed by the D contexts the internal slots give (many surfaces share them: the
    // restoration's samples); a key that lost information would serve one surface another's distribution.
    const trees = smallSentences(14, 40);
    const core = randomCore(trees, 17, 'R', false);
    const model = new PunctModelImpl(core, 'memo');
    const rng = seededRng(3);
    let compared = 0;
    for (const t of trees.slice(0, 12)) {
      const prep = model.prepare(t);
      for (let k = 0; k < 30; k++) {
        const { slots } = samplePrior(core, prep, rng);
        for (let w = 1; w <= prep.info.n; w++) {
          const remembered = core.nodeLogProbs(prep, w, slots).logp;
          const fresh = core.nodeLogProbs(new PunctModelImpl(core, 'fresh').prepare(t), w, slots).logp;
          sameArray(remembered, fresh, `${t.id} node ${w}`);
          compared++;
        }
      }
    }
    assert.ok(compared > 1000, `${compared} compared`);
  });

  it("a draw of a node's pair (exponentiating only the pairs it passes) picks what the walk over all its probabilities picks", () => {
    // drawPair fills a distribution's e^{log p} as draws pass its pairs; nodeProbs completes it. Both must give what
    // exponentiating every pair first and walking them gives, whichever is asked first.
    const trees = smallSentences(14, 40);
    const core = randomCore(trees, 17, 'R', false);
    const model = new PunctModelImpl(core, 'draws');
    const rng = seededRng(8);
    let draws = 0;
    for (const t of trees.slice(0, 12)) {
      const prep = model.prepare(t);
      for (let k = 0; k < 20; k++) {
        const { slots } = samplePrior(core, prep, rng);
        for (let w = 1; w <= prep.info.n; w++) {
          const logp = core.nodeLogProbs(prep, w, slots).logp;
          const p = Float64Array.from(logp, (x) => Math.exp(x));
          for (const r of [rng(), rng(), 0, 1 - 1e-12]) {
            let [j, left] = [0, r];
            for (; j < p.length - 1; j++) if ((left -= p[j]) < 0) break;
            assert.strictEqual(core.drawPair(prep, w, slots, r), j, `${t.id} node ${w}, r = ${r}`);
            draws++;
          }
          if (k % 2) sameArray(core.nodeProbs(prep, w, slots), p, `${t.id} node ${w}`);
        }
      }
    }
    assert.ok(draws > 4000, `${draws} draws`);
  });

  it('the context weight cache returns exact weights while it evicts', () => {
    const trees = smallSentences(14, 40);
    const base = randomCore(trees, 14, 'R', false, 14);
    const rng = seededRng(4);
    const q = Int16Array.from({ length: base.weights.length }, () => Math.round(gaussian(rng) * 8000));
    const scale = 3e-4;
    const space = { nPairs: base.vocab.pairs.length, nPunctemes: base.vocab.punctemes.length };
    const cache = new ContextWeightCache(q, scale, space, 20_000); // a few entries only: every few gets evict
    const rels = [...base.vocab.rel.values()];
    for (let k = 0; k < 400; k++) {
      const rp = rels[k % rels.length], h = Math.floor(rng() * 50) >>> 0, o = 1 + Math.floor(rng() * 15);
      const got = scaledWeights(cache.get(h, o, rp), o, rp, scale);
      const want = { pair: new Float64Array(rp.pair.length), l: new Float64Array(rp.ls.length), r: new Float64Array(rp.rs.length), sym: new Float64Array(4) };
      addContextWeights(q, scale, space, h, o, rp, want.pair, want.l, want.r, want.sym);
      if (o & 1) sameArray(got.pair, want.pair, 'pair');
      if (o & 2) sameArray(got.l, want.l, 'l');
      if (o & 4) sameArray(got.r, want.r, 'r');
      if (o & 8) sameArray(got.sym, want.sym, 'sym');
    }
  });

  it('the context weight cache tells colliding keys apart', () => {
    const trees = smallSentences(14, 40);
    const base = randomCore(trees, 14, 'R', false, 14);
    const rng = seededRng(6);
    const q = Int16Array.from({ length: base.weights.length }, () => Math.round(gaussian(rng) * 8000));
    const space = { nPairs: base.vocab.pairs.length, nPunctemes: base.vocab.punctemes.length };
    const cache = new ContextWeightCache(q, 3e-4, space);
    const [rp0, rp1] = [...base.vocab.rel.values()];
    assert.strictEqual(cache.relation(rp0), 0);
    assert.strictEqual(cache.relation(rp1), 1);
    // The cache keys (h, relation · 16 + outputs) by h ^ mix(tag): these two contexts share a key.
    const mix = (tag: number) => Math.imul(tag + 1, 0x9e3779b1);
    const h0 = 12345, h1 = (h0 ^ mix(0 * 16 + 15) ^ mix(1 * 16 + 15)) >>> 0;
    for (let k = 0; k < 6; k++) {
      const [h, rp] = k % 2 ? [h1, rp1] : [h0, rp0];
      const got = scaledWeights(cache.get(h, 15, rp), 15, rp, 3e-4);
      const want = { pair: new Float64Array(rp.pair.length), l: new Float64Array(rp.ls.length), r: new Float64Array(rp.rs.length), sym: new Float64Array(4) };
      addContextWeights(q, 3e-4, space, h, 15, rp, want.pair, want.l, want.r, want.sym);
      sameArray(got.pair, want.pair, 'pair');
      sameArray(got.l, want.l, 'l');
      sameArray(got.r, want.r, 'r');
      sameArray(got.sym, want.sym, 'sym');
    }
  });

  it("a puncteme's sparse matrix is the dense product of its tokens' matrices", () => {
    const trees = smallSentences(14, 40);
    const core = randomCore(trees, 15, 'R', false);
    const A = core.channel.alphabet;
    for (const slot of [[], [','], ['.'], [',', '"']].filter((s) => s.every((t) => A.has(t)))) {
      const aut = core.automaton(slot, false);
      core.V.keys.forEach((key, id) => {
        const toks = core.V.tokens[id];
        let dense: Mat | null = toks.length ? null : { rows: aut.n, cols: aut.n, d: Float64Array.from({ length: aut.n * aut.n }, (_, q) => (q % (aut.n + 1) === 0 ? 1 : 0)) };
        for (const t of toks) {
          const m = aut.mats[t];
          if (!m) {
            dense = null;
            break;
          }
          dense = dense ? mul(dense, toDense(m)) : toDense(m);
        }
        if (toks.length && dense && dense.d.every((v) => v === 0)) dense = null;
        const sparse = punctemeSparse(aut, `${key}#test`, toks);
        if (!dense) assert.strictEqual(sparse, null, key);
        else sameArray(toDense(sparse!).d, dense.d, key);
      });
    }
  });

  it('int16 weights with cached context vectors score exactly as the float64 weights they denote', () => {
    const trees = smallSentences(14, 40);
    const base = randomCore(trees, 12, 'R', false, 14);
    const rng = seededRng(3);
    const q = Int16Array.from({ length: base.weights.length }, () => (rng() < 0.3 ? 0 : Math.round(gaussian(rng) * 8000)));
    const scale = 1.0656531787752636e-4;
    const parts = { vocab: base.vocab, channel: base.channel, eta: base.eta };
    const quantised = new PunctModelImpl(new ModelCore({ ...parts, weights: { q, scale } }), 'q');
    const dense = new PunctModelImpl(new ModelCore({ ...parts, weights: Float64Array.from(q, (x) => x * scale) }), 'f64');
    for (const t of trees.slice(0, 25)) {
      const alts = [t.slots, ...t.slots.map((_, i) => t.slots.map((s, k) => (k === i ? [...s, ','] : s)))];
      const a = quantised.logProbs(t, alts), b = dense.logProbs({ words: t.words.map((w) => ({ ...w })) }, alts);
      a.forEach((x, k) => assert.ok(Object.is(x, b[k]), `${t.id} alternative ${k}: ${x} vs ${b[k]}`));
    }
    // Reading `weights` (training, writing a model) turns the quantised core into the float64 one, same values.
    const w = quantised.core.weights;
    assert.ok(w instanceof Float64Array);
    sameArray(w, dense.core.weights, 'materialised θ');
  });
});

describe('model: a view of the shipped θ with other edge rules (the lint\'s supplement model)', () => {
  it('scores exactly as a model file read with those rules set, and as the original with none', function () {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs = require('fs') as typeof import('fs');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { defaultModelDir, DEFAULT_MODEL_FILE, loadPunctModel, withEdgeRules } = require('../../server/src/model') as typeof import('../../server/src/model');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { coreFromJson, readModelJson } = require('../../server/src/model/modelFile') as typeof import('../../server/src/model/modelFile');
    const file = `${defaultModelDir()}/${DEFAULT_MODEL_FILE}`;
    if (!fs.existsSync(file)) this.skip();
    const shipped = loadPunctModel(file);
    const rules = { outerLeftComma: true, supplementRightComma: true };
    const view = withEdgeRules(shipped, rules);
    const fromFile = new PunctModelImpl(coreFromJson({ ...readModelJson(file), ...rules }), 'flags');
    const none = withEdgeRules(shipped, { outerLeftComma: false, supplementRightComma: false });
    const trees = smallSentences(30, 40);
    for (const tree of trees) {
      assert.strictEqual(view.logProb(tree), fromFile.logProb(tree));
      assert.strictEqual(none.logProb(tree), shipped.logProb(tree));
    }
    assert.ok(trees.some((t) => view.logProb(t) !== shipped.logProb(t)), 'the rules change some score');
  });
});

/** A cached context's int16 values as the float64 weights they denote, by output (the cache's layout). */
function scaledWeights(q: Int16Array, o: number, rp: RelPairs, scale: number): { pair: Float64Array; l: Float64Array; r: Float64Array; sym: Float64Array } {
  let at = 0;
  const take = (n: number): Float64Array => Float64Array.from(q.subarray(at, (at += n)), (x) => x * scale);
  const pair = o & 1 ? take(rp.pair.length) : new Float64Array(0);
  const l = o & 2 ? take(rp.ls.length) : new Float64Array(0);
  const r = o & 4 ? take(rp.rs.length) : new Float64Array(0);
  const sym = o & 8 ? take(4) : new Float64Array(0);
  assert.strictEqual(at, q.length, 'the layout covers every value');
  return { pair, l, r, sym };
}

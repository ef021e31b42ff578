import { strict as assert } from 'assert';
import { PunctuatedTree } from '../../server/src/data/depunct';
import { Direction } from '../../server/src/model/channel';
import { inside, backward } from '../../server/src/model/inside';
import { ModelCore } from '../../server/src/model/model';
import { refineMap, viterbi } from '../../server/src/model/viterbi';
import { PunctModelImpl } from '../../server/src/model';
import { coreFromJson, coreToJson } from '../../server/src/model/modelFile';
import { buildModelVocab } from '../../server/src/training/model/buildModelVocab';
import { assignmentCount, enumerateJoint } from './bruteForce';
import { randomCore, smallSentences } from './helpers';

const CASES: Array<{ dir: Direction; identity: boolean; outerLeftComma?: boolean; supplementRightComma?: boolean; finalMarkOnRoot?: boolean; finalPointOnRoot?: boolean }> = [
  { dir: 'R', identity: false },
  { dir: 'R', identity: false, outerLeftComma: true, finalMarkOnRoot: true },
  { dir: 'R', identity: false, outerLeftComma: true, supplementRightComma: true, finalPointOnRoot: true },
  { dir: 'R', identity: false, outerLeftComma: true },
  { dir: 'R', identity: false, outerLeftComma: true, supplementRightComma: true },
  { dir: 'L', identity: false },
  { dir: 'R', identity: true },
];

/** Small real sentences whose brute-force enumeration stays small under a vocabulary built from them. */
function fixtures(): { trees: PunctuatedTree[]; vocabTrees: PunctuatedTree[] } {
  const vocabTrees = smallSentences(6, 25);
  return { trees: vocabTrees.slice(0, 12), vocabTrees };
}

function slotsOf(core: ModelCore, t: PunctuatedTree): string[][] {
  return t.slots.map((s) => core.normaliseSlot(s));
}

describe('model/inside: Algorithm 1 against brute force on real EWT sentences', function () {
  this.timeout(120000);
  const { trees, vocabTrees } = fixtures();

  for (const { dir, identity, outerLeftComma, supplementRightComma, finalMarkOnRoot, finalPointOnRoot } of CASES) {
    const label = `${identity ? 'identity channel' : `channel ${dir}`}${outerLeftComma ? ', outerLeftComma' : ''}${supplementRightComma ? ', supplementRightComma' : ''}${finalMarkOnRoot ? ', finalMarkOnRoot' : ''}${finalPointOnRoot ? ', finalPointOnRoot' : ''}`;
    it(`${label}: inside = log of the sum over all puncteme assignments; marginals and Viterbi agree`, () => {
      const core = randomCore(vocabTrees, 3, dir, identity, 12, outerLeftComma, supplementRightComma, finalMarkOnRoot, finalPointOnRoot);
      const model = new PunctModelImpl(core, 'test');
      let checked = 0;
      let misses = 0;
      for (const t of trees) {
        const prep = core.prepare(t);
        if (assignmentCount(prep) > 60000) continue;
        const slots = slotsOf(core, t);
        const all = enumerateJoint(core, prep, slots);
        const z = all.reduce((s, a) => s + a.p, 0);
        const lp = model.logProb(t);
        assert.ok(Math.abs(lp - Math.log(z)) < 1e-9, `${t.id}: ${lp} vs ${Math.log(z)}`);
        // Marginals.
        const input = core.nodeInputs(prep, slots);
        const auts = core.automata(slots);
        const res = inside(prep.info, auts, core.V, input);
        const { mu } = backward(prep.info, auts, core.V, input, res);
        for (let w = 1; w <= prep.info.n; w++) {
          const want = new Float64Array(prep.rp[w].pair.length);
          for (const a of all) want[a.choice[w]] += a.p / z;
          for (let j = 0; j < want.length; j++) assert.ok(Math.abs(mu[w][j] - want[j]) < 1e-9, `μ ${t.id} w=${w} j=${j}`);
        }
        // Viterbi: the returned tree is a brute-force argmax (exact for the identity channel, where every u has
        // one path; for the full channel it maximises over punctemes and inter-puncteme states, paper fn. 10).
        const v = viterbi(prep.info, auts, core.V, input)!;
        if (!identity) refineMap(prep.info, auts, core.V, input, v.choice, core.vocab.pairs, (x) => core.channel.alphabet.id(x));
        const best = all.reduce((a, b) => (b.p > a.p ? b : a));
        const got = all.find((a) => a.choice.every((c, w) => w === 0 || c === v.choice[w]))!;
        if (identity) {
          assert.ok(Math.abs(Math.log(got.p) - Math.log(best.p)) < 1e-9, `viterbi ${t.id}`);
          assert.ok(Math.abs(v.score - Math.log(best.p)) < 1e-9);
        } else if (got.p < best.p * (1 - 1e-9)) misses++;
        const map = model.viterbi(t);
        assert.ok(Math.abs(map.logProb - Math.log(got.p)) < 1e-9);
        checked++;
      }
      assert.ok(checked >= 5, `only ${checked} sentences small enough`);
      assert.ok(misses <= checked / 10, `refined Viterbi missed the argmax on ${misses}/${checked}`);
    });
  }

  it('a 100-word sentence: finite log-probability, no NaN, no underflow', () => {
    const core = randomCore(vocabTrees, 5, 'R', false);
    const model = new PunctModelImpl(core, 'test');
    // Chain real sentences under one root: the first sentence's root heads the others' roots.
    const words: PunctuatedTree['words'] = [];
    const slots: string[][] = [[]];
    let root = 0;
    for (const t of vocabTrees) {
      const off = words.length;
      for (const w of t.words) words.push({ ...w, head: w.head === 0 ? (root || 0) : w.head + off });
      if (!root) root = t.words.findIndex((w) => w.head === 0) + 1;
      else words[off + t.words.findIndex((w) => w.head === 0)].deprel = 'parataxis';
      slots[slots.length - 1].push(...t.slots[0]);
      slots.push(...t.slots.slice(1).map((s) => [...s]));
      if (words.length >= 100) break;
    }
    assert.ok(words.length >= 100);
    const lp = model.logProb({ words, slots });
    assert.ok(Number.isFinite(lp) && lp < -50, `logProb ${lp}`);
    const m = model.viterbi({ words, slots });
    assert.ok(Number.isFinite(m.logProb));
    assert.equal(m.pairs.length, words.length);
  });
});

describe('model/index: scoring alternatives of one tree', function () {
  this.timeout(60000);
  it('logProbs with the IN(w) memo equals fresh inside passes, for many one-slot edits', () => {
    const trees = smallSentences(12, 30);
    const core = randomCore(trees, 8, 'R', false);
    const model = new PunctModelImpl(core, 'test');
    const fresh = new PunctModelImpl(core, 'fresh');
    for (const t of trees.slice(0, 6)) {
      const alts: string[][][] = [t.slots];
      for (let i = 0; i < t.slots.length; i++) {
        alts.push(t.slots.map((s, k) => (k === i ? [...s, ','] : s)));
        if (t.slots[i].length) alts.push(t.slots.map((s, k) => (k === i ? [] : s)));
      }
      const got = model.logProbs(t, alts);
      alts.forEach((slots, k) => {
        const want = fresh.logProb({ words: t.words.map((w) => ({ ...w })), slots });
        assert.ok(Math.abs(got[k] - want) < 1e-9, `${t.id} alternative ${k}: ${got[k]} vs ${want}`);
      });
    }
  });
});

describe('model: outerLeftComma', () => {
  const vocabTrees = smallSentences(12, 60);

  it('gives a comma at a shared left edge to the outermost constituent that starts there', () => {
    const core = randomCore(vocabTrees, 4, 'R', false, 12, true);
    const plain = randomCore(vocabTrees, 4, 'R', false, 12, false);
    const comma = core.channel.alphabet.id(',');
    let masked = 0;
    for (const t of vocabTrees) {
      const prep = core.prepare(t);
      const before = plain.prepare(t);
      const { info } = prep;
      for (let w = 1; w <= info.n; w++) {
        const h = info.head(w);
        const leftComma = [...prep.rp[w].pair].some((p) => core.vocab.tokens[core.vocab.pairs[p][0]].includes(comma));
        if (h !== 0 && info.lo[w] === info.lo[h]) {
          assert.ok(!leftComma, `${t.id} w=${w}: no left comma where the head starts too`);
          assert.ok(prep.rp[w].pair.length > 0 && prep.rp[w].pair.includes(0), 'ε ε stays allowed');
          if (prep.rp[w].pair.length < before.rp[w].pair.length) masked++;
        } else assert.deepEqual([...prep.rp[w].pair], [...before.rp[w].pair], `${t.id} w=${w}: other nodes keep W_d`);
      }
    }
    assert.ok(masked > 0, 'some node lost its left-comma pairs');
  });

  it('still gives every EWT dev sentence of the fixtures a finite probability', () => {
    const core = randomCore(vocabTrees, 4, 'R', false, 12, true);
    const model = new PunctModelImpl(core, 'test');
    for (const t of vocabTrees) assert.ok(Number.isFinite(model.logProb(t)), t.id);
  });
});

describe('model: the posterior regulariser with paired supplement commas (training only)', () => {
  it('counts a relative clause or apposition inside the sentence with a comma on one side only', () => {
    const trees = smallSentences(30, 400);
    const plain = randomCore(trees, 6, 'R', false, 12, true);
    const paired = randomCore(trees, 6, 'R', false, 12, true);
    paired.pairedSupplementCommas = true;
    const comma = paired.channel.alphabet.id(',');
    let extra = 0;
    for (const t of trees) {
      const a = plain.prepare(t), b = paired.prepare(t);
      for (let w = 1; w <= a.info.n; w++) {
        const d = t.words[w - 1].deprel;
        const inside = a.info.lo[w] > 1 && a.info.hi[w] < a.info.n;
        for (let j = 0; j < a.rp[w].pair.length; j++) {
          const rp = a.rp[w];
          const oneSided = paired.vocab.tokens[rp.l[j]].includes(comma) !== paired.vocab.tokens[rp.r[j]].includes(comma);
          const before = plain.unmatched(a, w)[j];
          const want = before || ((d === 'acl:relcl' || d.startsWith('appos')) && inside && oneSided) ? 1 : 0;
          assert.equal(paired.unmatched(b, w)[j], want, `${t.id} w=${w} ${d} pair ${j}`);
          if (want && !before) extra++;
        }
      }
    }
    assert.ok(extra > 0, 'some supplement pairs are counted');
  });
});

describe('model: supplementRightComma', () => {
  it('gives a comma at a shared right edge to the outermost node ending there, stopping at a relative clause or apposition', () => {
    const trees = smallSentences(30, 400);
    const core = randomCore(trees, 4, 'R', false, 12, false, true);
    const plain = randomCore(trees, 4, 'R', false, 12, false, false);
    const comma = core.channel.alphabet.id(',');
    const supplement = (d: string) => d === 'acl:relcl' || d.startsWith('appos');
    let masked = 0;
    for (const t of trees) {
      const prep = core.prepare(t), before = plain.prepare(t);
      const { info } = prep;
      for (let w = 1; w <= info.n; w++) {
        const h = info.head(w);
        const passesUp = h !== 0 && info.hi[w] === info.hi[h] && !supplement(t.words[w - 1].deprel);
        const passesDown = info.right[w].some((c) => supplement(t.words[c - 1].deprel) && info.hi[c] === info.hi[w]);
        const rightComma = [...prep.rp[w].pair].some((p) => core.vocab.tokens[core.vocab.pairs[p][1]].includes(comma));
        if (passesUp || passesDown) {
          assert.ok(!rightComma, `${t.id} w=${w}`);
          if (prep.rp[w].pair.length < before.rp[w].pair.length) masked++;
        } else assert.deepEqual([...prep.rp[w].pair], [...before.rp[w].pair], `${t.id} w=${w}`);
      }
    }
    assert.ok(masked > 0);
  });
});

describe('model: finalMarkOnRoot', () => {
  const TERMINAL = new Set(['.', '?', '!', '?!', '...']);
  const CLOSING = new Set([')', ']', '}', '”', '’', '>']);

  it('gives the sentence its one terminal mark on the root; a quotation ending the sentence keeps its own inside its closer', () => {
    const trees = smallSentences(30, 400);
    const core = randomCore(trees, 4, 'R', false, 12, false, false, true);
    const plain = randomCore(trees, 4, 'R', false, 12, false, false, false);
    const A = core.channel.alphabet;
    const right = (p: number) => core.vocab.tokens[core.vocab.pairs[p][1]].map((t) => A.tokens[t]);
    let maskedRoot = 0, maskedOther = 0, keptInside = 0;
    for (const t of trees) {
      const prep = core.prepare(t), before = plain.prepare(t);
      const { info } = prep;
      for (let w = 1; w <= info.n; w++) {
        const now = new Set(prep.rp[w].pair), was = [...before.rp[w].pair];
        if (info.hi[w] !== info.n) {
          assert.deepEqual([...prep.rp[w].pair], was, `${t.id} w=${w}: nodes inside the sentence keep W_d`);
          continue;
        }
        assert.ok(now.size > 0 && now.has(0), `${t.id} w=${w}: ε ε stays allowed`);
        for (const p of was) {
          const toks = right(p);
          const terminals = toks.filter((x) => TERMINAL.has(x)).length;
          const bare = toks.some((x, i) => TERMINAL.has(x) && !toks.slice(i + 1).some((c) => CLOSING.has(c)));
          const want = w === info.root ? terminals <= 1 : !bare;
          assert.equal(now.has(p), want, `${t.id} w=${w} right puncteme "${toks.join(' ')}"`);
          if (!want) w === info.root ? maskedRoot++ : maskedOther++;
          if (w !== info.root && want && terminals > 0) keptInside++;
        }
      }
    }
    assert.ok(maskedRoot > 0 && maskedOther > 0, `masked: root ${maskedRoot}, other ${maskedOther}`);
    assert.ok(keptInside > 0, 'a terminal mark inside a closing quote or bracket stays allowed');
  });

  it('still gives every fixture sentence a finite probability, and is stored in the model file', () => {
    const trees = smallSentences(30, 100);
    const core = randomCore(trees, 4, 'R', false, 12, true, false, true);
    const model = new PunctModelImpl(core, 'test');
    for (const t of trees) assert.ok(Number.isFinite(model.logProb(t)), t.id);
    const back = coreFromJson(JSON.parse(JSON.stringify(coreToJson(core, buildModelVocab(trees), 'test'))));
    assert.ok(back.finalMarkOnRoot && back.outerLeftComma && !back.supplementRightComma);
  });
});

describe('model: finalPointOnRoot', function () {
  this.timeout(120000);
  const POINTS = new Set([',', ';', ':', '-', '—', '.', '?', '!', '?!', '...']);
  const CLOSING = new Set([')', ']', '}', '”', '’', '>']);
  /** The constraint, written from its definition: which right punctemes a node may carry. */
  function allowed(info: { n: number; root: number; hi: ArrayLike<number> }, w: number, toks: string[]): boolean {
    if (info.hi[w] !== info.n) return true;
    if (w === info.root) return toks.filter((x) => POINTS.has(x)).length <= 1;
    return toks.every((x, i) => x === ',' || !POINTS.has(x) || toks.slice(i + 1).some((c) => CLOSING.has(c)));
  }
  const rightOf = (core: ModelCore, p: number) => core.vocab.tokens[core.vocab.pairs[p][1]].map((t) => core.channel.alphabet.tokens[t]);

  it('keeps exactly the pairs the definition allows: one point on the root, only a comma (or marks inside a closer) on the other nodes ending the sentence', () => {
    const trees = smallSentences(30, 400);
    const core = randomCore(trees, 4, 'R', false, 12, false, false, false, true);
    const plain = randomCore(trees, 4, 'R', false, 12, false, false, false, false);
    let maskedRoot = 0, maskedOther = 0, keptComma = 0, keptInside = 0;
    for (const t of trees) {
      const prep = core.prepare(t), before = plain.prepare(t);
      const { info } = prep;
      for (let w = 1; w <= info.n; w++) {
        const now = new Set(prep.rp[w].pair);
        assert.ok(now.has(0), `${t.id} w=${w}: ε ε stays allowed`);
        for (const p of before.rp[w].pair) {
          const toks = rightOf(core, p);
          const want = allowed(info, w, toks);
          assert.equal(now.has(p), want, `${t.id} w=${w} right puncteme "${toks.join(' ')}"`);
          if (!want) w === info.root ? maskedRoot++ : maskedOther++;
          else if (info.hi[w] === info.n && w !== info.root && toks.includes(',')) keptComma++;
          else if (info.hi[w] === info.n && w !== info.root && toks.some((x) => POINTS.has(x))) keptInside++;
        }
        assert.equal(now.size, [...before.rp[w].pair].filter((p) => allowed(info, w, rightOf(core, p))).length);
      }
    }
    assert.ok(maskedRoot > 0 && maskedOther > 0, `masked: root ${maskedRoot}, other ${maskedOther}`);
    assert.ok(keptComma > 0 && keptInside > 0, `kept on final non-root nodes: comma ${keptComma}, inside a closer ${keptInside}`);
  });

  for (const identity of [true, false]) {
    it(`${identity ? 'identity channel' : 'channel R'}: log p(x | T) and the MAP tree equal the unconstrained model's, enumerated and conditioned on the constraint`, () => {
      const vocabTrees = smallSentences(6, 25);
      const core = randomCore(vocabTrees, 3, 'R', identity, 12, true, false, false, true);
      const free = randomCore(vocabTrees, 3, 'R', identity, 12, true, false, false, false);
      const model = new PunctModelImpl(core, 'test');
      let checked = 0, constrained = 0, misses = 0;
      for (const t of vocabTrees.slice(0, 12)) {
        const prepFree = free.prepare(t);
        if (assignmentCount(prepFree) > 60000) continue;
        const slots = t.slots.map((s) => core.normaliseSlot(s));
        const { info } = prepFree;
        const ok = (w: number, j: number) => allowed(info, w, rightOf(free, prepFree.rp[w].pair[j]));
        // p_θ restricted to the allowed pairs of each node and renormalised there: Π_w Z_w over the free model.
        let logZ = 0;
        for (let w = 1; w <= info.n; w++) {
          const { logp } = free.nodeLogProbs(prepFree, w, slots);
          let z = 0;
          for (let j = 0; j < logp.length; j++) if (ok(w, j)) z += Math.exp(logp[j]);
          logZ += Math.log(z);
          if (z < 1 - 1e-12) constrained++;
        }
        const all = enumerateJoint(free, prepFree, slots).filter((a) => a.choice.every((j, w) => w === 0 || ok(w, j)));
        const z = all.reduce((s, a) => s + a.p, 0);
        assert.ok(Math.abs(model.logProb(t) - (Math.log(z) - logZ)) < 1e-9, `${t.id}: ${model.logProb(t)} vs ${Math.log(z) - logZ}`);
        // The MAP tree: its pairs, mapped to the free model's W_d, form an allowed assignment; for the identity
        // channel it is the argmax, for the full channel the refined Viterbi's (counted, paper fn. 10).
        const map = model.viterbi(t);
        const prep = core.prepare(t);
        const v = viterbi(prep.info, core.automata(slots), core.V, core.nodeInputs(prep, slots))!;
        if (!identity) refineMap(prep.info, core.automata(slots), core.V, core.nodeInputs(prep, slots), v.choice, core.vocab.pairs, (x) => core.channel.alphabet.id(x));
        const asFree = v.choice.map((j, w) => (w === 0 ? 0 : [...prepFree.rp[w].pair].indexOf(prep.rp[w].pair[j])));
        const got = all.find((a) => a.choice.every((c, w) => w === 0 || c === asFree[w]));
        assert.ok(got, `${t.id}: the MAP tree is an allowed assignment`);
        const best = all.reduce((a, b) => (b.p > a.p ? b : a));
        if (identity) assert.ok(Math.abs(Math.log(got.p) - Math.log(best.p)) < 1e-9, `viterbi ${t.id}`);
        else if (got.p < best.p * (1 - 1e-9)) misses++;
        assert.ok(Math.abs(map.logProb - (Math.log(got.p) - logZ)) < 1e-9, `${t.id}: MAP log p ${map.logProb} vs ${Math.log(got.p) - logZ}`);
        checked++;
      }
      assert.ok(checked >= 5, `only ${checked} sentences small enough`);
      assert.ok(constrained > 0, 'the constraint removed probability mass somewhere');
      assert.ok(misses <= checked / 10, `refined Viterbi missed the argmax on ${misses}/${checked}`);
    });
  }

  it('is stored in the model file, and leaves models without it unchanged', () => {
    const trees = smallSentences(30, 100);
    const core = randomCore(trees, 4, 'R', false, 12, true, false, false, true);
    const back = coreFromJson(JSON.parse(JSON.stringify(coreToJson(core, buildModelVocab(trees), 'test'))));
    assert.ok(back.finalPointOnRoot && back.outerLeftComma && !back.finalMarkOnRoot);
    const plain = randomCore(trees, 4, 'R', false, 12, true);
    const json = coreToJson(plain, buildModelVocab(trees), 'test');
    assert.ok(!('finalPointOnRoot' in json));
    assert.ok(!coreFromJson(JSON.parse(JSON.stringify(json))).finalPointOnRoot);
    const model = new PunctModelImpl(core, 'test');
    for (const t of trees) assert.ok(Number.isFinite(model.logProb(t)), t.id);
  });
});

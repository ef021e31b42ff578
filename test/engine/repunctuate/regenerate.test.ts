/**
 * Re-punctuation's surface against brute force: on small random trees with random punctemes and random channels,
 * the regenerated surface is the most probable surface string of the whole sentence, found by enumerating every
 * string the channel could write at every slot and scoring it through the inverted channel (the automaton of
 * `automaton.ts`, a different computation from the forward enumeration `regenerate` uses).
 */
import { strict as assert } from 'assert';
import { TreeWord } from '../../../server/src/data/depunct';
import { automatonWeight, buildSlotAutomaton } from '../../../server/src/model/automaton';
import { Channel, Direction, newChannel } from '../../../server/src/model/channel';
import { modelAlphabet } from '../../../server/src/model/vocabulary';
import { seededRng } from '../../../server/src/model';
import { isProjective } from '../../../server/src/data/depunct';
import { regenerate, underlyingSlotsOf } from '../../../server/src/engine/repunctuate';
import { deleteConstituent, joinTrees, moveConstituent } from '../../../server/src/engine/repunctuate/treeEdits';
import { UnderlyingTree } from '../../../server/src/engine/repunctuate/underlyingTree';
import { gaussian } from '../../model/helpers';

const A = modelAlphabet();
const PUNCTEMES = [[], [','], ['.'], ['“'], ['”'], [',', '”'], ['('], [')']];

function randomChannel(dir: Direction, rng: () => number): Channel {
  return newChannel(A, dir, false, new Float64Array(A.size * A.size * 4).map(() => 1.5 * gaussian(rng)));
}

function word(head: number): TreeWord {
  return { form: 'w', lemma: 'w', upos: 'NOUN', xpos: 'NN', feats: '_', deprel: 'dep', head };
}

/** A random projective tree of n words with random punctemes. */
function randomTree(n: number, rng: () => number): UnderlyingTree {
  for (;;) {
    const root = 1 + Math.floor(rng() * n);
    const heads = Array.from({ length: n }, (_, k) => (k + 1 === root ? 0 : 0));
    // Attach each word to an earlier-placed word (a random tree), then keep it only if projective.
    const placed = [root];
    for (let w = 1; w <= n; w++) {
      if (w === root) continue;
      heads[w - 1] = placed[Math.floor(rng() * placed.length)];
      placed.push(w);
    }
    const words = heads.map(word);
    if (!isProjective(words)) continue;
    const pick = () => PUNCTEMES[Math.floor(rng() * PUNCTEMES.length)];
    return { nodes: words.map((w, k) => ({ word: w, l: pick(), r: pick(), origin: { sentence: 0, word: k + 1 } })) };
  }
}

/** Every string the channel can write from u: sequences of u's tokens, at most |u| long. */
function candidates(u: readonly string[]): string[][] {
  const toks = [...new Set(u)];
  const out: string[][] = [[]];
  let layer: string[][] = [[]];
  for (let l = 1; l <= u.length; l++) {
    layer = layer.flatMap((s) => toks.map((t) => [...s, t]));
    out.push(...layer);
  }
  return out;
}

/** max over whole-sentence surfaces x of Π_i p(x_i | u_i), by enumerating the product of the slots' candidates. */
function bruteForceBest(ch: Channel, u: string[][]): { p: number; x: string[][] } {
  const weight = (x: readonly string[], i: number) => automatonWeight(buildSlotAutomaton(ch, x, i === 0, 0), u[i].map((t) => A.id(t)));
  // Each slot's candidates with their weights, computed once; the walk below still visits every whole surface.
  const scored = u.map((_, i) => candidates(u[i]).map((c) => ({ c, p: weight(c, i) })));
  let best = { p: -1, x: [] as string[][] };
  const walk = (i: number, x: string[][], p: number) => {
    if (i === u.length) {
      if (p > best.p) best = { p, x };
      return;
    }
    for (const { c, p: q } of scored[i]) walk(i + 1, [...x, c], p * q);
  };
  walk(0, [], 1);
  return best;
}

function surfaceProb(ch: Channel, u: string[][], x: string[][]): number {
  return x.reduce((p, xi, i) => p * automatonWeight(buildSlotAutomaton(ch, xi, i === 0, 0), u[i].map((t) => A.id(t))), 1);
}

describe('engine/repunctuate: the regenerated surface is the MAP surface (brute force)', () => {
  for (const dir of ['L', 'R'] as Direction[]) {
    it(`${dir}: random trees of 2–4 words, random punctemes and channels, after each kind of edit`, () => {
      const rng = seededRng(dir === 'L' ? 11 : 12);
      let checked = 0;
      for (let trial = 0; trial < 40; trial++) {
        const ch = randomChannel(dir, rng);
        const n = 2 + Math.floor(rng() * 3);
        const t = randomTree(n, rng);
        const nonRoot = t.nodes.map((_, k) => k + 1).filter((w) => t.nodes[w - 1].word.head !== 0);
        const w = nonRoot[Math.floor(rng() * nonRoot.length)];
        const edits = [
          t,
          deleteConstituent(t, w).tree,
          moveConstituent(t, w, 'front').tree,
          moveConstituent(t, w, 'end').tree,
          joinTrees(t, randomTree(2, rng), 'and').tree,
        ];
        for (const e of edits) {
          const u = underlyingSlotsOf(e);
          if (u.reduce((s, x) => s + x.length, 0) > 6) continue; // keeps the enumeration small
          const got = regenerate(e, ch);
          const best = bruteForceBest(ch, u);
          const p = surfaceProb(ch, u, got.surface);
          assert.ok(Math.abs(p - best.p) <= 1e-12 * Math.max(1, best.p), `${JSON.stringify(u)}: got ${JSON.stringify(got.surface)} (${p}), best ${JSON.stringify(best.x)} (${best.p})`);
          checked++;
        }
      }
      assert.ok(checked > 100, `only ${checked} cases checked`);
    });
  }
});

describe('engine/repunctuate: the tree edits', () => {
  const rng = seededRng(5);
  it('keep every word and puncteme not edited away, and keep the tree projective', () => {
    for (let trial = 0; trial < 200; trial++) {
      const t = randomTree(2 + Math.floor(rng() * 6), rng);
      const nonRoot = t.nodes.map((_, k) => k + 1).filter((w) => t.nodes[w - 1].word.head !== 0);
      const w = nonRoot[Math.floor(rng() * nonRoot.length)];
      for (const e of [deleteConstituent(t, w), moveConstituent(t, w, 'front'), moveConstituent(t, w, 'end')]) {
        assert.ok(isProjective(e.tree.nodes.map((n) => n.word)));
        for (const node of e.tree.nodes) {
          const o = node.origin as { word: number };
          const was = t.nodes[o.word - 1];
          assert.deepEqual([node.l, node.r], [was.l, was.r]);
        }
      }
      const del = deleteConstituent(t, w).tree;
      const mv = moveConstituent(t, w, 'front').tree;
      assert.equal(mv.nodes.length, t.nodes.length);
      assert.ok(del.nodes.length < t.nodes.length);
      // The moved constituent's words stay together and in their order.
      const order = mv.nodes.map((n) => (n.origin as { word: number }).word);
      const moved = order.filter((o) => del.nodes.every((d) => (d.origin as { word: number }).word !== o));
      const at = order.indexOf(moved[0]);
      assert.deepEqual(order.slice(at, at + moved.length), [...moved].sort((a, b) => a - b));
    }
  });
});

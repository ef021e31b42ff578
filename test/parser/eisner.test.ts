import * as assert from 'assert';
import { eisner, treeScore } from '../../server/src/parser/graph/eisner';
import { seededRandom } from '../../server/src/training/parser/views';
import { isProjectiveTree } from './treeChecks';
import { eisnerReference } from './eisnerReference';

/** The best projective tree by enumerating every head assignment ((n + 1)ⁿ of them). */
function bruteForce(score: Float64Array, n: number): { head: Int32Array; score: number; trees: number } {
  const head = new Int32Array(n);
  let best = -Infinity, bestHead = head.slice(), trees = 0;
  const total = Math.pow(n + 1, n);
  for (let code = 0; code < total; code++) {
    for (let d = 0, c = code; d < n; d++, c = Math.floor(c / (n + 1))) head[d] = c % (n + 1);
    if (!isProjectiveTree(head, n)) continue;
    trees++;
    const x = treeScore(score, n, head);
    if (x > best) {
      best = x;
      bestHead = head.slice();
    }
  }
  return { head: bestHead, score: best, trees };
}

function randomScores(n: number, rand: () => number): Float64Array {
  const s = new Float64Array(n * (n + 1));
  for (let d = 0; d < n; d++) for (let h = 0; h <= n; h++) s[d * (n + 1) + h] = h === d ? -Infinity : 10 * rand() - 5;
  return s;
}

describe('Eisner decoding of arc scores', () => {
  it('finds the best single-rooted projective tree, as enumeration does, for every n up to 6', () => {
    const rand = seededRandom(3);
    for (let n = 1; n <= 6; n++) {
      for (let trial = 0; trial < (n <= 4 ? 40 : 8); trial++) {
        const s = randomScores(n, rand);
        const got = eisner(s, n);
        const want = bruteForce(s, n);
        assert.ok(isProjectiveTree(got, n), `n ${n}: ${[...got]} is a projective tree`);
        assert.ok(Math.abs(treeScore(s, n, got) - want.score) < 1e-9, `n ${n}: score ${treeScore(s, n, got)} vs best ${want.score}`);
        assert.deepStrictEqual([...got], [...want.head]);
      }
    }
  });

  it('gives the reference implementation\'s tree, ties included, for sentences of 1–80 words in any order', () => {
    const rand = seededRandom(9);
    // Lengths up and down, so that the kept chart is read after longer and shorter sentences; scores in whole units
    // (many ties) and continuous.
    const lengths = [1, 2, 3, 80, 7, 40, 5, 13, 61, 2, 29, 17, 1, 50, 9];
    for (const [trial, n] of lengths.entries()) {
      const s = randomScores(n, rand);
      if (trial % 2) for (let i = 0; i < s.length; i++) if (s[i] !== -Infinity) s[i] = Math.round(s[i] / 2);
      assert.deepStrictEqual([...eisner(s, n)], [...eisnerReference(s, n)], `n ${n}, trial ${trial}`);
    }
  });

  it('counts: enumeration finds the known number of single-rooted projective trees (1, 2, 7, 30, 143)', () => {
    // Projective trees of n words with one root child: C(3n − 2, n − 1) / (2n − 1) … the ternary numbers' sequence
    // 1, 2, 7, 30, 143 (OEIS A006013): the check that the brute force enumerates the space Eisner searches.
    const rand = seededRandom(5);
    const counts = [1, 2, 3, 4, 5].map((n) => bruteForce(randomScores(n, rand), n).trees);
    assert.deepStrictEqual(counts, [1, 2, 7, 30, 143]);
  });

  it('returns a gold tree when its arcs score highest, non-projective arcs aside', () => {
    // "When the storm ended , the town was quiet ." with its gold heads (root = n).
    const gold = Int32Array.from([3, 2, 3, 7, 5, 7, 7, 8]);
    const n = gold.length;
    const s = new Float64Array(n * (n + 1));
    for (let d = 0; d < n; d++) for (let h = 0; h <= n; h++) s[d * (n + 1) + h] = h === d ? -Infinity : h === gold[d] ? 1 : 0;
    assert.deepStrictEqual([...eisner(s, n)], [...gold]);
  });
});

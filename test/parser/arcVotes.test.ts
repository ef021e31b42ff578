import * as assert from 'assert';
import * as fs from 'fs';
import { addArcVotes } from '../../server/src/parser/graph/arcVotes';
import { eisner, treeScore } from '../../server/src/parser/graph/eisner';
import { graphFromContents } from '../../server/src/parser/graph/graphModel';
import { readModel } from '../../server/src/parser/modelFile';
import { seededRandom } from '../../server/src/training/parser/views';
import { CANDIDATE, taggedSentences } from './graphCandidate';
import { isProjectiveTree } from './treeChecks';

function randomScores(n: number, rand: () => number): Float64Array {
  const s = new Float64Array(n * (n + 1));
  for (let d = 0; d < n; d++) for (let h = 0; h <= n; h++) s[d * (n + 1) + h] = h === d ? -Infinity : 10 * rand() - 5;
  return s;
}

/** Every single-rooted projective tree over n words (heads, n = the root). */
function projectiveTrees(n: number): Int32Array[] {
  const out: Int32Array[] = [];
  const head = new Int32Array(n);
  for (let code = 0; code < Math.pow(n + 1, n); code++) {
    for (let d = 0, c = code; d < n; d++, c = Math.floor(c / (n + 1))) head[d] = c % (n + 1);
    if (isProjectiveTree(head, n)) out.push(head.slice());
  }
  return out;
}

/** log p(h | d) from raw scores, computed plainly. */
function logProb(raw: Float64Array, n: number, d: number, h: number): number {
  let z = 0;
  for (let k = 0; k <= n; k++) z += Math.exp(raw[d * (n + 1) + k]);
  return raw[d * (n + 1) + h] - Math.log(z);
}

describe('parser combination by reparsing (server/src/parser/graph/arcVotes.ts)', () => {
  it('turns each dependent\'s scores into log-probabilities over its heads, and adds the weight to the voted arc alone', () => {
    const rand = seededRandom(5);
    for (const n of [1, 2, 5, 9]) {
      const raw = randomScores(n, rand);
      const votes = Int32Array.from({ length: n }, (_, d) => (d + 1) % (n + 1));
      const s = raw.slice();
      addArcVotes(s, n, votes, 1.5);
      for (let d = 0; d < n; d++) {
        for (let h = 0; h <= n; h++) {
          if (h === d) {
            assert.strictEqual(s[d * (n + 1) + h], -Infinity);
            continue;
          }
          const want = logProb(raw, n, d, h) + (votes[d] === h ? 1.5 : 0);
          assert.ok(Math.abs(s[d * (n + 1) + h] - want) < 1e-12, `n ${n}, d ${d}, h ${h}: ${s[d * (n + 1) + h]} against ${want}`);
        }
      }
    }
  });

  it('finds the tree that maximises Σ log p(head | dependent) + weight × agreements, as enumeration does (n ≤ 6)', () => {
    const rand = seededRandom(11);
    for (let n = 1; n <= 6; n++) {
      const trees = projectiveTrees(n);
      for (let trial = 0; trial < (n <= 4 ? 20 : 4); trial++) {
        const raw = randomScores(n, rand);
        const votes = trees[Math.floor(rand() * trees.length)];
        for (const weight of [0, 0.7, 3]) {
          const s = raw.slice();
          addArcVotes(s, n, votes, weight);
          const got = eisner(s, n);
          const objective = (head: Int32Array) => {
            let x = 0;
            for (let d = 0; d < n; d++) x += logProb(raw, n, d, head[d]) + (votes[d] === head[d] ? weight : 0);
            return x;
          };
          const best = Math.max(...trees.map(objective));
          assert.ok(Math.abs(objective(got) - best) < 1e-9, `n ${n}, weight ${weight}: ${objective(got)} against the best ${best}`);
        }
      }
    }
  });

  it('gives the graph parser\'s own tree at weight 0 and the voted tree at a large weight', () => {
    const rand = seededRandom(17);
    for (let n = 1; n <= 30; n += 3) {
      const raw = randomScores(n, rand);
      const own = eisner(raw, n);
      const zero = raw.slice();
      addArcVotes(zero, n, own.map((h) => (h + 1) % (n + 1)), 0);
      assert.deepStrictEqual([...eisner(zero, n)], [...own]);
      // A projective tree to vote for: a chain, each word headed by the next, the last by the root.
      const chain = Int32Array.from({ length: n }, (_, d) => d + 1);
      assert.ok(isProjectiveTree(chain, n));
      const strong = raw.slice();
      addArcVotes(strong, n, chain, 1e3);
      assert.deepStrictEqual([...eisner(strong, n)], [...chain]);
      assert.ok(treeScore(strong, n, chain) > treeScore(strong, n, own) || own.every((h, d) => h === chain[d]));
    }
  });

  it('leaves the trained graph parser\'s trees unchanged at weight 0 on real sentences, and follows a large weight', function () {
    if (!fs.existsSync(CANDIDATE)) this.skip();
    const g = graphFromContents(readModel(CANDIDATE));
    for (const { forms, e, tags } of taggedSentences().slice(0, 60)) {
      const own = g.parser.parse(e, tags, g.rootRelation);
      const zero = g.parser.parse(e, tags, g.rootRelation, { head: own.head.map((h) => (h + 1) % (e.n + 1)), weight: 0 });
      assert.deepStrictEqual(zero, own, forms.join(' '));
      const chain = Int32Array.from({ length: e.n }, (_, d) => d + 1);
      assert.deepStrictEqual([...g.parser.parse(e, tags, g.rootRelation, { head: chain, weight: 1e3 }).head], [...chain], forms.join(' '));
    }
  });
});

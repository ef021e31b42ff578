import * as assert from 'assert';
import { normaliseWord } from '../../server/src/parser/encoding';
import { hashString } from '../../server/src/parser/hash';
import { seededRandom } from '../../server/src/training/parser/views';
import { ClusterMap, clusterOf } from '../../server/src/parser/wordClusters';
import { kmeans } from '../../server/src/training/parser/buildClusters';

describe('word clusters', () => {
  it('k-means separates well-separated groups of unit vectors', () => {
    const rand = seededRandom(9);
    const dim = 8;
    const n = 300;
    const x = new Float32Array(n * dim);
    const truth: number[] = [];
    for (let i = 0; i < n; i++) {
      const g = i % 3;
      truth.push(g);
      for (let d = 0; d < dim; d++) x[i * dim + d] = (d === g ? 1 : 0) + (rand() - 0.5) * 0.2;
      let norm = 0;
      for (let d = 0; d < dim; d++) norm += x[i * dim + d] ** 2;
      for (let d = 0; d < dim; d++) x[i * dim + d] /= Math.sqrt(norm);
    }
    const a = kmeans(x, n, dim, 3, 10, rand);
    // Same group ⇔ same cluster.
    for (let i = 0; i < n; i++) for (let j = 0; j < 20; j++) assert.strictEqual(a[i] === a[j], truth[i] === truth[j]);
  });

  it('looks words up by their normalised hash (digits folded), unknown words get 0', () => {
    const words = ['the', 'cat', '1999'];
    const keys = words.map((w) => hashString(normaliseWord(w)) >>> 0);
    const order = keys.map((_, i) => i).sort((a, b) => keys[a] - keys[b]);
    const map: ClusterMap = {
      keys: Uint32Array.from(order, (i) => keys[i]),
      fine: Uint8Array.from(order, (i) => i + 1),
      coarse: Uint8Array.from(order, () => 1),
    };
    assert.strictEqual(clusterOf(map, hashString(normaliseWord('cat'))).fine, 2);
    assert.strictEqual(clusterOf(map, hashString(normaliseWord('2024'))).fine, 3);
    assert.deepStrictEqual(clusterOf(map, hashString('dog')), { fine: 0, coarse: 0 });
    assert.deepStrictEqual(clusterOf(undefined, keys[0]), { fine: 0, coarse: 0 });
  });
});

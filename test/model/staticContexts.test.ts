/**
 * The static Attach contexts hashed part by part (`staticContextHashes`, what the engine scores with) are the
 * hashes of their names (`hashContexts(staticContexts(…))`), node by node, on real trees.
 */
import { strict as assert } from 'assert';
import { readTreebank } from '../../server/src/data/treebank';
import { depunctuate, isProjective } from '../../server/src/data/depunct';
import { hashContexts } from '../../server/src/model/attach';
import { staticContextHashes, staticContexts } from '../../server/src/model/features';
import { projectiveTree } from '../../server/src/model/projective';
import { ewtFile } from '../ewt';

describe('static contexts hashed without their names', () => {
  it('are the hashes of the names, with the same outputs, at every node of 500 EWT dev trees', () => {
    const trees = readTreebank(ewtFile('dev'))
      .sentences.slice(0, 600)
      .map(depunctuate)
      .flatMap((r) => (r.ok && isProjective(r.tree.words) ? [r.tree] : []))
      .slice(0, 500);
    // A word key as the model's: closed-class words it knows, the rest unknown.
    const known = new Set(['the', 'a', 'of', 'in', 'to', 'and', 'that', 'it', 'he', 'she', 'we', 'they', 'this']);
    const wordKey = (form: string) => (known.has(form.toLowerCase()) ? form.toLowerCase() : '<unk>');
    let nodes = 0;
    for (const tree of trees) {
      const info = projectiveTree(tree);
      for (let w = 1; w <= info.n; w++) {
        const want = hashContexts(staticContexts(info, w, wordKey));
        const got = staticContextHashes(info, w, wordKey);
        assert.deepEqual([...got.hash], [...want.hash], `node ${w} of "${tree.words.map((x) => x.form).join(' ')}"`);
        assert.deepEqual([...got.outputs], [...want.outputs]);
        nodes++;
      }
    }
    assert.ok(nodes > 5000, `${nodes} nodes`);
  });
});

import * as assert from 'assert';
import * as fs from 'fs';
import { eisner } from '../../server/src/parser/graph/eisner';
import { arcScores, headForward, headKernels } from '../../server/src/parser/graph/graphHeads';
import { graphFromContents } from '../../server/src/parser/graph/graphModel';
import { BiaffineParser } from '../../server/src/parser/graph/graphParser';
import { readModel } from '../../server/src/parser/modelFile';
import { CANDIDATE, runTimeHeadsOf, taggedSentences } from './graphCandidate';

/**
 * A snapshot's run-time heads (`runTimeHeads.ts`: the root's projection kept, the relation MLP's head-role product only
 * for heads, arc scores four heads at a time) against the plain `headForward` / `arcScores` / `labelScores` path, on a
 * trained parser (the committed candidate) and real sentences (EWT dev's first 300 where the data is present): every arc
 * score, head and relation the same, exactly.
 */
describe('the graph parser run-time heads (server/src/parser/graph/runTimeHeads.ts)', function () {
  this.timeout(120000);
  const have = fs.existsSync(CANDIDATE);

  it('score every arc, and give every head and relation, exactly as the plain path', function () {
    if (!have) this.skip();
    const g = graphFromContents(readModel(CANDIDATE));
    const snapshot = g.parser;
    const plain = new BiaffineParser(snapshot.net, snapshot.heads, snapshot.theta);
    const l = snapshot.heads;
    const kernels = headKernels(snapshot.theta, snapshot.headsAt, l);
    const rt = runTimeHeadsOf(snapshot, kernels);
    let arcs = 0;
    for (const { forms, e, tags } of taggedSentences()) {
      const n = e.n;
      const v = snapshot.net.forward(snapshot.net.input(e, tags)).v;
      const want = arcScores(l, headForward(snapshot.theta, snapshot.headsAt, l, v, n, kernels));
      const got = rt.arcs(v, n);
      for (let i = 0; i < want.length; i++) assert.ok(Object.is(got[i], want[i]), `${forms.join(' ')}: arc score ${i}`);
      arcs += want.length;
      const head = eisner(got, n);
      const viaPlain = plain.decode(v, n, g.rootRelation);
      assert.deepStrictEqual([...head], [...viaPlain.head], forms.join(' '));
      assert.deepStrictEqual([...rt.relations(v, n, head, g.rootRelation)], [...viaPlain.deprel], forms.join(' '));
      assert.deepStrictEqual(snapshot.decode(v, n, g.rootRelation), viaPlain, forms.join(' '));
    }
    assert.ok(arcs > 0);
  });
});

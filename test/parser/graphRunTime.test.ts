import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { defaultModelDir, parserModelFile } from '../../server/src/parser';
import { parseConllu } from '../../server/src/data/conllu';
import { clusterLookup } from '../../server/src/parser/dependencyParser';
import { encodeSentence } from '../../server/src/parser/encoding';
import { eisner } from '../../server/src/parser/graph/eisner';
import { arcScores, headForward, headKernels } from '../../server/src/parser/graph/graphHeads';
import { graphFromContents } from '../../server/src/parser/graph/graphModel';
import { BiaffineParser } from '../../server/src/parser/graph/graphParser';
import { RunTimeHeads } from '../../server/src/parser/graph/runTimeHeads';
import { readModel } from '../../server/src/parser/modelFile';
import { parserModels } from '../../server/src/parser/parserModels';
import { ewtFile, haveEwt } from '../ewt';

const CANDIDATE = path.resolve(__dirname, '../../models/candidates/graph-parser/parser-graph.bin.gz');
const TEXTS = [
  'When the storm ended , the town was quiet .',
  'The report , which nobody read , was filed on Tuesday and forgotten .',
  'However we tried it , the door would not open .',
  'Yes .',
  'I',
];

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
    const shipped = parserModels(readModel(parserModelFile(defaultModelDir())));
    const lookup = clusterLookup(shipped.clusters);
    const sentences = [
      ...TEXTS.map((t) => t.split(' ')),
      ...(haveEwt() ? parseConllu(fs.readFileSync(ewtFile('dev'), 'utf8'), 'dev').slice(0, 300).map((s) => s.words.map((w) => w.form)) : []),
    ];
    const l = snapshot.heads;
    const root = snapshot.net.layout.root.offset;
    const kernels = headKernels(snapshot.theta, snapshot.headsAt, l);
    const rt = new RunTimeHeads(snapshot.theta, snapshot.headsAt, l, kernels, Float64Array.from(snapshot.theta.subarray(root, root + l.dims.V)));
    let arcs = 0;
    // Longest first, then shorter ones: the kept buffers are wider than the sentence.
    for (const forms of [...sentences].sort((a, b) => b.length - a.length).slice(0, 1).concat(sentences)) {
      const e = encodeSentence({ forms, slots: Array.from({ length: forms.length + 1 }, () => []) }, lookup);
      const tags = shipped.tagger.tag(e);
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

import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { defaultModelDir, loadParser, parserModelFile } from '../../server/src/parser';
import { GRAPH_PARSER_FILE } from '../../server/src/data/modelDir';
import { clusterLookup } from '../../server/src/parser/dependencyParser';
import { encodeSentence, normaliseWord } from '../../server/src/parser/encoding';
import { graphContents, graphFromContents } from '../../server/src/parser/graph/graphModel';
import { readModel, writeModel } from '../../server/src/parser/modelFile';
import { parserModels } from '../../server/src/parser/parserModels';
import { slotSentence } from '../../server/src/parser/sentenceBuilder';
import { buildAffixVocab, buildVocab } from '../../server/src/training/parser/neuralTrain';
import { seededRandom } from '../../server/src/training/parser/views';
import { newBiaffineParser } from '../../server/research/parser/biaffine/biaffineParser';
import { TINY } from './tinyGraphParser';
import { assertWellFormed } from './treeChecks';

const TEXTS = [
  'When the storm ended, the town was quiet.',
  'The report, which nobody read, was filed on Tuesday and forgotten.',
  'However we tried it, the door would not open.',
  'Yes.',
];

/** A small graph parser over the shipped tagger's tag sets and relations, random heads (its trees are its own). */
function graphFile(tags: { upos: string[]; xpos: string[] }, deprels: string[], version = 'graph-test') {
  const sentences = TEXTS.map((t) => ({ forms: t.replace(/[,.]/g, '').split(' '), slots: [] }));
  const { vocab } = buildVocab(sentences, normaliseWord);
  Object.assign(vocab, buildAffixVocab(sentences, 1));
  const p = newBiaffineParser(vocab, { upos: tags.upos.length, xpos: tags.xpos.length }, TINY, { arc: 6, label: 5 }, deprels.length, seededRandom(3));
  const r = seededRandom(4);
  for (let i = p.headsAt; i < p.theta.length; i++) p.theta[i] = r() - 0.5;
  return graphContents(p.snapshot(), { version, deprels, tags });
}

describe('loadParser with the graph parser file beside parser.bin', () => {
  const shipped = readModel(parserModelFile(defaultModelDir()));
  const models = parserModels(shipped);
  const tags = { upos: shipped.header.upos, xpos: shipped.header.xpos };
  let dir = '';
  let bare = '';

  before(() => {
    // Model directories of links to the shipped files: one with the graph file, one without.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-model-'));
    bare = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-bare-'));
    // Never a link to a shipped graph file: writing the test's own file through it would overwrite the shipped one.
    for (const f of fs.readdirSync(defaultModelDir())) {
      if (f === GRAPH_PARSER_FILE) continue;
      fs.symlinkSync(path.join(defaultModelDir(), f), path.join(dir, f));
      fs.symlinkSync(path.join(defaultModelDir(), f), path.join(bare, f));
    }
    writeModel(path.join(dir, GRAPH_PARSER_FILE), graphFile(tags, shipped.header.deprels));
  });
  after(() => {
    for (const d of [dir, bare]) fs.rmSync(d, { recursive: true, force: true });
  });

  it("takes heads and relations from the graph parser over the shipped tagger's tags; its version names the graph model", () => {
    // Without the repairs and the first word's truecasing, the tree is the graph parser's decode of the tagged words exactly.
    const parser = loadParser(dir, { PUNCTEME_NO_RELCL_REPAIR: '1', PUNCTEME_FIRST_WORD_CASE_OFF: '1' });
    assert.match(parser.version, new RegExp(`^${shipped.header.version.replace(/[.+]/g, '\\$&')}\\+graph-test\\+case1$`));
    const graph = graphFromContents(readModel(path.join(dir, GRAPH_PARSER_FILE)));
    const lookup = clusterLookup(models.clusters);
    let differs = 0;
    for (const text of TEXTS) {
      const [s] = parser.parseText(text);
      const e = encodeSentence(slotSentence(s.tokens), lookup);
      const t = models.tagger.tag(e);
      const want = graph.parser.parse(e, t, graph.rootRelation, undefined, graph.constraint);
      s.tree.words.forEach((w, i) => {
        assert.strictEqual(w.head, want.head[i] === e.n ? 0 : want.head[i] + 1, `${text}: head of word ${i + 1}`);
        assert.strictEqual(w.deprel, graph.deprels[want.deprel[i]], `${text}: relation of word ${i + 1}`);
        assert.strictEqual(w.upos, tags.upos[t.upos[i]]);
      });
      const [transition] = loadParser(bare, { PUNCTEME_NO_RELCL_REPAIR: '1' }).parseText(text);
      if (JSON.stringify(transition.tree) !== JSON.stringify(s.tree)) differs++;
    }
    assert.ok(differs > 0, 'a random graph parser parses unlike the shipped one');
  });

  it('with the repairs, gives well-formed projective trees', () => {
    const parser = loadParser(dir, {});
    for (const text of TEXTS) for (const s of parser.parseText(text)) assertWellFormed(s.tree.words, text);
  });

  it('without the file, or with PUNCTEME_GRAPH_PARSER_OFF, parses exactly as the shipped directory', () => {
    const reference = loadParser(defaultModelDir(), {});
    for (const parser of [loadParser(bare, {}), loadParser(dir, { PUNCTEME_GRAPH_PARSER_OFF: '1' })]) {
      assert.strictEqual(parser.version, reference.version);
      assert.doesNotMatch(parser.version, /graph/);
      for (const text of TEXTS) assert.deepStrictEqual(parser.parseText(text), reference.parseText(text));
    }
  });

  it("refuses a graph file whose tag sets are not the tagger's, naming the file", () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-other-'));
    try {
      for (const f of fs.readdirSync(bare)) fs.symlinkSync(path.join(defaultModelDir(), f), path.join(other, f));
      writeModel(path.join(other, GRAPH_PARSER_FILE), graphFile({ upos: tags.upos.slice().reverse(), xpos: tags.xpos }, shipped.header.deprels));
      assert.throws(() => loadParser(other, {}), /parser-graph\.bin\.gz/);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { defaultModelDir, loadParser, parserModelFile } from '../../server/src/parser';
import { STACKED_TAGGER_FILE } from '../../server/src/data/modelDir';
import { clusterLookup } from '../../server/src/parser/dependencyParser';
import { encodeSentence, normaliseWord } from '../../server/src/parser/encoding';
import { readModel, writeModel } from '../../server/src/parser/modelFile';
import { parserModels } from '../../server/src/parser/parserModels';
import { slotSentence } from '../../server/src/parser/sentenceBuilder';
import { stackedTaggerContents, stackedTaggerFromContents } from '../../server/src/parser/stackedTagger';
import { tagHeadLayout, tagHeadTags } from '../../server/src/parser/tagHead';
import { buildAffixVocab, buildVocab } from '../../server/src/training/parser/neuralTrain';
import { seededRandom } from '../../server/src/training/parser/views';
import { newBiaffineParser } from '../../server/research/parser/biaffine/biaffineParser';
import { TINY } from './tinyGraphParser';

const TEXTS = ['When the storm ended, the town was quiet.', 'The report, which nobody read, was filed on Tuesday.', 'Clone the repo and run the tests.'];

/** A small stacked tagger over the shipped tagger's tag sets: a tiny encoder, a random head. */
function taggerFile(tags: { upos: string[]; xpos: string[] }, version = 'tagger-test') {
  const sentences = TEXTS.map((t) => ({ forms: t.replace(/[,.]/g, '').split(' '), slots: [] }));
  const { vocab } = buildVocab(sentences, normaliseWord);
  Object.assign(vocab, buildAffixVocab(sentences, 1));
  const net = newBiaffineParser(vocab, { upos: tags.upos.length, xpos: tags.xpos.length }, { ...TINY, layers: 1 }, { arc: 2, label: 2 }, 2, seededRandom(3)).snapshot().net;
  const head = tagHeadLayout({ input: 2 * TINY.lstm, hidden: 5, xpos: tags.xpos.length, upos: tags.upos.length });
  const r = seededRandom(4);
  const theta = Float64Array.from({ length: head.size }, () => 2 * r() - 1);
  return stackedTaggerContents(net, head.dims, theta, { version, tags });
}

describe('the stacked tagger file beside parser.bin', () => {
  const shipped = readModel(parserModelFile(defaultModelDir()));
  const models = parserModels(shipped);
  const tags = { upos: shipped.header.upos, xpos: shipped.header.xpos };
  let dir = '';

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacked-tagger-'));
    for (const f of fs.readdirSync(defaultModelDir())) if (f !== STACKED_TAGGER_FILE) fs.symlinkSync(path.join(defaultModelDir(), f), path.join(dir, f));
    writeModel(path.join(dir, STACKED_TAGGER_FILE), taggerFile(tags));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("tags every word as the file's tagger does over the perceptron's tags, and names it in the parser's version", () => {
    const parser = loadParser(dir, { PUNCTEME_NO_RELCL_REPAIR: '1' });
    assert.ok(parser.version.includes('+tagger-test+'), parser.version);
    const stacked = stackedTaggerFromContents(readModel(path.join(dir, STACKED_TAGGER_FILE)));
    const lookup = clusterLookup(models.clusters);
    let changed = 0;
    for (const text of TEXTS) {
      const [s] = parser.parseText(text);
      const e = encodeSentence(slotSentence(s.tokens), lookup);
      const first = models.tagger.tag(e);
      // The run-time tags (float32 SIMD where available) against the head over the float64 encoder's vectors.
      const want = tagHeadTags(stacked.head, stacked.headTheta, stacked.net.forward(stacked.net.input(e, first)).v, stacked.head.dims.input, e.n, first);
      s.tree.words.forEach((w, i) => {
        assert.strictEqual(w.upos, tags.upos[want.upos[i]], `${text}: UPOS of word ${i + 1}`);
        assert.strictEqual(w.xpos, tags.xpos[want.xpos[i]], `${text}: XPOS of word ${i + 1}`);
        if (want.xpos[i] !== first.xpos[i]) changed++;
      });
    }
    assert.ok(changed > 0, "a random head departs from the perceptron's tags somewhere");
  });

  it('without the file, or with PUNCTEME_STACKED_TAGGER_OFF, tags and parses exactly as the shipped directory', () => {
    const reference = loadParser(defaultModelDir(), {});
    const off = loadParser(dir, { PUNCTEME_STACKED_TAGGER_OFF: '1' });
    assert.strictEqual(off.version, reference.version);
    for (const text of TEXTS) assert.deepStrictEqual(off.parseText(text), reference.parseText(text));
  });

  it("refuses a file whose tag sets are not the tagger's, naming the file", () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'stacked-other-'));
    try {
      for (const f of fs.readdirSync(dir)) if (f !== STACKED_TAGGER_FILE) fs.symlinkSync(path.join(defaultModelDir(), f), path.join(other, f));
      writeModel(path.join(other, STACKED_TAGGER_FILE), taggerFile({ upos: tags.upos.slice().reverse(), xpos: tags.xpos }));
      assert.throws(() => loadParser(other, {}), /parser-tagger\.bin\.gz/);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readTreebank } from '../../server/src/data/treebank';
import { loadParser, MODEL_FILE } from '../../server/src/parser';
import { readModel, writeModel } from '../../server/src/parser/modelFile';
import { trainParser } from '../../server/src/training/parser/train';
import { normaliseWord } from '../../server/src/parser/encoding';
import { hashString } from '../../server/src/parser/hash';
import { assertWellFormed } from './treeChecks';
import { EWT_DIR } from '../ewt';
import { PARSER_REPAIRS } from '../../server/src/parser/repairs';

const DATA = EWT_DIR;

describe('parser training (smoke, a few sentences)', function () {
  this.timeout(120000);
  const train = readTreebank(path.join(DATA, 'en_ewt-ud-train.conllu')).trees.slice(0, 60);
  const dev = readTreebank(path.join(DATA, 'en_ewt-ud-dev.conllu')).trees.slice(0, 20);
  // A stand-in cluster map (by word length) to exercise the cluster features and their storage.
  const keys = [...new Set(train.flatMap((t) => t.words.map((w) => hashString(normaliseWord(w.form)) >>> 0)))].sort((a, b) => a - b);
  const lengthOf = new Map(train.flatMap((t) => t.words.map((w) => [hashString(normaliseWord(w.form)) >>> 0, w.form.length] as const)));
  const clusters = {
    keys: Uint32Array.from(keys),
    fine: Uint8Array.from(keys, (k) => 1 + (lengthOf.get(k)! % 7)),
    coarse: Uint8Array.from(keys, (k) => 1 + (lengthOf.get(k)! % 2)),
  };
  const opts = { tagEpochs: 2, parseEpochs: 2, labelEpochs: 2, folds: 2, tagBits: 16, parseBits: 16, labelBits: 15, clusters };

  it('is reproducible, and the written model loads and parses into well-formed trees', () => {
    const a = trainParser(train, dev, opts);
    const b = trainParser(train, dev, opts);
    a.header.version = b.header.version = 'en-ewt-smoke';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-parser-'));
    try {
      const fa = path.join(dir, MODEL_FILE);
      const fb = path.join(dir, 'b.bin');
      writeModel(fa, a);
      writeModel(fb, b);
      assert.ok(fs.readFileSync(fa).equals(fs.readFileSync(fb)), 'same seed, same bytes');
      const back = readModel(fa);
      assert.deepStrictEqual(back.header, a.header);
      assert.deepStrictEqual(back.clusters, clusters);
      for (const [name, s] of Object.entries(a.scorers)) {
        assert.deepStrictEqual(back.scorers[name].keys, s.keys);
        assert.deepStrictEqual(back.scorers[name].values, s.values);
      }
      const parser = loadParser(dir);
      assert.strictEqual(parser.version, `en-ewt-smoke${PARSER_REPAIRS.map((r) => `+${r.version}`).join('')}`);
      const out = parser.parseText('The cat, which was hungry, sat on the mat. It slept.');
      assert.strictEqual(out.length, 2);
      for (const s of out) assertWellFormed(s.tree.words);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

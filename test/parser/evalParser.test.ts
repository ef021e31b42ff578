import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runDevMain } from '../cli/helpers';
import { EWT_DIR } from '../ewt';

const DATA = EWT_DIR;

const RUN_OPTS = { cwd: process.cwd() };

describe('npm run dev -- eval parser', function () {
  this.timeout(120000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-evalparser-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints one JSON object with the issue\'s metrics on a CoNLL-U file', async () => {
    // The first 40 sentences of EWT dev keep the test fast.
    const text = fs.readFileSync(path.join(DATA, 'en_ewt-ud-dev.conllu'), 'utf8').split(/\n\n/).slice(0, 40).join('\n\n') + '\n\n';
    const file = path.join(dir, 'small.conllu');
    fs.writeFileSync(file, text);
    const r = await runDevMain(['eval', 'parser', '--json', file], RUN_OPTS);
    assert.strictEqual(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    for (const k of ['uas', 'las', 'uasUnpunctuated', 'uasCorrupted', 'upos', 'sentencesPerSecond', 'loadMs']) {
      assert.strictEqual(typeof j[k], 'number', k);
    }
    assert.strictEqual(j.sentences, 40);
    const lc = j.learnerCommas;
    assert.ok(lc.sentences > 0 && lc.sentences < 40 && lc.uasAsWritten > 50 && lc.uasWithCommas > 50, JSON.stringify(lc));
    const rs = j.relativeSubjects;
    assert.ok(rs.subjects >= 0 && rs.headsRight <= rs.subjects && rs.percent >= 0 && rs.percent <= 100, JSON.stringify(rs));
    assert.ok(j.uas >= j.las && j.uas > 50 && j.uas <= 100);
    assert.ok(j.endToEnd.tokensF1 > 80);
  });

  it('fails with a clear message and exit code 2 on an empty or missing file', async () => {
    const empty = path.join(dir, 'empty.conllu');
    fs.writeFileSync(empty, '');
    const r = await runDevMain(['eval', 'parser', '--json', empty], RUN_OPTS);
    assert.strictEqual(r.code, 2);
    assert.match(r.stderr, /holds no sentences/);
    const m = await runDevMain(['eval', 'parser', path.join(dir, 'missing.conllu')], RUN_OPTS);
    assert.strictEqual(m.code, 2);
    assert.match(m.stderr, /cannot read/);
  });
});

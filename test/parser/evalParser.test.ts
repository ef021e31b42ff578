import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main } from '../../server/src/cli/main';
import { CliIO } from '../../server/src/cli/command';

const DATA = path.resolve(__dirname, '../../../shared/data/ud-english-ewt');

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = { stdout: (s) => (out += s), stderr: (s) => (err += s), readStdin: async () => '', isTTY: false, cwd: process.cwd() };
  const code = await main(args, io);
  return { code, out, err };
}

describe('puncteme eval parser', function () {
  this.timeout(120000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-evalparser-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints one JSON object with the issue\'s metrics on a CoNLL-U file', async () => {
    // The first 40 sentences of EWT dev keep the test fast.
    const text = fs.readFileSync(path.join(DATA, 'en_ewt-ud-dev.conllu'), 'utf8').split(/\n\n/).slice(0, 40).join('\n\n') + '\n\n';
    const file = path.join(dir, 'small.conllu');
    fs.writeFileSync(file, text);
    const r = await run(['eval', 'parser', '--json', file]);
    assert.strictEqual(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    for (const k of ['uas', 'las', 'uasUnpunctuated', 'uasCorrupted', 'upos', 'sentencesPerSecond', 'loadMs']) {
      assert.strictEqual(typeof j[k], 'number', k);
    }
    assert.strictEqual(j.sentences, 40);
    assert.ok(j.uas >= j.las && j.uas > 50 && j.uas <= 100);
    assert.ok(j.endToEnd.tokensF1 > 80);
  });

  it('fails with a clear message and exit code 2 on an empty or missing file', async () => {
    const empty = path.join(dir, 'empty.conllu');
    fs.writeFileSync(empty, '');
    const r = await run(['eval', 'parser', '--json', empty]);
    assert.strictEqual(r.code, 2);
    assert.match(r.err, /holds no sentences/);
    const m = await run(['eval', 'parser', path.join(dir, 'missing.conllu')]);
    assert.strictEqual(m.code, 2);
    assert.match(m.err, /cannot read/);
  });
});

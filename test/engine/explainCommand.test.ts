import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { main } from '../../server/src/cli/main';
import { CliIO } from '../../server/src/cli/command';
import { defaultModelDir, punctModelFile } from '../../server/src/engine';

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = { stdout: (s) => (out += s), stderr: (s) => (err += s), readStdin: async () => 'Did he.?', isTTY: false, cwd: process.cwd() };
  const code = await main(args, io);
  return { code, out, err };
}

describe('engine: puncteme explain', function () {
  this.timeout(120000);

  it('prints the findings with fixes and explanations; exit 1 with findings, 0 without', async () => {
    const r = await run(['explain', 'He left,, quickly.']);
    assert.strictEqual(r.code, 1);
    assert.match(r.out, /doubled-mark/);
    assert.match(r.out, /fix: Replace with ","/);
    assert.match(r.out, /Point absorption/);
    const clean = await run(['explain', 'He left quickly.']);
    assert.strictEqual(clean.code, 0, clean.out + clean.err);
    const stdin = await run(['explain', '-']);
    assert.match(stdin.out, /mark-absorption/);
  });

  it('prints the parse and the MAP underlying bracketing when the models are there', async function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir())) || !fs.existsSync(path.join(defaultModelDir(), 'parser.bin.gz'))) this.skip();
    const r = await run(['explain', 'My brother, who lives in Paris, is a doctor.']);
    assert.match(r.out, /relation/);
    assert.match(r.out, /Underlying punctuation \(MAP tree T′\):\n {2}\[/);
  });

  it('rejects bad usage with exit code 2', async () => {
    assert.strictEqual((await run(['explain'])).code, 2);
    assert.strictEqual((await run(['explain', '--quote-style', 'french', 'x'])).code, 2);
  });
});

/**
 * The npm package runs `dist/cli.js`, a bundle made ASCII after esbuild; the tests mostly run the sources. The two must
 * analyse text alike: the ASCII step once turned wink-nlp's escaped dash (`\–`) into a class that matched `u`, so the
 * bundle split `un-pythonic` into `u n - pythonic` and reported findings the sources did not.
 */
import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { removeRepo, tempRepo } from './helpers';

const ROOT = path.resolve(__dirname, '../..');
const BUNDLE = path.join(ROOT, 'dist/cli.js');
const SOURCE_BIN = path.join(ROOT, 'server/bin/puncteme.js');

const TEXT = [
  'Add lots of new operators, or add a new generic syntax for defining infix operators: In addition to being generally un-Pythonic and repeatedly rejected by BDFL fiat, this would be using a sledgehammer to smash a fly.',
  'The pre–war plan — it’s “fine”, isn’t it? We co-wrote it in the mid-1990s, and it was non-trivial.',
  'My brother, who lives in Boston is a doctor.',
].join('\n\n');

function run(args: string[], bundle: boolean): { code: number; stdout: string } {
  const argv = bundle
    ? ['-e', `require(${JSON.stringify(BUNDLE)}).main(process.argv.slice(1)).then((c) => { process.exitCode = c; })`, ...args]
    : [SOURCE_BIN, ...args];
  const r = spawnSync(process.execPath, argv, { encoding: 'utf8', cwd: ROOT });
  return { code: r.status ?? -1, stdout: r.stdout };
}

describe('the bundled CLI and the sources agree', function () {
  this.timeout(120000);
  before(function () {
    if (!fs.existsSync(BUNDLE) || !fs.existsSync(SOURCE_BIN)) this.skip();
  });

  it('explain: the same words and tree for sentences with hyphenated prefixes, dashes and curly quotes', () => {
    for (const sentence of TEXT.split('\n\n')) {
      const a = run(['explain', sentence], false);
      const b = run(['explain', sentence], true);
      assert.equal(b.code, a.code);
      assert.equal(b.stdout, a.stdout, sentence);
    }
  });

  it('lint --format json: the same findings, at the defaults and under a learner audience with the serial comma', () => {
    const dir = tempRepo({ 'a.txt': TEXT + '\n' });
    try {
      for (const settings of [[], ['--audience', 'learner', '--serial-comma', 'always']]) {
        const args = ['lint', '--format', 'json', ...settings, path.join(dir, 'a.txt')];
        const a = run(args, false);
        const b = run(args, true);
        assert.equal(b.code, a.code);
        assert.deepEqual(JSON.parse(b.stdout), JSON.parse(a.stdout), settings.join(' '));
      }
    } finally {
      removeRepo(dir);
    }
  });
});

/** --cache (unchanged files reuse their findings) and --jobs (worker threads give the same report). */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeRepo, runMain, tempRepo, writeFile } from './helpers';
import { codeFingerprint } from '../../server/src/cli/run/codeFingerprint';
import { LintCache } from '../../server/src/cli/run/cache';

describe('cli: --cache and --jobs', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    dir = tempRepo(
      Object.fromEntries(
        Array.from({ length: 12 }, (_, i) => [`docs/p${i}.md`, `# Page ${i}\n\nThis is page ${i},, with a doubled comma.\n`]),
      ),
    );
  });
  after(() => removeRepo(dir));

  it('a second run reuses every file; editing a file or the config re-lints it; the report is the same', async () => {
    const cold = await runMain(['lint', '-f', 'json', '--cache', '.'], { cwd: dir });
    assert.match(cold.stderr, /cache: 0 of 12 file\(s\) unchanged/);
    assert.ok(fs.existsSync(path.join(dir, '.puncteme-cache/lint.json')));
    const warm = await runMain(['lint', '-f', 'json', '--cache', '.'], { cwd: dir });
    assert.match(warm.stderr, /cache: 12 of 12 file\(s\) unchanged/);
    assert.equal(warm.stdout, cold.stdout);
    writeFile(dir, 'docs/p3.md', '# Page 3\n\nNow clean.\n');
    const edited = await runMain(['lint', '-f', 'json', '--cache', '.'], { cwd: dir });
    assert.match(edited.stderr, /cache: 11 of 12 file\(s\) unchanged/);
    assert.deepEqual(JSON.parse(edited.stdout).find((r: { file: string }) => r.file === 'docs/p3.md').findings, []);
    const otherOptions = await runMain(['lint', '-f', 'json', '--cache', '--min-confidence', '0.99', '.'], { cwd: dir });
    assert.match(otherOptions.stderr, /cache: 0 of 12 file\(s\) unchanged/);
  });

  it('keys findings by the engine\'s code too: a changed rule file is a new key, though the models are the same', () => {
    const code = tempRepo({ 'engine/rule.js': 'module.exports = 1;\n', 'engine/rule.js.map': '{}' });
    try {
      const before = codeFingerprint(path.join(code, 'engine'));
      assert.equal(codeFingerprint(path.join(code, 'engine')), before, 'the same tree, the same fingerprint');
      const root2 = fs.mkdtempSync(path.join(code, 'copy-'));
      fs.writeFileSync(path.join(root2, 'rule.js'), 'module.exports = 22;\n');
      assert.notEqual(codeFingerprint(root2), before, 'another file, another fingerprint');
      assert.notEqual(LintCache.key('text', 'markdown', 'models-1', {}, before), LintCache.key('text', 'markdown', 'models-1', {}, codeFingerprint(root2)));
    } finally {
      removeRepo(code);
    }
  });

  it('--jobs 2 (worker threads) reports exactly what --jobs 1 does', async () => {
    const one = await runMain(['lint', '-f', 'json', '--jobs', '1', '.'], { cwd: dir });
    const two = await runMain(['lint', '-f', 'json', '--jobs', '2', '.'], { cwd: dir });
    assert.equal(two.code, one.code);
    assert.equal(two.stdout, one.stdout);
  });

  it('shows a progress bar on a terminal for long runs only', async () => {
    const d = tempRepo(Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`p${i}.txt`, 'Fine.\n'])));
    try {
      const tty = await runMain(['lint', '-j', '1', '.'], { cwd: d, stderrIsTTY: true });
      assert.match(tty.stderr, /\[#+\] 25\/25 files/);
      const pipe = await runMain(['lint', '-j', '1', '.'], { cwd: d, stderrIsTTY: false });
      assert.ok(!pipe.stderr.includes('files'));
    } finally {
      removeRepo(d);
    }
  });
});

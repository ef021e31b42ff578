/**
 * What a pull request can plant in a repository must not make `puncteme lint` read, quote or write anything outside
 * the working directory, nor change what it reports or fixes: symbolic links, a cache file, control characters in
 * names and messages (issue 36).
 */
import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readFile, removeRepo, runCli, runMain, tempRepo, writeFile } from './helpers';

const DIRTY = 'A doubled comma,, here.\n';
const SECRET = 'OUTSIDE-SECRET-TEXT,, never to be printed.\n';

/** Every file below `dir` with its content (links as `-> target`), to compare before and after a run. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]) {
    const full = path.join(dir, name);
    const st = fs.lstatSync(full);
    if (st.isSymbolicLink()) out[name] = `-> ${fs.readlinkSync(full)}`;
    else if (st.isFile()) out[name] = fs.readFileSync(full, 'utf8');
  }
  return out;
}

describe('cli: nothing a pull request plants is trusted', function () {
  this.timeout(180000);
  let outside: string;
  let repo: string;
  beforeEach(() => {
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.md'), SECRET);
    fs.writeFileSync(path.join(outside, 'notes.txt'), SECRET);
    repo = tempRepo({ 'README.md': DIRTY, 'docs/real.md': DIRTY, '.puncteme-cache/.keep': '' });
    fs.rmSync(path.join(repo, '.puncteme-cache'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(repo, 'docs/leak.md'));
    fs.symlinkSync('../../' + path.basename(outside) + '/notes.txt', path.join(repo, 'docs/relative-leak.txt'));
    fs.symlinkSync('real.md', path.join(repo, 'docs/alias.md'));
    fs.symlinkSync('nowhere.md', path.join(repo, 'docs/dangling.md'));
    fs.symlinkSync(outside, path.join(repo, 'linked-dir'));
  });
  afterEach(() => {
    removeRepo(repo);
    removeRepo(outside);
  });

  it('lint and --fix over a tree of outside-pointing links read nothing outside into the output and write nothing outside', async () => {
    const before = snapshot(outside);
    const runs = [
      await runMain(['lint', '.'], { cwd: repo }),
      await runMain(['lint', '-f', 'json', 'docs/leak.md', 'docs/relative-leak.txt', 'docs/dangling.md', 'linked-dir'], { cwd: repo }),
      await runMain(['lint', '-f', 'sarif', 'docs/*.md', '**/*.txt', 'linked-dir/*.md'], { cwd: repo }),
      await runMain(['lint', '--fix', '.'], { cwd: repo }),
      await runMain(['lint', '--fix', 'docs/leak.md', 'docs/alias.md', 'linked-dir/secret.md'], { cwd: repo }),
      await runMain(['lint', '--fix-dry-run', 'docs/leak.md', 'docs/relative-leak.txt'], { cwd: repo }),
    ];
    runs.forEach((r, i) => {
      assert.doesNotMatch(r.stdout + r.stderr, /OUTSIDE-SECRET|never to be printed/);
      // The globs of run 2 that match only skipped links are errors, as any glob that matches no prose file is.
      if (i !== 2) assert.notEqual(r.code, 2, r.stderr);
    });
    assert.match(runs[2].stderr, /linked-dir\/\*\.md: no prose files match/);
    assert.deepEqual(snapshot(outside), before, 'nothing outside changed');
    assert.match(runs[1].stderr, /docs\/leak\.md: skipped \(a symbolic link to a file outside the working directory\)/);
    assert.match(runs[1].stderr, /docs\/relative-leak\.txt: skipped \(a symbolic link to a file outside/);
    assert.match(runs[1].stderr, /docs\/dangling\.md: skipped \(a symbolic link to nothing that exists\)/);
    assert.match(runs[1].stderr, /linked-dir\/: skipped \(a symbolic link to a directory outside the working directory\)/);
    assert.match(runs[0].stderr, /docs\/leak\.md: skipped/, 'found by walking, noted too');
    // The links are still links; the one that leads inside had its target fixed, through it.
    for (const name of ['docs/leak.md', 'docs/alias.md', 'docs/dangling.md', 'docs/relative-leak.txt']) {
      assert.ok(fs.lstatSync(path.join(repo, name)).isSymbolicLink(), `${name} is still a link`);
    }
    assert.equal(readFile(repo, 'docs/real.md'), 'A doubled comma, here.\n');
    assert.equal(readFile(repo, 'README.md'), 'A doubled comma, here.\n');
    assert.deepEqual(fs.readdirSync(outside).sort(), ['notes.txt', 'secret.md']);
  });

  it('--fix writes through a link to a file inside the working directory, and the link stays a link', async () => {
    const r = await runMain(['lint', '--fix', 'docs/alias.md'], { cwd: repo });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(fs.readlinkSync(path.join(repo, 'docs/alias.md')), 'real.md');
    assert.equal(readFile(repo, 'docs/real.md'), 'A doubled comma, here.\n');
  });

  it('a cache path that is a link (dangling, or a directory leading outside) is not used: a warning, and nothing is written there', async () => {
    fs.symlinkSync(path.join(outside, 'planted.json'), path.join(repo, 'dangling-cache.json'));
    const dangling = await runMain(['lint', '--cache-location', 'dangling-cache.json', '.'], { cwd: repo });
    assert.equal(dangling.code, 1, dangling.stderr);
    assert.match(dangling.stderr, /warning: cache not used: dangling-cache\.json is a symbolic link/);
    fs.symlinkSync(outside, path.join(repo, '.puncteme-cache'));
    const dir = await runMain(['lint', '--cache', '.'], { cwd: repo });
    assert.equal(dir.code, 1, dir.stderr);
    assert.match(dir.stderr, /warning: cache not used: \.puncteme-cache is a symbolic link/);
    assert.deepEqual(fs.readdirSync(outside).sort(), ['notes.txt', 'secret.md']);
  });

  it('a cache that cannot be written is a warning, never an abort', async () => {
    writeFile(repo, 'not-a-dir', 'a file where the cache directory should be\n');
    const r = await runMain(['lint', '-f', 'json', '--cache-location', 'not-a-dir/lint.json', 'README.md'], { cwd: repo });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /warning: cannot write the cache .*not-a-dir\/lint\.json/);
    assert.equal(JSON.parse(r.stdout)[0].findings[0].ruleId, 'doubled-mark');
  });

  describe('planted cache entries', () => {
    const CODE_DOC = '# Title\n\nSome prose,, here.\n\n```js\nconst list = [1, 2, 3];\n```\n';
    /** Lints once with the cache, then lets `plant` rewrite the entry of `file` (same key). */
    async function plantedCache(file: string, plant: (findings: unknown[], text: string) => unknown): Promise<void> {
      const cold = await runMain(['lint', '--cache', file], { cwd: repo });
      assert.notEqual(cold.code, 2, cold.stderr);
      const cacheFile = path.join(repo, '.puncteme-cache/lint.json');
      const data = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
      const entry = data.entries[path.join(repo, file)];
      entry.findings = plant(entry.findings, readFile(repo, file));
      fs.writeFileSync(cacheFile, JSON.stringify(data));
    }

    it('a cached edit inside a code block is never applied, and the file is linted afresh', async () => {
      writeFile(repo, 'code.md', CODE_DOC);
      await plantedCache('code.md', (findings, text) => {
        const at = text.indexOf(', 2');
        const pos = (offset: number) => ({ line: text.slice(0, offset).split('\n').length - 1, character: offset - text.lastIndexOf('\n', offset - 1) - 1, offset });
        const planted = { ruleId: 'comma-splice', message: 'planted', severity: 'warning', confidence: 0.99, start: pos(at), end: pos(at + 1), explanation: '', fixes: [{ title: 'semicolon', edits: [{ start: pos(at), end: pos(at + 1), newText: ';' }] }] };
        return [...findings, planted];
      });
      const r = await runMain(['lint', '--fix', '--cache', 'code.md'], { cwd: repo });
      assert.notEqual(r.code, 2, r.stderr);
      assert.match(readFile(repo, 'code.md'), /\[1, 2, 3\]/, 'the code block is untouched');
      assert.match(readFile(repo, 'code.md'), /Some prose, here\./, 'the real finding was fixed');
      assert.match(r.stderr, /cache: 0 of 1 file\(s\) unchanged/, 'the planted entry was not used');
    });

    it('an entry of the wrong shape is ignored: the findings are reported', async () => {
      await plantedCache('README.md', () => [{ ruleId: '__proto__', message: 1 }]);
      const r = await runMain(['lint', '-f', 'json', '--cache', 'README.md'], { cwd: repo });
      assert.equal(r.code, 1, r.stderr);
      assert.equal(JSON.parse(r.stdout)[0].findings[0].ruleId, 'doubled-mark');
    });

    it('control characters in a cached message are printed escaped', async () => {
      await plantedCache('README.md', (findings) => (findings as Array<{ message: string }>).map((f) => ({ ...f, message: 'evil \u001b]0;pwned\u0007 \u001b[2J\u202e text' })));
      const r = await runMain(['lint', '--cache', 'README.md'], { cwd: repo });
      assert.equal(r.code, 1, r.stderr);
      assert.doesNotMatch(r.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
      assert.match(r.stdout, /evil \\x1B\]0;pwned\\x07 \\x1B\[2J\\u202E text/);
      const json = await runMain(['lint', '-f', 'json', '--cache', 'README.md'], { cwd: repo });
      assert.doesNotMatch(json.stdout, /[\u001b\u202e]/);
      assert.equal(JSON.parse(json.stdout)[0].findings[0].message, 'evil \u001b]0;pwned\u0007 \u001b[2J\u202e text', 'JSON escapes, the value is intact');
    });

    it('counts each file once: never "2 of 1 file(s)"', async () => {
      await runMain(['lint', '--cache', 'README.md'], { cwd: repo });
      const r = await runMain(['lint', '--fix', '--cache', 'README.md'], { cwd: repo });
      assert.match(r.stderr, /cache: 1 of 1 file\(s\) unchanged/);
    });
  });

  it('--output-file is never written through a symbolic link', async () => {
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(repo, 'puncteme.sarif'));
    const r = await runMain(['lint', '-f', 'sarif', '-o', 'puncteme.sarif', 'README.md'], { cwd: repo });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--output-file: puncteme\.sarif is a symbolic link; the report is not written through it/);
    assert.equal(fs.readFileSync(path.join(outside, 'secret.md'), 'utf8'), SECRET);
    const ok = await runMain(['lint', '-f', 'sarif', '-o', 'report.sarif', 'README.md'], { cwd: repo });
    assert.equal(ok.code, 1, ok.stderr);
    assert.match(readFile(repo, 'report.sarif'), /"version": "2\.1\.0"/);
  });

  it('explain escapes control characters in what it prints', async () => {
    const r = await runMain(['explain', 'A sentence,, with \u001b[2J an escape.'], { cwd: repo });
    assert.doesNotMatch(r.stdout, /\u001b/);
    assert.match(r.stdout, /\\x1B\[2J/);
  });

  it('escapes control characters in file names', async () => {
    writeFile(repo, 'e\u001b[31mvil\u0007.md', DIRTY);
    const r = await runMain(['lint', '.'], { cwd: repo });
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stdout + r.stderr, /[\u0007\u001b]/);
    assert.match(r.stdout, /e\\x1B\[31mvil\\x07\.md/);
    const github = await runMain(['lint', '-f', 'github', '.'], { cwd: repo });
    assert.doesNotMatch(github.stdout, /[\u0007\u001b]/);
  });

  it('an unknown --format (toString, constructor) is a usage error with exit code 2', async () => {
    for (const format of ['toString', 'constructor', '__proto__', 'xml']) {
      const r = await runMain(['lint', '--format', format, 'README.md'], { cwd: repo });
      assert.equal(r.code, 2, format);
      assert.match(r.stderr, new RegExp(`unknown --format "${format}" \\(one of stylish, json, sarif, github, checkstyle\\)`));
      assert.doesNotMatch(r.stdout + r.stderr, /object Undefined/);
    }
  });

  it('standard input obeys --max-file-size', async () => {
    const r = await runMain(['lint', '--max-file-size', '16', '-'], { cwd: repo, input: 'A text longer than sixteen bytes,, with an error.\n' });
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stderr, /<stdin>: skipped \(50 B is over --max-file-size 16 B\)/);
  });

  it('an unreadable directory is named in a note', function () {
    fs.mkdirSync(path.join(repo, 'locked'));
    writeFile(repo, 'locked/inner.md', DIRTY);
    fs.chmodSync(path.join(repo, 'locked'), 0o000);
    try {
      let r;
      if (process.getuid?.() === 0) {
        // Root reads any directory: run the CLI as user nobody, if it can read this checkout.
        const probe = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(require.resolve('tsx/cjs'))})`], { uid: 65534, gid: 65534, cwd: '/' });
        if (probe.status !== 0) return this.skip();
        r = runCli(['lint', '-f', 'json', '.'], { cwd: repo, uid: 65534, env: { HOME: repo } });
      } else r = runCli(['lint', '-f', 'json', '.'], { cwd: repo });
      assert.notEqual(r.code, 2, r.stderr);
      assert.match(r.stderr, /locked\/: skipped \(cannot read the directory: permission denied\)/);
    } finally {
      fs.chmodSync(path.join(repo, 'locked'), 0o755);
    }
  });
});

/** Which files get linted: directories, globs, ignore files, config include/exclude, shards, standard input, and
 * the awkward inputs (missing, unreadable, binary, very large). */
import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { inShard } from '../../server/src/cli/files/shard';
import { removeRepo, runCli, runMain, tempRepo } from './helpers';

const DIRTY = 'A doubled comma,, here.\n';

/** Whether user `nobody` (65534) can read this checkout and its node_modules. */
function readableByNobody(): boolean {
  const probe = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(require.resolve('tsx/cjs'))}); require('fs').accessSync(${JSON.stringify(__filename)})`], {
    uid: 65534,
    gid: 65534,
    cwd: '/',
  });
  return probe.status === 0;
}

async function lintedFiles(args: string[], cwd: string): Promise<string[]> {
  const r = await runMain(['lint', '-f', 'json', ...args], { cwd });
  assert.notEqual(r.code, 2, r.stderr);
  return (JSON.parse(r.stdout) as Array<{ file: string }>).map((x) => x.file);
}

describe('cli: files', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    dir = tempRepo({
      'README.md': DIRTY,
      'docs/guide.md': DIRTY,
      'docs/notes.txt': DIRTY,
      'docs/paper.tex': DIRTY,
      'docs/script.js': '// not prose,, at all\n',
      'docs/generated/api.md': DIRTY,
      'docs/drafts/wip.md': DIRTY,
      'docs/drafts/.punctemeignore': 'wip.md\n',
      'build/out.md': DIRTY,
      'vendor/lib.md': DIRTY,
      'node_modules/pkg/README.md': DIRTY,
      '.gitignore': 'build/\n',
      '.punctemeignore': 'docs/generated/\n',
    });
  });
  after(() => removeRepo(dir));

  it('walks directories recursively, skipping non-prose, .gitignore, .punctemeignore (also nested) and node_modules', async () => {
    assert.deepEqual(await lintedFiles(['.'], dir), ['docs/guide.md', 'docs/notes.txt', 'docs/paper.tex', 'README.md', 'vendor/lib.md'].sort());
  });

  it('the help names the extensions a directory walk lints, exactly, in lines no wider than 110 columns', async () => {
    const help = (await runMain(['lint', '--help'], { cwd: dir })).stdout;
    assert.deepEqual(help.split('\n').filter((l) => [...l].length > 110), []);
    const named = /^ {4}(\.\w+(?: \.\w+)*)$/m.exec(help)?.[1].split(' ') ?? [];
    assert.ok(named.includes('.rst') && named.includes('.adoc'), help);
    const each = tempRepo(Object.fromEntries([...named.map((ext) => [`a${ext}`, DIRTY]), ['COMMIT_EDITMSG', DIRTY], ['a.js', DIRTY], ['a.html', DIRTY]]));
    try {
      assert.deepEqual(await lintedFiles(['.'], each), [...named.map((ext) => `a${ext}`), 'COMMIT_EDITMSG'].sort());
    } finally {
      removeRepo(each);
    }
  });

  it('expands globs, and names skipped explicit files in a note', async () => {
    assert.deepEqual(await lintedFiles(['docs/*.md', '**/*.tex'], dir), ['docs/guide.md', 'docs/paper.tex']);
    const r = await runMain(['lint', 'docs/script.js', 'build/out.md', 'README.md'], { cwd: dir });
    assert.match(r.stderr, /docs\/script\.js: skipped \(not a prose format: Markdown, plain text, LaTeX, reStructuredText or AsciiDoc\)/);
    assert.match(r.stderr, /build\/out\.md: skipped \(matched by an ignore file/);
    const typo = await runMain(['lint', 'dcos/**/*.md'], { cwd: dir });
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /dcos\/\*\*\/\*\.md: no prose files match this pattern/);
  });

  it("applies the config's include and exclude globs (relative to the config file)", async () => {
    const d = tempRepo({
      '.punctemerc.json': JSON.stringify({ include: ['docs/**/*.md'], exclude: ['docs/legacy/**'] }),
      'README.md': DIRTY,
      'docs/a.md': DIRTY,
      'docs/b.txt': DIRTY,
      'docs/legacy/old.md': DIRTY,
    });
    try {
      assert.deepEqual(await lintedFiles(['.'], d), ['docs/a.md']);
      // from a subdirectory, the globs stay relative to the config file
      assert.deepEqual(await lintedFiles(['.'], path.join(d, 'docs')), ['a.md']);
      // --config points elsewhere: that file's globs apply instead
      fs.writeFileSync(path.join(d, 'other.json'), JSON.stringify({ exclude: ['README.md'] }));
      assert.deepEqual(await lintedFiles(['--config', 'other.json', '.'], d), ['docs/a.md', 'docs/b.txt', 'docs/legacy/old.md']);
    } finally {
      removeRepo(d);
    }
  });

  it("a file's shard is FNV-1a of its path, unsigned, modulo n (the shard a path is in never moves)", () => {
    const reference = (p: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < p.length; i++) h = Math.imul(h ^ p.charCodeAt(i), 0x01000193) >>> 0;
      return h;
    };
    const paths = ['', 'README.md', 'docs/page-1.md', 'docs/ü/été.md', '\u{1F600}.md', ...Array.from({ length: 500 }, (_, i) => `src/${(i * 7919).toString(36)}/f${i}.md`)];
    for (const p of paths) for (const count of [1, 2, 3, 7, 64]) for (let index = 1; index <= count; index++) assert.equal(inShard(p, { index, count }), reference(p) % count === index - 1, p);
  });

  it('--shard i/n splits the files into disjoint slices that cover them all', async () => {
    const d = tempRepo(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`docs/page-${i}.md`, DIRTY])));
    try {
      const all = await lintedFiles(['.'], d);
      const slices = [];
      for (let i = 1; i <= 3; i++) slices.push(await lintedFiles(['--shard', `${i}/3`, '.'], d));
      assert.deepEqual(slices.flat().sort(), all);
      assert.ok(slices.every((s) => s.length > 0 && s.length < all.length));
    } finally {
      removeRepo(d);
    }
  });

  it('reads standard input for -, as plain text unless --stdin-filename names another kind', async () => {
    const r = runCli(['lint', '-f', 'json', '-'], { cwd: dir, input: 'Stdin text,, doubled.\n' });
    assert.equal(r.code, 1, r.stderr);
    const [report] = JSON.parse(r.stdout);
    assert.equal(report.file, '<stdin>');
    assert.equal(report.findings[0].start.offset, 10);
    // As Markdown, code spans are not prose.
    const md = await runMain(['lint', '-f', 'json', '--stdin-filename', 'page.md', '-'], { cwd: dir, input: 'Run `a,,b` now.\n' });
    assert.equal(md.code, 0, md.stdout);
    assert.equal(JSON.parse(md.stdout)[0].file, 'page.md');
  });

  it('skips a binary file with a note, and lints the rest', async () => {
    const d = tempRepo({ 'image.md': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x2c, 0x2c, 0x00]), 'ok.md': 'Fine.\n' });
    try {
      const r = await runMain(['lint', '-f', 'json', '.'], { cwd: d });
      assert.equal(r.code, 0);
      assert.match(r.stderr, /image\.md: skipped \(binary file\)/);
      assert.deepEqual(JSON.parse(r.stdout).map((x: { file: string }) => x.file), ['ok.md']);
    } finally {
      removeRepo(d);
    }
  });

  it('reports an unreadable file as an error (exit 2) and lints the rest', function () {
    // Needs root (to run the CLI as another user, for whom chmod 000 means something) and a checkout that user can read.
    if (process.getuid?.() !== 0 || !readableByNobody()) return this.skip();
    const d = tempRepo({ 'secret.md': DIRTY, 'open.md': DIRTY });
    try {
      fs.chmodSync(path.join(d, 'secret.md'), 0o000);
      const r = runCli(['lint', '-f', 'json', '.'], { cwd: d, uid: 65534, env: { HOME: d } });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /secret\.md: cannot read: permission denied/);
      assert.deepEqual(JSON.parse(r.stdout).map((x: { file: string }) => x.file), ['open.md']);
    } finally {
      removeRepo(d);
    }
  });

  it('a 10 MB file: skipped with a clear note under the default size limit, linted in full when the limit allows', async () => {
    const paragraph = 'Short paragraphs keep the linter honest,, and fast.\n\n';
    const count = Math.ceil(10_000_000 / paragraph.length);
    const d = tempRepo({ 'big.txt': paragraph.repeat(count) });
    // The CLI's handling of a file this size (reading, prose extraction, mapping, reporting) is what is tested here,
    // so the engine runs its typographic rules alone; the model's speed is measured by `npm run bench:cli`.
    const saved = process.env.PUNCTEME_RULES_ONLY;
    process.env.PUNCTEME_RULES_ONLY = '1';
    try {
      const skipped = await runMain(['lint', '.'], { cwd: d });
      assert.equal(skipped.code, 0);
      assert.match(skipped.stderr, /big\.txt: skipped \(9\.\d MiB is over --max-file-size 4\.0 MiB\)/);
      const linted = await runMain(['lint', '-f', 'json', '--max-file-size', '0', '.'], { cwd: d });
      assert.equal(linted.code, 1, linted.stderr);
      const findings = JSON.parse(linted.stdout)[0].findings as Array<{ ruleId: string; start: { line: number } }>;
      const doubled = findings.filter((f) => f.ruleId === 'doubled-mark');
      assert.equal(doubled.length, count);
      assert.equal(doubled[count - 1].start.line, 2 * (count - 1));
    } finally {
      if (saved === undefined) delete process.env.PUNCTEME_RULES_ONLY;
      else process.env.PUNCTEME_RULES_ONLY = saved;
      removeRepo(d);
    }
  });
});

/**
 * Exit codes: 0 without failing findings, 1 with findings at or above --fail-on (warning by default; subject to
 * --max-warnings), 2 for usage, config and file errors.
 */
import { strict as assert } from 'assert';
import { removeRepo, runCli, runMain, tempRepo } from './helpers';

describe('cli: exit codes', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    dir = tempRepo({
      'clean.md': '# Title\n\nThis sentence is fine.\n',
      'dirty.md': 'This has a doubled comma,, here.\n',
      'bad-config/.punctemerc.json': JSON.stringify({ quoteStyle: 'french', rules: { 'doubled-mark': 'sometimes' }, colour: 1 }),
      'bad-config/x.md': 'Fine.\n',
      'broken-json/.punctemerc.json': '{ "quoteStyle": ',
      'broken-json/x.md': 'Fine.\n',
    });
  });
  after(() => removeRepo(dir));

  it('0 when nothing is found, 1 when something is', async () => {
    assert.equal((await runMain(['lint', 'clean.md'], { cwd: dir })).code, 0);
    assert.equal((await runMain(['lint', 'dirty.md'], { cwd: dir })).code, 1);
  });

  it('2, with what to type instead, when explain is given a file name rather than text', async () => {
    const r = await runMain(['explain', 'clean.md'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /"clean\.md" is a file.*puncteme lint clean\.md/s);
    // A sentence that merely ends in a word with a dot is still explained.
    assert.equal((await runMain(['explain', 'Fine.'], { cwd: dir })).code, 0);
  });

  it('--max-warnings N: exit 1 only above N warnings', async () => {
    assert.equal((await runMain(['lint', '--max-warnings', '5', 'dirty.md'], { cwd: dir })).code, 0);
    assert.equal((await runMain(['lint', '--max-warnings', '0', 'dirty.md'], { cwd: dir })).code, 1);
    assert.equal((await runMain(['lint', '--max-warnings', '0', 'clean.md'], { cwd: dir })).code, 0);
  });

  it('a rule set to "error" in the config fails the run whatever --max-warnings says', async () => {
    const d = tempRepo({ '.punctemerc.json': JSON.stringify({ rules: { 'doubled-mark': 'error' } }), 'a.md': 'Twice,, here.\n' });
    try {
      const r = await runMain(['lint', '-f', 'json', '--max-warnings', '100', '.'], { cwd: d });
      assert.equal(r.code, 1);
      assert.ok(JSON.parse(r.stdout)[0].findings.some((f: { severity: string }) => f.severity === 'error'));
    } finally {
      removeRepo(d);
    }
  });

  it('style findings (info) and hints do not fail the run unless --fail-on asks; --fail-on error lets warnings pass', async () => {
    const d = tempRepo({
      'info/.punctemerc.json': JSON.stringify({ rules: { 'doubled-mark': 'info' } }),
      'info/a.md': 'Twice,, here.\n',
      'hint/.punctemerc.json': JSON.stringify({ rules: { 'doubled-mark': 'hint' } }),
      'hint/a.md': 'Twice,, here.\n',
    });
    try {
      const code = async (sub: string, ...flags: string[]) => (await runMain(['lint', ...flags, 'a.md'], { cwd: `${d}/${sub}` })).code;
      assert.equal(await code('info'), 0, 'an info finding alone passes by default');
      assert.equal(await code('info', '--fail-on', 'info'), 1);
      assert.equal(await code('info', '--fail-on', 'hint'), 1);
      assert.equal(await code('hint', '--fail-on', 'info'), 0);
      assert.equal(await code('hint', '--fail-on', 'hint'), 1);
      assert.equal(await code('info', '--fail-on', 'info', '--max-warnings', '1'), 0, '--max-warnings counts the failing findings');
      const r = await runMain(['lint', 'a.md'], { cwd: `${d}/info` });
      assert.match(r.stdout, /1 problem \(0 errors, 1 info\)/, 'still reported');
    } finally {
      removeRepo(d);
    }
    assert.equal((await runMain(['lint', '--fail-on', 'error', 'dirty.md'], { cwd: dir })).code, 0);
    assert.equal((await runMain(['lint', '--fail-on', 'warning', 'dirty.md'], { cwd: dir })).code, 1);
  });

  it('2 with a clear message for usage errors', async () => {
    for (const args of [['lint', '--fail-on', 'notice', '.'], ['lint', '--quote-style', 'french', '.'], ['lint', '--serial-comma', 'sometimes', '.'], ['lint'], ['lint', '--format', 'xml', '.'], ['lint', '--bogus', '.'], ['lint', '--jobs', '0', '.'], ['lint', '--shard', '3/2', '.'], ['lint', '--fix', '-']]) {
      const r = await runMain(args, { cwd: dir });
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, /puncteme lint: .+\nUsage: puncteme lint/, args.join(' '));
    }
  });

  it('2 for an invalid config, naming the file and every bad key', async () => {
    const r = await runMain(['lint', '.'], { cwd: `${dir}/bad-config` });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /\.punctemerc\.json: invalid configuration/);
    assert.match(r.stderr, /quoteStyle: must be one of "american", "british", "auto"/);
    assert.match(r.stderr, /rules\.doubled-mark: must be one of/);
    assert.match(r.stderr, /unknown key "colour"/);
    const broken = await runMain(['lint', '.'], { cwd: `${dir}/broken-json` });
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /not valid JSON/);
  });

  it('2 for a missing path, while the other files are still linted and reported', async () => {
    const r = await runMain(['lint', '-f', 'json', 'dirty.md', 'missing.md'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /missing\.md: no such file or directory/);
    assert.equal(JSON.parse(r.stdout)[0].file, 'dirty.md');
  });

  it('2 with a one-line pointer for the developer commands, which the help no longer lists', async () => {
    for (const args of [['eval', 'perplexity', 'x.conllu'], ['eval'], ['data', 'stats', 'x.conllu']]) {
      const r = await runMain(args, { cwd: dir });
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `puncteme: \`${args[0]}\` is a developer command: in a checkout of the repository run \`npm run dev -- ${args.join(' ')}\`\n`);
    }
    const help = await runMain(['--help'], { cwd: dir });
    assert.equal(help.code, 0);
    assert.deepEqual(help.stdout.match(/^ {2}\w+(?= )/gm)?.map((c) => c.trim()), ['explain', 'lint', 'restore']);
  });

  it('every help screen fits a terminal of 110 columns', async () => {
    for (const args of [['--help'], ['lint', '--help'], ['explain', '--help'], ['restore', '--help']]) {
      const help = await runMain(args, { cwd: dir });
      assert.equal(help.code, 0, args.join(' '));
      assert.deepEqual(help.stdout.split('\n').filter((l) => [...l].length > 110), [], args.join(' '));
    }
  });

  it('a separate puncteme process exits with the same codes', () => {
    assert.equal(runCli(['lint', 'clean.md'], { cwd: dir }).code, 0);
    assert.equal(runCli(['lint', 'dirty.md'], { cwd: dir }).code, 1);
    assert.equal(runCli(['lint', 'nowhere.md'], { cwd: dir }).code, 2);
  });
});

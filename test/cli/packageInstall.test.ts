/**
 * The npm package as a user gets it: `npm pack`, then installed from the tarball into a fresh folder (as a
 * devDependency, and globally under a prefix) with no network and no repository: `puncteme` and `puncteme-ls` must run
 * from there, on the models and rule pages inside the package. Needs the bundles (`npm test` builds them first).
 */
import { strict as assert } from 'assert';
import { spawnSync, SpawnSyncOptions } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { deadLinksAmong } from '../architecture/markdownLinks';
import { LspClient } from '../lsp/lspClient';

const REPO = path.resolve(__dirname, '../..');

function run(file: string, args: string[], opts: SpawnSyncOptions & { input?: string } = {}) {
  const r = spawnSync(file, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (r.error) throw r.error;
  return { code: r.status, stdout: String(r.stdout), stderr: String(r.stderr) };
}

describe('npm package: installs from its tarball and runs without the repository', function () {
  this.timeout(300000);
  let dir: string;
  let tarball: string;
  // Nothing of the checkout may leak in: no model directory from the environment, a PATH without the repository's bins.
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.PUNCTEME_MODEL_DIR;
  delete inherited.NODE_PATH;
  const env = { ...inherited, PATH: (process.env.PATH ?? '').split(path.delimiter).filter((p) => !p.startsWith(REPO)).join(path.delimiter) };
  const npm = (args: string[], cwd: string) => run('npm', [...args, '--offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env });

  before(function () {
    if (!fs.existsSync(path.join(REPO, 'dist/cli.js'))) this.skip(); // not built: `npm test` builds first
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-pack-'));
    // The bundles are already built (pretest), so the pack skips `prepare`.
    const packed = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], REPO);
    assert.equal(packed.code, 0, packed.stderr);
    const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    tarball = path.join(dir, info.filename);
    const files = info.files.map((f) => f.path);
    assert.ok(files.includes('LICENSE') && files.includes('NOTICE.md') && files.includes('docs/rules/comma.md'), files.join('\n'));
    assert.ok(files.includes('models/en/punct.json'));
    assert.ok(!files.includes('models/en/punct-attach.json'), 'nothing loads the Attach-only ablation at run time');
    // Every page and picture a shipped Markdown file links to ships too: an installed README has no dead link.
    assert.deepEqual(deadLinksAmong(files, (f) => fs.readFileSync(path.join(REPO, f), 'utf8')), []);
    assert.deepEqual(files.filter((f) => /^(server\/src|server\/out\/(?!config\/)|test|scripts|client)\/|\.map$|\.ts$/.test(f)), []);
  });

  after(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  it('as a devDependency: `puncteme lint` and `puncteme-ls` run from node_modules/.bin', async () => {
    const project = path.join(dir, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'docs-site', private: true, devDependencies: { puncteme: `file:${tarball}` } }));
    const installed = npm(['install'], project);
    assert.equal(installed.code, 0, installed.stderr);
    // A typographic finding, and one only the trained models make (so the models inside the package were loaded).
    fs.writeFileSync(path.join(project, 'notes.md'), '# Notes\n\nThe plan,, as agreed, is fine.\n\nThe committee wrote, a long letter to the mayor.\n');
    const bin = (name: string) => path.join(project, 'node_modules/.bin', name);
    const pkg = path.join(project, 'node_modules/puncteme');

    const lint = run(bin('puncteme'), ['lint', '--format', 'json', 'notes.md'], { cwd: project, env });
    assert.equal(lint.code, 1, lint.stderr);
    const [report] = JSON.parse(lint.stdout) as Array<{ findings: Array<{ ruleId: string }> }>;
    assert.deepEqual([...new Set(report.findings.map((f) => f.ruleId).filter((id) => id === 'doubled-mark' || id === 'subject-verb-comma'))], ['doubled-mark', 'subject-verb-comma'], lint.stdout);
    assert.ok(!/models are missing/.test(lint.stderr), lint.stderr);
    const sarif = JSON.parse(run(bin('puncteme'), ['lint', '--format', 'sarif', 'notes.md'], { cwd: project, env }).stdout);
    const rule = sarif.runs[0].tool.driver.rules.find((r: { id: string }) => r.id === 'doubled-mark');
    assert.equal(rule.helpUri, pathToFileURL(path.join(fs.realpathSync(pkg), 'docs/rules/doubled-mark.md')).href);

    const client = new LspClient({ command: [bin('puncteme-ls'), '--stdio'], cwd: project, env });
    try {
      await client.initialize(pathToFileURL(project).href);
      const uri = pathToFileURL(path.join(project, 'notes.md')).href;
      await client.open(uri, 'markdown', fs.readFileSync(path.join(project, 'notes.md'), 'utf8'));
      // The models inside the package were loaded: a finding only they make is published.
      const published = await client.waitFor(
        () => client.published.find((p) => p.uri === uri && p.diagnostics.some((x) => x.code === 'subject-verb-comma')),
        120000,
        'a model finding',
      );
      const d = published.diagnostics.find((x) => x.code === 'doubled-mark');
      assert.ok(d, JSON.stringify(published.diagnostics));
      assert.ok(fs.existsSync(new URL(d.codeDescription!.href)), d.codeDescription!.href);
      assert.ok(fs.realpathSync(new URL(d.codeDescription!.href)).startsWith(fs.realpathSync(pkg)), 'the page inside the package');
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });

  it('globally (`npm install -g`, here under a prefix): both commands on the PATH', () => {
    const prefix = path.join(dir, 'global');
    const installed = npm(['install', '-g', '--prefix', prefix, tarball], dir);
    assert.equal(installed.code, 0, installed.stderr);
    const pathWithPrefix = { ...env, PATH: `${path.join(prefix, 'bin')}${path.delimiter}${env.PATH}` };
    const version = run('puncteme', ['--version'], { cwd: dir, env: pathWithPrefix });
    assert.equal(version.stdout.trim(), JSON.parse(fs.readFileSync(path.join(REPO, 'server/package.json'), 'utf8')).version);
    const fromStdin = run('puncteme', ['lint', '-'], { cwd: dir, env: pathWithPrefix, input: 'Twice,, here.\n' });
    assert.equal(fromStdin.code, 1, fromStdin.stderr);
    assert.match(fromStdin.stdout, /Twice,, here\.\n +\^\^/);
    assert.ok(fs.existsSync(path.join(prefix, 'bin', 'puncteme-ls')));
  });
});

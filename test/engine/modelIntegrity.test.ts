/**
 * Damaged model files stop the CLI (exit 2, naming the file and saying missing or corrupt) and put the language
 * server in a degraded state it announces with window/showMessage; the manifest matches the shipped files.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { loadEngineParts, makeLinter } from '../../server/src/engine';
import { buildManifest, MANIFEST_FILE, ModelFileError, writeManifest } from '../../server/src/data/modelIntegrity';
import { runCli } from '../cli/helpers';
import { LspClient } from '../lsp/lspClient';

const SHIPPED = path.resolve(__dirname, '../../models/en');

/** A model directory laid out as the shipped one (`…/models/en`), its files links to the shipped ones, the manifest copied. */
function modelCopy(): { root: string; dir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-models-'));
  const dir = path.join(root, 'models/en');
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(SHIPPED)) {
    if (name === MANIFEST_FILE) fs.copyFileSync(path.join(SHIPPED, name), path.join(dir, name));
    else fs.symlinkSync(path.join(SHIPPED, name), path.join(dir, name));
  }
  return { root, dir };
}

/** Replaces the link `name` in `dir` by a real file holding `content` (the shipped one's bytes by default). */
function replace(dir: string, name: string, content: (original: Buffer) => Buffer | string): void {
  const original = fs.readFileSync(path.join(SHIPPED, name));
  fs.rmSync(path.join(dir, name));
  fs.writeFileSync(path.join(dir, name), content(original));
}

/** The same bytes with the middle one changed: only the SHA-256 can tell. */
function flip(b: Buffer): Buffer {
  const c = Buffer.from(b);
  c[c.length >> 1] = c[c.length >> 1] === 0x31 ? 0x32 : 0x31;
  return c;
}

function problemOf(dir: string): ModelFileError {
  const parts = loadEngineParts(dir);
  assert.ok(parts.modelError, 'a damaged directory is reported');
  assert.equal(parts.analyser, undefined);
  return parts.modelError;
}

describe('model files: integrity', function () {
  this.timeout(180000);
  const made: string[] = [];
  const copy = () => {
    const c = modelCopy();
    made.push(c.root);
    return c.dir;
  };
  after(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('models/en/manifest.json lists every shipped file with its size and SHA-256 (else: npm run models:manifest)', () => {
    const onDisk = JSON.parse(fs.readFileSync(path.join(SHIPPED, MANIFEST_FILE), 'utf8'));
    assert.deepEqual(onDisk.files, buildManifest(SHIPPED).files, 'the manifest is stale: run npm run models:manifest');
    assert.ok(Object.keys(onDisk.files).includes('lint-calibration.json'));
  });

  it('names the file and says missing or corrupt, for each kind of damage', () => {
    let dir = copy();
    fs.rmSync(path.join(dir, 'parser-labeller.bin.gz'));
    let e = problemOf(dir);
    assert.equal(e.state, 'missing');
    assert.equal(e.file, path.join(dir, 'parser-labeller.bin.gz'));

    dir = copy();
    replace(dir, 'punct.json', (b) => b.subarray(0, b.length >> 1));
    e = problemOf(dir);
    assert.equal(e.state, 'corrupt');
    assert.match(e.message, /punct\.json is corrupt \(\d+ bytes where manifest\.json says \d+\)/);

    // The damage that changed results silently: a calibration of the same size with another threshold.
    dir = copy();
    replace(dir, 'lint-calibration.json', (b) => b.toString('utf8').replace('"threshold": 0.87', '"threshold": 0.50'));
    assert.equal(fs.statSync(path.join(dir, 'lint-calibration.json')).size, fs.statSync(path.join(SHIPPED, 'lint-calibration.json')).size);
    e = problemOf(dir);
    assert.equal(e.state, 'corrupt');
    assert.match(e.message, /lint-calibration\.json is corrupt \(its SHA-256 differs from manifest\.json\)/);

    // Even with a manifest rebuilt over it, a file that is not a calibration is refused by its schema.
    dir = copy();
    replace(dir, 'lint-calibration.json', () => JSON.stringify({ threshold: 'high', kinds: {} }));
    writeManifest(dir);
    e = problemOf(dir);
    assert.match(e.message, /lint-calibration\.json is corrupt \(not a calibration file: \/threshold must be number\)/);

    dir = copy();
    fs.rmSync(path.join(dir, MANIFEST_FILE));
    e = problemOf(dir);
    assert.equal(e.state, 'missing');
    assert.equal(e.file, path.join(dir, MANIFEST_FILE));
  });

  it('a graph parser file the manifest does not list is refused, not read unchecked; listed, it must be there', () => {
    const dir = copy();
    // Where the shipped directory has a graph file, its link goes (writing through it would change the shipped file)
    // and the manifest is written again without it.
    if (fs.existsSync(path.join(dir, 'parser-graph.bin.gz'))) {
      fs.rmSync(path.join(dir, 'parser-graph.bin.gz'));
      writeManifest(dir);
    }
    fs.writeFileSync(path.join(dir, 'parser-graph.bin.gz'), 'planted');
    let e = problemOf(dir);
    assert.equal(e.state, 'corrupt');
    assert.equal(e.file, path.join(dir, 'parser-graph.bin.gz'));
    assert.match(e.message, /not listed in manifest\.json/);
    writeManifest(dir);
    fs.rmSync(path.join(dir, 'parser-graph.bin.gz'));
    e = problemOf(dir);
    assert.equal(e.state, 'missing');
    assert.equal(e.file, path.join(dir, 'parser-graph.bin.gz'));
  });

  it('a training candidate without a manifest still gets missing and corrupt files named', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-candidate-'));
    made.push(root);
    let e = problemOf(root);
    assert.equal(e.state, 'missing');
    assert.equal(path.basename(e.file), 'parser.bin');
    fs.writeFileSync(path.join(root, 'parser.bin'), 'not a parser model at all');
    e = problemOf(root);
    assert.equal(e.state, 'corrupt');
    assert.equal(path.basename(e.file), 'parser.bin');
  });

  it('lint, explain and restore exit 2 naming the file; the intact copy works', () => {
    const dir = copy();
    const cwd = path.dirname(path.dirname(dir));
    fs.writeFileSync(path.join(cwd, 'a.md'), 'A doubled comma,, here.\n');
    const ok = runCli(['lint', 'a.md'], { cwd, env: { PUNCTEME_MODEL_DIR: dir } });
    assert.equal(ok.code, 1, ok.stderr);
    replace(dir, 'lint-introductory-convention.json', (b) => b.subarray(0, b.length - 10));
    const want = /model file .*lint-introductory-convention\.json is corrupt/;
    for (const [args, input] of [[['lint', 'a.md'], ''], [['lint', '-j', '2', 'a.md', '-'], 'Some text,, here.'], [['explain', 'A sentence.'], ''], [['restore', '-'], 'some words here']] as const) {
      const r = runCli([...args], { cwd, input, env: { PUNCTEME_MODEL_DIR: dir } });
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, want, args.join(' '));
    }
  });

  it('hashes each file when it is read: a run that never reads a file is not stopped by it, one that reads it is', () => {
    const dir = copy();
    const cwd = path.dirname(path.dirname(dir));
    fs.writeFileSync(path.join(cwd, 'a.md'), 'A doubled comma,, here.\n');
    // Same size, one byte changed: only the SHA-256 can tell. lint never reads the restore models, nor the learned
    // scorer under the calibrated decision, so they cannot change its findings. The learned decision reads the
    // scorer's sidecar (the scorer as held in memory, derived from lint-scorer.json as the manifest lists it), not
    // lint-scorer.json itself: a changed byte there cannot change a finding, one in the sidecar stops the lint.
    replace(dir, 'restore-tagger.json', flip);
    replace(dir, 'lint-scorer.json', flip);
    const lint = runCli(['lint', '--decision', 'calibrated', 'a.md'], { cwd, env: { PUNCTEME_MODEL_DIR: dir } });
    assert.equal(lint.code, 1, lint.stderr);
    assert.deepEqual(makeLinter(loadEngineParts(dir)).lint('The students, passed the exam.').map((f) => f.ruleId), ['subject-verb-comma']);
    replace(dir, 'lint-scorer.weights.bin', flip);
    const parts = loadEngineParts(dir);
    assert.equal(parts.modelError, undefined);
    assert.throws(() => makeLinter(parts).lint('A sentence, here.'), /lint-scorer\.weights\.bin is corrupt \(its SHA-256 differs from manifest\.json\)/);
    const restore = runCli(['restore', '-'], { cwd, input: 'some words here', env: { PUNCTEME_MODEL_DIR: dir } });
    assert.equal(restore.code, 2, restore.stderr);
    assert.match(restore.stderr, /restore-tagger\.json is corrupt \(its SHA-256 differs from manifest\.json\)/);
  });

  it('reads the mark-choice and quote-register models when first asked: a text that asks neither is not stopped by them', () => {
    const dir = copy();
    replace(dir, 'mark-choice.json', flip);
    replace(dir, 'quote-register.json', flip);
    const parts = loadEngineParts(dir);
    assert.equal(parts.modelError, undefined);
    const linter = makeLinter(parts);
    const plain = 'The students, passed the exam. However we left early.';
    const found = linter.lint(plain, { explain: true });
    assert.deepEqual(found.map((f) => f.ruleId), ['subject-verb-comma', 'introductory-comma']);
    assert.equal(JSON.stringify(found), JSON.stringify(makeLinter(loadEngineParts(SHIPPED)).lint(plain, { explain: true })));
    // A sentence that writes a semicolon asks the mark-choice model; the register is asked about a document only.
    assert.throws(() => linter.lint('We need three things; flour, eggs and milk.'), /mark-choice\.json is corrupt \(its SHA-256 differs from manifest\.json\)/);
    assert.throws(() => linter.readsAsTechnical('Set the option "verbose", then run it.'), /quote-register\.json is corrupt \(its SHA-256 differs from manifest\.json\)/);
  });

  it('a model file read during a lint that is damaged stops the lint naming it (not lost in the sentence it was read for)', () => {
    const dir = copy();
    replace(dir, 'comma-gaps.bin', flip);
    const parts = loadEngineParts(dir);
    assert.equal(parts.modelError, undefined);
    assert.throws(() => makeLinter(parts).lint('The students, passed the exam.'), /comma-gaps\.bin is corrupt \(its SHA-256 differs from manifest\.json\)/);
  });

  it('the language server runs degraded and says so with window/showMessage', async () => {
    const dir = copy();
    fs.rmSync(path.join(dir, 'punct-supplement.json'));
    const client = new LspClient({ env: { PUNCTEME_MODEL_DIR: dir } });
    try {
      await client.initialize(null);
      const shown = await client.waitFor(() => client.shownMessages.find((m) => /punct-supplement\.json is missing/.test(m.message)), 60000, 'showMessage');
      assert.equal(shown.type, 2, 'a warning');
      const uri = 'file:///degraded.md';
      await client.open(uri, 'markdown', 'The typographic rules still run,, here.\n');
      const d = await client.diagnosticsAfter(uri, 0);
      assert.deepEqual(d.diagnostics.map((x) => x.code), ['doubled-mark']);
    } finally {
      await client.shutdown();
    }
  });
});

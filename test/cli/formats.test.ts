/** Every output format, read back with a real parser: JSON (the issue-5 contract), SARIF against the 2.1.0 schema,
 * Checkstyle XML, GitHub workflow commands, and stylish with and without colours. */
import { strict as assert } from 'assert';
import Ajv from 'ajv-draft-04';
import * as fs from 'fs';
import { fileURLToPath } from 'url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { removeRepo, runMain, tempRepo } from './helpers';

// The SARIF 2.1.0 JSON schema (OASIS), as shipped by Microsoft's SARIF SDK.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sarifSchema = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

const DOC = [
  '# Release notes',
  '',
  'We fixed the installer,, and the docs.',
  '',
  '```sh',
  'echo "not prose,, ever"',
  '```',
  '',
  'The café “menu” was updated.. Emoji 🎉 count as two code units,, here.',
  '',
].join('\n');

interface JsonPos {
  line: number;
  character: number;
  offset: number;
}
interface JsonFinding {
  ruleId: string;
  message: string;
  severity: string;
  confidence: number;
  start: JsonPos;
  end: JsonPos;
  fixes: Array<{ title: string; edits: Array<{ start: JsonPos; end: JsonPos; newText: string }> }>;
  explanation: string;
}

describe('cli: output formats', function () {
  this.timeout(60000);
  let dir: string;
  let json: Array<{ file: string; findings: JsonFinding[] }>;

  before(async () => {
    dir = tempRepo({ 'docs/notes.md': DOC, 'docs/clean.txt': 'Nothing to see here.\n' });
    const r = await runMain(['lint', '--format', 'json', '.'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    json = JSON.parse(r.stdout);
  });
  after(() => removeRepo(dir));

  it('json: an array of { file, findings } with the engine contract, offsets into the file', () => {
    assert.deepEqual(json.map((r) => r.file), ['docs/clean.txt', 'docs/notes.md']);
    const notes = json[1].findings.filter((f) => f.ruleId === 'doubled-mark');
    assert.equal(notes.length, 3, JSON.stringify(json[1].findings, null, 1));
    for (const f of json[1].findings) {
      for (const key of ['ruleId', 'message', 'severity', 'confidence', 'start', 'end', 'fixes', 'explanation']) assert.ok(key in f, key);
      assert.equal(DOC.split('\n')[f.start.line].length >= f.start.character, true);
      // line/character and offset agree (0-based, UTF-16)
      const lineStart = DOC.split('\n').slice(0, f.start.line).join('\n').length + (f.start.line ? 1 : 0);
      assert.equal(lineStart + f.start.character, f.start.offset);
    }
    const [comma, period, emojiComma] = notes;
    assert.equal(DOC.slice(comma.start.offset, comma.end.offset), ',,');
    assert.equal(DOC.slice(period.start.offset, period.end.offset), '..');
    assert.equal(DOC.slice(emojiComma.start.offset, emojiComma.end.offset), ',,');
    // never inside the code block
    assert.ok(json[1].findings.every((f) => f.start.line < 4 || f.start.line > 6));
    assert.deepEqual(json[0].findings, []);
  });

  it('sarif: valid against the SARIF 2.1.0 schema, regions 1-based in UTF-16 columns', async () => {
    const r = await runMain(['lint', '-f', 'sarif', '.'], { cwd: dir });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const log: { version: string; runs: any[] } = JSON.parse(r.stdout);
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false });
    const validate = ajv.compile(sarifSchema);
    assert.ok(validate(log), JSON.stringify(validate.errors, null, 1));
    assert.equal(log.version, '2.1.0');
    const run = log.runs[0];
    assert.equal(run.tool.driver.name, 'puncteme');
    assert.equal(run.columnKind, 'utf16CodeUnits');
    const all = json.flatMap((f) => f.findings.map((x) => ({ file: f.file, ...x })));
    assert.equal(run.results.length, all.length);
    for (const [i, res] of run.results.entries()) {
      const f = all[i];
      const loc = res.locations[0].physicalLocation;
      assert.equal(loc.artifactLocation.uri, f.file);
      assert.equal(loc.region.startLine, f.start.line + 1);
      assert.equal(loc.region.startColumn, f.start.character + 1);
      assert.equal(loc.region.charOffset, f.start.offset);
      assert.equal(run.tool.driver.rules[res.ruleIndex].id, f.ruleId);
      const rule = run.tool.driver.rules[res.ruleIndex];
      assert.ok(!/^Puncteme rule /.test(rule.shortDescription.text), 'rule described from the catalog');
      // The rule's page shipped with the package: its file and its text (for viewers on another machine).
      assert.ok(fs.existsSync(fileURLToPath(rule.helpUri)), rule.helpUri);
      assert.ok(rule.helpUri.endsWith(`/docs/rules/${f.ruleId}.md`), rule.helpUri);
      assert.ok(rule.help.markdown.startsWith(`# \`${f.ruleId}\``), rule.help.markdown.slice(0, 80));
      assert.equal(res.fixes.length, f.fixes.length);
    }
  });

  it('checkstyle: well-formed XML with one <error> per finding', async () => {
    const r = await runMain(['lint', '-f', 'checkstyle', '.'], { cwd: dir });
    assert.equal(XMLValidator.validate(r.stdout), true);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'file' || n === 'error' }).parse(r.stdout);
    const files = xml.checkstyle.file as Array<{ name: string; error?: Array<Record<string, string>> }>;
    assert.deepEqual(files.map((f) => f.name), ['docs/clean.txt', 'docs/notes.md']);
    const errors = files[1].error!;
    assert.equal(errors.length, json[1].findings.length);
    errors.forEach((e, i) => {
      const f = json[1].findings[i];
      assert.equal(Number(e.line), f.start.line + 1);
      assert.equal(Number(e.column), f.start.character + 1);
      assert.equal(e.message, f.message); // quotes in messages survive escaping
      assert.equal(e.source, `puncteme.${f.ruleId}`);
    });
  });

  it('github: one workflow command per finding, with 1-based line and column', async () => {
    const r = await runMain(['lint', '-f', 'github', '.'], { cwd: dir });
    const lines = r.stdout.trimEnd().split('\n');
    const all = json.flatMap((f) => f.findings.map((x) => ({ file: f.file, ...x })));
    assert.equal(lines.length, all.length);
    lines.forEach((l, i) => {
      const m = /^::(warning|error|notice) file=([^,]+),line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+),title=([^:]+)::(.*)$/.exec(l);
      assert.ok(m, l);
      assert.equal(m[2], all[i].file);
      assert.equal(Number(m[3]), all[i].start.line + 1);
      assert.equal(Number(m[4]), all[i].start.character + 1);
      assert.equal(m[8], all[i].message.replace(/%/g, '%25'));
    });
  });

  it('stylish: file, line:col, rule and summary; ANSI colours only on a TTY or with --color', async () => {
    const plain = await runMain(['lint', '.'], { cwd: dir });
    assert.ok(plain.stdout.includes('docs/notes.md'));
    assert.match(plain.stdout, /\n {2}3:23 +warning +Doubled ",".* doubled-mark\n/);
    assert.match(plain.stdout, /✖ \d+ problems \(0 errors, \d+ warnings\)/);
    assert.ok(!plain.stdout.includes('\x1b['));
    const tty = await runMain(['lint', '.'], { cwd: dir, isTTY: true });
    assert.ok(tty.stdout.includes('\x1b['));
    const forcedOff = await runMain(['lint', '--no-color', '.'], { cwd: dir, isTTY: true });
    assert.ok(!forcedOff.stdout.includes('\x1b['));
    const forcedOn = await runMain(['lint', '--color', '.'], { cwd: dir });
    assert.ok(forcedOn.stdout.includes('\x1b['));
  });

  it('stylish: an excerpt with carets under each finding, cut to the terminal, no line padded', async () => {
    const plain = await runMain(['lint', 'docs/notes.md'], { cwd: dir });
    assert.match(plain.stdout, /\n {2}3:23 +warning +Doubled ",".* doubled-mark\n {4}We fixed the installer,, and the docs\.\n {4} {22}\^\^\n/);
    const long = `${'A clause goes on and on, '.repeat(12)}and then a comma,, and more ${'words and words '.repeat(12)}end.\n`;
    for (const columns of [60, 120]) {
      const r = await runMain(['lint', '-'], { cwd: dir, input: long, isTTY: true, columns });
      // eslint-disable-next-line no-control-regex
      const lines = r.stdout.replace(/\x1b\[\d+m/g, '').split('\n');
      const at = lines.findIndex((l) => /doubled-mark$/.test(l));
      assert.ok(at >= 0, r.stdout);
      const [excerpt, carets] = [lines[at + 1], lines[at + 2]];
      assert.ok(excerpt.length < columns && excerpt.length > columns - 10, `${excerpt.length} columns of ${columns}`);
      assert.equal(excerpt.slice(carets.indexOf('^'), carets.length), ',,');
      assert.ok(lines.every((l) => !/ {3}$/.test(l)), 'no line padded with spaces');
    }
  });

  it('stylish: the summary names style findings (info) apart from warnings', async () => {
    const r = await runMain(['lint', '--introductory-comma', 'edited', '-'], { cwd: dir, input: 'However we decided to stay,, as planned.\n' });
    assert.match(r.stdout, / info +.*introductory-comma\n/);
    assert.match(r.stdout, /✖ 2 problems \(0 errors, 1 warning, 1 info\)/);
  });

  it('--output-file writes the report to a file', async () => {
    const r = await runMain(['lint', '-f', 'json', '-o', 'report.json', 'docs'], { cwd: dir });
    assert.equal(r.stdout, '');
    assert.deepEqual(JSON.parse(fs.readFileSync(`${dir}/report.json`, 'utf8')), json);
  });
});

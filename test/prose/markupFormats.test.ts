/**
 * reStructuredText and AsciiDoc prose (`prose/restructuredText.ts`, `prose/asciidoc.ts`): the prose of two guides
 * written with each format's common constructs, block by block, with exact offsets; real reStructuredText documents
 * (the Python library's `email/architecture.rst`, NumPy's `ma/README.rst`, the AWS CLI's `s3-faq.rst`, where this
 * machine has them); and the CLI, which lints them by extension with findings at the right place.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { extractProse, ProseKind, proseKindForLanguageId, proseKindForPath } from '../../server/src/prose';
import { removeRepo, runMain, tempRepo } from '../cli/helpers';

const FIXTURES = path.join(__dirname, 'fixtures');
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

/** Every block character is the document character at its offset (blocks only ever copy). */
function assertExactOffsets(text: string, kind: ProseKind): string[] {
  const { blocks } = extractProse(text, kind);
  for (const b of blocks) for (let i = 0; i < b.text.length; i++) assert.strictEqual(text[b.offsets[i]], b.text[i], `${kind}: block "${b.text}" at ${i}`);
  return blocks.map((b) => b.text);
}

/** Real reStructuredText documents on this machine (Python's library and packages); absent ones are skipped. */
const PYTHON = '/root/.pyenv/versions';
function realRst(): string[] {
  if (!fs.existsSync(PYTHON)) return [];
  const out: string[] = [];
  for (const v of fs.readdirSync(PYTHON).sort().reverse()) {
    const lib = fs.readdirSync(path.join(PYTHON, v, 'lib')).find((d) => d.startsWith('python'));
    if (!lib) continue;
    for (const rel of ['email/architecture.rst', 'site-packages/numpy/ma/README.rst', 'site-packages/awscli/topics/s3-faq.rst']) {
      const f = path.join(PYTHON, v, 'lib', lib, rel);
      if (fs.existsSync(f) && !out.some((o) => o.endsWith(rel))) out.push(f);
    }
  }
  return out;
}

describe('prose: reStructuredText and AsciiDoc', function () {
  this.timeout(120000);

  it('kinds by extension and by editor language id', () => {
    assert.deepStrictEqual(['a.rst', 'b.rest', 'c.adoc', 'd.asciidoc', 'e.asc'].map(proseKindForPath), ['restructuredtext', 'restructuredtext', 'asciidoc', 'asciidoc', 'asciidoc']);
    assert.deepStrictEqual(['restructuredtext', 'rst', 'asciidoc', 'asciidoctor'].map(proseKindForLanguageId), ['restructuredtext', 'restructuredtext', 'asciidoc', 'asciidoc']);
  });

  it('reStructuredText: prose blocks, and no directive, literal block, doctest, table, field, target or footnote', () => {
    const text = read('guide.rst');
    assert.deepStrictEqual(assertExactOffsets(text, 'restructuredtext'), [
      'Widget Service Guide',
      'The Widget Service stores widgets and serves them over HTTP.\nThis guide shows how to install it, configure it, and run your first query.',
      'Installation',
      "Install the package with your system's package manager. Then start the\nservice with widgetd and check the log:",
      'The service reads its settings from conf and calls\nopen on start-up.',
      'port sets the port the service listens on.',
      'store names the directory where widgets are kept.',
      'First, copy the example file.',
      'Second, edit the keys you need.',
      'This line has a doubled comma,, and is hidden on purpose.',
      'See the full documentation or the\nconfiguration section for details.',
      'Configuration',
      'port',
      'The port to listen on.',
      'Never expose the admin port to the internet.',
    ]);
    // Inline literals and roles stand in as one of their words, as inline code does in Markdown.
    const install = extractProse(text, 'restructuredtext').blocks[3];
    assert.deepStrictEqual(install.standIns?.map((s) => text.slice(s.start, s.end)), ['``widgetd --config /etc/widgets.conf``']);
  });

  it('AsciiDoc: prose blocks, and no listing, comment, table, attribute, anchor, literal paragraph or macro', () => {
    const text = read('guide.adoc');
    assert.deepStrictEqual(assertExactOffsets(text, 'asciidoc'), [
      'Getting Started with the Widget Service',
      'The Widget Service stores widgets and serves them over HTTP.\nThis guide shows how to install it, configure it and run your first query.',
      'You need a running database before you start the service.',
      'Installation',
      "Install the package with your system's package manager.\nThen start the service with widgetd and check the log.",
      'Configuration keys',
      'port sets the port the service listens on.',
      'store names the directory where widgets are kept.',
      'It must be writable by the service user.',
      'First, copy the example file.',
      'Second, edit the keys you need.',
      'This line has a doubled comma,, and is hidden on purpose.',
      'See the full documentation or the configuration section for details.\nThe repository lives at url, and issues are welcome.',
      'Configuration',
      'Port',
      'The port to listen on.',
      'The directory of the store.',
      'A quotation inside a quote block is prose too.',
      'Never expose the admin port to the internet.',
    ]);
  });

  it('real reStructuredText documents: exact offsets, and no markup or code left in the prose', function () {
    const files = realRst();
    if (!files.length) this.skip();
    for (const f of files) {
      const text = fs.readFileSync(f, 'utf8');
      const blocks = assertExactOffsets(text, 'restructuredtext');
      assert.ok(blocks.length >= 10, `${f}: ${blocks.length} blocks`);
      for (const b of blocks) {
        assert.doesNotMatch(b, /``|^\.\. |:\w+:`|<https?:|^>>>|`_|::$/m, `${f}: ${b}`);
      }
    }
  });

  it('any mix of either format\'s markup: no throw, exact offsets, no block past the text', () => {
    const pieces = [
      'Word', ' ', 'and, so', '.', '\n', '\n\n', '   ', '::', '.. ', '.. note::', '``code``', '`link <http://x.org>`_', ':func:`f`', '*em*', '**', '[#]_', '|sub|',
      '====', '----', '....', '____', '|===', '[source]', '[[id]]', '= Title', '== Sub', '* item', '- item', '1. item', ':name: v', 'NOTE: ', 'Term:: def', '+', '// c', '////',
      '`mono`', 'link:u[text]', '<<a,b>>', '{attr}', 'footnote:[x]', '>>> 1', '+--+--+', '| a | b |', '\r\n', '\t', 'é', '😀',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 60 }), fc.constantFrom<ProseKind>('restructuredtext', 'asciidoc'), (parts, kind) => {
        const text = parts.join('');
        for (const b of extractProse(text, kind).blocks) {
          assert.ok(b.offsets.length === b.text.length + 1);
          for (let i = 0; i < b.text.length; i++) assert.strictEqual(text[b.offsets[i]], b.text[i]);
        }
      }),
      { numRuns: 500, seed: 33 },
    );
  });

  it('the CLI lints both by extension: a real error in prose at its line and column, nothing in code, the disable comment obeyed', async () => {
    const rst = read('guide.rst').replace('and run your first query.', 'and run your first query..');
    const adoc = read('guide.adoc').replace('serves them over HTTP.', 'serves them over HTTP..');
    const dir = tempRepo({ 'docs/guide.rst': rst, 'docs/guide.adoc': adoc });
    try {
      const r = await runMain(['lint', '-f', 'json', '--audience', 'edited', 'docs'], { cwd: dir });
      const reports = JSON.parse(r.stdout) as Array<{ file: string; findings: Array<{ ruleId: string; start: { line: number; character: number } }> }>;
      const found = Object.fromEntries(reports.map((x) => [x.file, x.findings.map((f) => `${f.ruleId}@${f.start.line + 1}:${f.start.character + 1}`)]));
      assert.deepStrictEqual(found, { 'docs/guide.adoc': ['doubled-mark@6:60'], 'docs/guide.rst': ['doubled-mark@6:75'] });
    } finally {
      removeRepo(dir);
    }
  });
});

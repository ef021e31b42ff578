import { strict as assert } from 'assert';
import { createLinter, Finding, Linter } from '../../server/src/engine';
import { positionAt } from '../../server/src/engine/positions';
import { ParagraphCache, extractProse, lintDocument } from '../../server/src/prose';

/** Applies the first fix of every finding, back to front (fixes of one document never overlap here). */
function applyFixes(text: string, findings: Finding[]): string {
  const edits = findings.flatMap((f) => f.fixes[0]?.edits ?? []).sort((a, b) => b.start.offset - a.start.offset);
  for (const e of edits) text = text.slice(0, e.start.offset) + e.newText + text.slice(e.end.offset);
  return text;
}

/** A linter that reports every occurrence of a string, to test the mapping without depending on the model. */
function reporter(needle: string, onLint: (text: string) => void = () => {}): Linter {
  return {
    version: 'test',
    lint(text) {
      onLint(text);
      const out: Finding[] = [];
      for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
        const start = positionAt(text, i);
        const end = positionAt(text, i + needle.length);
        out.push({ ruleId: 'needle', message: 'found', severity: 'warning', confidence: 1, start, end, explanation: '', fixes: [{ title: 'drop', edits: [{ start, end, newText: '' }] }] });
      }
      return out;
    },
  };
}

describe('lintDocument', () => {
  it('reports the doubled-mark rule in prose only, at exact document positions, with fixes that apply', async () => {
    const linter = await createLinter();
    const doc = '# Title,, here\n\nSome text,, with `code,,` and:\n\n```\nx,, y\n```\n\n> quote,, \n> line two\n';
    // (Three errors make the text error-prone: the learned decision also asks for the period after "line two".)
    const findings = lintDocument(linter, doc, 'markdown').filter((f) => f.ruleId === 'doubled-mark');
    assert.deepEqual(findings.map((f) => doc.slice(f.start.offset, f.end.offset)), [',,', ',,', ',,']);
    assert.deepEqual(findings.map((f) => [f.start.line, f.start.character]), [[0, 7], [2, 9], [8, 7]]);
    assert.equal(applyFixes(doc, findings), doc.replace('Title,,', 'Title,').replace('text,,', 'text,').replace('quote,,', 'quote,'));
  });

  it('drops findings and edits that would cross non-prose (inline code, emphasis markers)', () => {
    const doc = 'A `x` B and *y* C.';
    assert.equal(lintDocument(reporter('A x B'), doc, 'markdown').length, 0); // spans the code span
    assert.equal(lintDocument(reporter('x'), doc, 'markdown').length, 0); // the code's stand-in itself
    assert.equal(lintDocument(reporter('y C'), doc, 'markdown').length, 0); // would delete the closing `*`
    const ok = lintDocument(reporter('C.'), doc, 'markdown');
    assert.equal(doc.slice(ok[0].start.offset, ok[0].end.offset), 'C.');
  });

  it('inline code: a stand-in word for the linter; insertions next to it land outside the code span', () => {
    const doc = 'Run `npm ci` then `npm test` now.';
    const inserter = (before: string): Linter => ({
      version: 'ins',
      lint(text) {
        const at = positionAt(text, text.indexOf(before));
        return [{ ruleId: 'ins', message: '', severity: 'warning', confidence: 1, start: at, end: at, explanation: '', fixes: [{ title: 'comma', edits: [{ start: at, end: at, newText: ',' }] }] }];
      },
    });
    const block = extractProse(doc, 'markdown').blocks[0];
    assert.equal(block.text, 'Run npm then npm now.');
    const apply = (f: Finding[]) => applyFixes(doc, f);
    assert.equal(apply(lintDocument(inserter(' then'), doc, 'markdown')), 'Run `npm ci`, then `npm test` now.'); // after the span
    assert.equal(apply(lintDocument(inserter('npm then'), doc, 'markdown')), 'Run ,`npm ci` then `npm test` now.'); // before it
    assert.equal(lintDocument(inserter('pm then'), doc, 'markdown').length, 0); // inside it: never
  });

  it('drops findings between two pieces of code, where the punctuation is the code\'s', () => {
    const doc = 'Set it (`--no-flag`, `client.ts` `flags`), which keeps `a` and, `b` apart, `c`, `d`.';
    const at = (needle: string) => lintDocument(reporter(needle), doc, 'markdown').map((f) => f.start.offset);
    assert.deepEqual(at('no, client'), []); // the comma between two code spans: dropped
    // Every ", " of the text removed: each touches a code span, so each is dropped (removing marks beside code, below).
    assert.deepEqual(at(', '), []);
    const comma = lintDocument(reporter(', which'), doc, 'markdown');
    assert.equal(doc.slice(comma[0].start.offset, comma[0].end.offset), ', which'); // code on one side only: kept
    const and = lintDocument(reporter('and,'), doc, 'markdown');
    assert.equal(and.length, 1); // words between the two spans: prose, kept
  });

  it('drops the removal of marks beside a piece of code, and keeps insertions there', () => {
    const doc = 'If set to `"suffix"`, it works. Against Zlib, `fflate` is slow. Then, it ends.';
    const removed = (needle: string) => lintDocument(reporter(needle), doc, 'markdown').length;
    assert.equal(removed(','), 1, 'only the comma after "Then" has prose on both sides');
    const inserter: Linter = {
      version: 'ins',
      lint(text) {
        const at = positionAt(text, text.indexOf(' it works'));
        return [{ ruleId: 'ins', message: '', severity: 'warning', confidence: 1, start: at, end: at, explanation: '', fixes: [{ title: 'comma', edits: [{ start: at, end: at, newText: ';' }] }] }];
      },
    };
    assert.equal(lintDocument(inserter, doc, 'markdown').length, 1, 'an insertion beside code is kept');
  });

  it('applies inline disable comments', async () => {
    const linter = await createLinter();
    const doc = 'One,, here.\n\n<!-- puncteme-disable-next-line doubled-mark -->\nTwo,, here.\n\nThree,, here.\n';
    assert.deepEqual(lintDocument(linter, doc, 'markdown').map((f) => f.start.line), [0, 5]);
  });

  it('re-analyses only the paragraphs that changed (content-keyed cache)', () => {
    const seen: string[] = [];
    const linter = reporter(',,', (t) => seen.push(t));
    const cache = new ParagraphCache();
    const paras = Array.from({ length: 50 }, (_, i) => `Paragraph ${i},, says something.`);
    const doc = paras.join('\n\n');
    const first = lintDocument(linter, doc, 'markdown', {}, cache);
    assert.equal(seen.length, 50);
    seen.length = 0;
    const edited = 'New first line.\n\n' + doc.replace('Paragraph 7,,', 'Paragraph 7,,,');
    const second = lintDocument(linter, edited, 'markdown', {}, cache);
    assert.deepEqual(seen, ['New first line.', 'Paragraph 7,,, says something.']);
    assert.equal(second.length, first.length + 1); // `,,,` holds two overlapping `,,`
    assert.ok(second.every((f) => edited.slice(f.start.offset, f.end.offset) === ',,')); // moved blocks remapped
    seen.length = 0;
    lintDocument(linter, edited, 'markdown', { minConfidence: 0.5 }, cache);
    assert.equal(seen.length, 51, 'other options are another key');
  });

  it('a block whose analysis throws is logged and skipped; the others are still reported', () => {
    const base = reporter(',,');
    const linter: Linter = { version: 'x', lint: (t, o) => { if (t.includes('boom')) throw new Error('boom'); return base.lint(t, o); } };
    const errors: unknown[] = [];
    const findings = lintDocument(linter, 'a,, one\n\nboom,, two\n\nc,, three', 'plaintext', {}, undefined, { onBlockError: (e) => errors.push(e) });
    assert.equal(findings.length, 2);
    assert.equal(errors.length, 1);
  });

  it('handles empty, binary-looking, right-to-left and emoji input', async () => {
    const linter = await createLinter();
    assert.deepEqual(lintDocument(linter, '', 'markdown'), []);
    assert.doesNotThrow(() => lintDocument(linter, '\u0000\u0001\uFFFD\uD800 ,, \u0000', 'plaintext'));
    const rtl = 'مرحبا،، بالعالم. 👍🏽,, ok';
    const f = lintDocument(linter, rtl, 'plaintext');
    assert.deepEqual(f.map((x) => rtl.slice(x.start.offset, x.end.offset)), [',,']);
    assert.equal(extractProse(rtl, 'plaintext').blocks.length, 1);
  });
});

describe('lintDocument and cancellation', () => {
  it('a lint cut short by cancellation is not cached', () => {
    let cancelled = false;
    const linter: Linter = {
      version: 'c',
      lint(text, options) {
        cancelled = true; // cancellation arrives while this paragraph is analysed
        return options?.isCancelled?.() ? [] : reporter(',,').lint(text, options);
      },
    };
    const cache = new ParagraphCache();
    lintDocument(linter, 'a,, b', 'plaintext', { isCancelled: () => cancelled }, cache);
    assert.equal(cache.size, 0);
    cancelled = false;
    const again: Linter = { version: 'c', lint: (t, o) => reporter(',,').lint(t, o) };
    assert.equal(lintDocument(again, 'a,, b', 'plaintext', {}, cache).length, 1);
  });
});

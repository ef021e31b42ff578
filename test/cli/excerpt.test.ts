/** The excerpt under a stylish finding: the line cut to the terminal, carets exactly under the finding. */
import { strict as assert } from 'assert';
import * as fc from 'fast-check';
import { excerptAt } from '../../server/src/cli/format/excerpt';

describe('cli: excerpt with carets', () => {
  it('shows a short line whole, with one caret per character of the finding', () => {
    const text = '# Title\n\nThe plan,, as agreed, is fine.\n';
    const start = text.indexOf(',,');
    assert.deepEqual(excerptAt(text, start, start + 2, 80), { line: 'The plan,, as agreed, is fine.', carets: '        ^^' });
  });

  it('marks an insertion point with one caret, also at the end of the line', () => {
    const text = 'We met at noon\nNext line.';
    assert.deepEqual(excerptAt(text, 14, 14, 80), { line: 'We met at noon', carets: '              ^' });
    assert.deepEqual(excerptAt(text, 2, 2, 80), { line: 'We met at noon', carets: '  ^' });
  });

  it('marks a finding that runs onto the next line to the end of its first line; CRLF and tabs kept out', () => {
    const text = 'a\tb (open\r\nclosed) end';
    const e = excerptAt(text, 4, text.indexOf(')') + 1, 80);
    assert.deepEqual(e, { line: 'a b (open', carets: '    ^^^^^' });
  });

  it('counts terminal columns: a CJK character or an emoji is two wide', () => {
    const text = '日本語,, 🎉,, done';
    const second = text.lastIndexOf(',,');
    const e = excerptAt(text, second, second + 2, 80);
    assert.equal(e.carets, ' '.repeat(6 + 2 + 1 + 2) + '^^');
  });

  it('cuts a long line around the finding, with … at each cut, never wider than asked', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const text = `${words},, ${words}.`;
    const start = text.indexOf(',,');
    const e = excerptAt(text, start, start + 2, 40);
    assert.equal(e.line.length, 40);
    assert.ok(e.line.startsWith('…') && e.line.endsWith('…'), e.line);
    assert.equal(e.line.slice(e.carets.indexOf('^'), e.carets.length), ',,');
  });

  it('property: within the width, and the carets sit under exactly the part of the finding shown', () => {
    const line = fc.stringMatching(/^[a-z ,.]{0,200}$/);
    fc.assert(
      fc.property(line, fc.nat(), fc.nat(12), fc.integer({ min: 10, max: 120 }), (text, a, len, width) => {
        const start = text.length ? a % (text.length + 1) : 0;
        const end = Math.min(text.length, start + len);
        const e = excerptAt(text, start, end, width);
        assert.ok(e.line.length <= width, `${e.line.length} > ${width}`);
        const from = e.carets.indexOf('^');
        const marks = e.carets.length - from;
        assert.ok(/^ *\^+$/.test(e.carets), JSON.stringify(e.carets));
        if (end > start) {
          assert.equal(e.line.slice(from, from + marks), text.slice(start, start + marks), JSON.stringify({ text, start, end, e }));
          assert.ok(marks <= end - start);
        } else {
          assert.equal(marks, 1);
          if (!e.line.startsWith('…')) assert.equal(from, start);
        }
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});

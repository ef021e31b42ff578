/** The excerpt under a stylish finding: the line cut to the terminal, carets exactly under the finding. */
import { strict as assert } from 'assert';
import * as fc from 'fast-check';
import stringWidth from 'string-width';
import { excerptAt } from '../../server/src/cli/format/excerpt';

/** The excerpt as measured over the whole line (what `excerptAt` measured before it measured a stretch): the reference. */
function wholeLineExcerpt(text: string, start: number, end: number, width: number): { line: string; carets: string } {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = text.indexOf('\n', start);
  if (lineEnd < 0) lineEnd = text.length;
  if (lineEnd > lineStart && text[lineEnd - 1] === '\r') lineEnd--;
  const all = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text.slice(lineStart, lineEnd))].map(({ segment, index }) => {
    // eslint-disable-next-line no-control-regex
    const shown = /^[\x00-\x1f\x7f]/.test(segment) ? ' ' : segment;
    return { offset: lineStart + index, text: shown, width: stringWidth(shown) };
  });
  const markEnd = Math.min(Math.max(end, start), lineEnd);
  let first = all.findIndex((c) => c.offset >= start);
  if (first < 0) first = all.length;
  let lo = 0;
  let hi = all.length;
  if (all.reduce((n, c) => n + c.width, 0) > width) {
    const room = Math.max(1, width - 2);
    let before = 0;
    lo = first;
    while (lo > 0 && before + all[lo - 1].width <= Math.floor(room / 3)) before += all[--lo].width;
    let used = before;
    hi = first;
    while (hi < all.length && used + all[hi].width <= room) used += all[hi++].width;
    while (hi === all.length && lo > 0 && used + all[lo - 1].width <= room) used += all[--lo].width;
  }
  const shown = all.slice(lo, hi);
  let carets = lo > 0 ? ' ' : '';
  let any = false;
  shown.forEach((c, i) => {
    if (c.offset >= start && c.offset < markEnd) (carets += '^'.repeat(Math.max(1, c.width))), (any = true);
    else if (!any && lo + i < first) carets += ' '.repeat(c.width);
  });
  if (!any) carets += '^';
  return { line: (lo > 0 ? '…' : '') + shown.map((c) => c.text).join('') + (hi < all.length ? '…' : ''), carets };
}

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

  it('property: measuring a stretch around the finding shows exactly what measuring the whole line shows', () => {
    // Lines of up to 1,500 pieces, so that the stretch (a width and 16 around the finding, widened) is cut on either side.
    const piece = fc.constantFrom('a', 'b', ' ', ' ', '(', ',', '日', '🎉', '🇺🇸', '🇬', 'e\u0301', '\u0301', '\u200d', '👨‍👩‍👧', '\t', '\r');
    const line = fc.array(piece, { maxLength: 1500 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 3 }), fc.nat(), fc.nat(40), fc.integer({ min: 4, max: 120 }), (lines, at, length, width) => {
        const text = lines.join('\n');
        const start = at % (text.length + 1);
        const end = Math.min(text.length, start + length);
        assert.deepEqual(excerptAt(text, start, end, width), wholeLineExcerpt(text, start, end, width));
      }),
      { numRuns: 300, seed: 36 },
    );
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

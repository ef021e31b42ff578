import { strict as assert } from 'assert';
import * as fc from 'fast-check';
import { extractMarkdown, extractMarkdownWhole } from '../../server/src/prose/markdown';
import { insertionPoint } from '../../server/src/prose/block';
import { markdownChunks } from '../../server/src/prose/markdownChunks';
import { ProseKind, extractProse, isSuppressed, proseKindForLanguageId, proseKindForPath } from '../../server/src/prose';

const KINDS: ProseKind[] = ['markdown', 'plaintext', 'latex', 'git-commit'];

/** The invariant every extractor must keep: block characters are document characters, in order, never shifted. */
function assertExactMap(doc: string, kind: ProseKind): void {
  const { blocks } = extractProse(doc, kind);
  let previousEnd = -1;
  for (const b of blocks) {
    assert.equal(b.offsets.length, b.text.length + 1);
    for (let i = 0; i < b.text.length; i++) {
      assert.equal(doc[b.offsets[i]], b.text[i], `${kind}: block char ${i} of ${JSON.stringify(b.text)}`);
      if (i > 0) assert.ok(b.offsets[i] > b.offsets[i - 1], 'offsets increase');
    }
    assert.equal(b.offsets[b.text.length], b.offsets[b.text.length - 1] + 1);
    assert.ok(b.offsets[0] > previousEnd || kind === 'latex', 'blocks do not overlap');
    previousEnd = b.offsets[b.text.length - 1];
  }
}

const prose = (doc: string, kind: ProseKind) => extractProse(doc, kind).blocks.map((b) => b.text);

/** Fragments of real-looking documents, recombined at random by the property tests. */
const FRAGMENTS = [
  'Hello, world.', 'The cat, which sat, purred.', '# Heading *with* emphasis', '> quoted, and\n> continued &amp; more',
  '- item one\n- item `code,,` two', '1. first\n2. second', '```\ncode,, here\n```', '    indented code', '`x`',
  '[label](http://example.org/a,,b "title")', '<https://example.org>', '![alt,, text](img.png)', '<div>\nhtml,,\n</div>',
  '| a | b |\n|---|---|\n| c,, | d |', '---\ntitle: x,,\n---', '$$\nx,,y\n$$', '\\emph{very}', '\\section{Intro, here}',
  '$a,,b$', '% a comment,,', '\\begin{equation}x,,y\\end{equation}', '\\cite{k}', '\\footnote{A note.}', '50\\% done',
  '# git comment', 'Signed-off-by: A <a@b.c>', '<!-- puncteme-disable -->', '<!-- puncteme-enable -->', 'puncteme-disable-next-line',
  'emoji 👍🏽 and ✍️ here.', 'RTL: مرحبا، بالعالم.', 'tab\there', '*a*b**c**', '\\*not emphasis\\*', '&#8212; dash &mdash; &bogus;',
  '\r\n', '\n', '\n\n', ' ', '\\', '{', '}', '[', ']', '`', '*', '_', '<', '>', '&', '$', '%', '#', '\u0000', '\uFFFD', '\uD83D',
];

describe('prose extraction: exact offset maps (property tests)', () => {
  for (const kind of KINDS) {
    it(`${kind}: every block character is the document character at its offset, on random documents`, () => {
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 30 }), fc.array(fc.constantFrom(' ', '\n', '\n\n', ''), { maxLength: 30 }), (parts, seps) => {
          const doc = parts.map((p, i) => p + (seps[i] ?? '')).join('');
          assertExactMap(doc, kind);
        }),
        { numRuns: 300 },
      );
    });
    it(`${kind}: arbitrary Unicode strings never throw and keep the map exact`, () => {
      fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (doc) => assertExactMap(doc, kind)), { numRuns: 300 });
      fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (doc) => assertExactMap(doc, kind)), { numRuns: 200 });
    });
  }
});

describe('prose extraction: Markdown in independent chunks', () => {
  const MD_FRAGMENTS = [
    ...FRAGMENTS, '```\ncode\n\nstill code\n```', '~~~~\n```\n\nx\n~~~~', '<!-- a comment\n\nstill comment -->', '<pre>\n\n</pre>',
    '$$\n\nmath\n$$', '- list\n\n  continued item', '> quote\n\n> another', 'Setext\n===', '    indented\n\n    code', '[^1]: note\n\n    more',
    '<script>\n\nx\n</script>', '<?php\n\n?>', '| a |\n|---|\n| b |', '***', '\t\ttabbed',
    '<br>', '<p align="center">', '</div>', '  ```\n  x\n\ny\n  ```', '- a\n  ```\n  code', '> ```\n> code', '```', '~~~', '$$', '<!--', '-->',
    '<pre>', '</pre>', 'Setext\n---', '1. one\n\n   two', '   ```js', '\tcode', '---', '+++',
    '[ref]: http://example.org', 'See [the text][ref] here.', 'A [ref] alone.', 'A note[^n] here.', '[^n]: The note.', '[Other]: <x>', 'Use [other].',
  ];
  it('chunked extraction equals whole-document extraction (blocks, offsets, stand-ins, holes and suppressions)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...MD_FRAGMENTS), { maxLength: 25 }), fc.array(fc.constantFrom('\n', '\n\n', '\n\n\n', ' '), { maxLength: 25 }), (parts, seps) => {
        const doc = parts.map((p, i) => p + (seps[i] ?? '\n\n')).join('');
        const a = extractMarkdown(doc);
        const b = extractMarkdownWhole(doc);
        const plain = (x: (typeof a.blocks)[number]) => [x.text, [...x.offsets], x.standIns, x.holes];
        assert.deepEqual(a.blocks.map(plain), b.blocks.map(plain), JSON.stringify(doc));
        assert.deepEqual(a.suppressions, b.suppressions);
      }),
      { numRuns: 500 },
    );
  });
  it('a stand-in for inline code in a later chunk keeps its document range (fixes beside code land beside it)', () => {
    // The placed chunk once moved its characters' offsets but not its stand-ins' ranges, so an
    // insertion next to inline code in any chunk but the first was written at the chunk-relative offset.
    const doc = 'Para one is here.\n\nUse `foo` here, then `bar`.\n';
    const [, block] = extractMarkdown(doc).blocks;
    assert.deepEqual(block.standIns!.map((s) => doc.slice(s.start, s.end)), ['`foo`', '`bar`']);
    assert.strictEqual(insertionPoint(block, block.standIns![0].index + block.standIns![0].length), doc.indexOf('`foo`') + 5);
  });
  it('splits at blank lines before column-0 lines, never inside fences or front matter', () => {
    const doc = '---\na: 1\n\nb: 2\n---\n\nPara one.\n\n```\nx\n\ny\n```\n\n- item\n\n  more\n\nPara two.\n';
    assert.deepEqual(markdownChunks(doc).map(([s, e]) => doc.slice(s, e)), ['---\na: 1\n\nb: 2\n---\n\n', 'Para one.\n\n', '```\nx\n\ny\n```\n\n', '- item\n\n  more\n\nPara two.\n']);
  });
});

describe('prose extraction: Markdown', () => {
  const doc = [
    '---', 'title: Front, matter,, is not prose', '---', '',
    '# A heading, *with* emphasis', '',
    '> A quoted line', '> continued here &amp; there.', '',
    '- First item with `inline, code` in it.', '- See [the docs](https://example.org/a,,b) or <https://example.org/x>.', '',
    '```js', 'const a = [1,, 2];', '```', '',
    '<div class="x,,y">html,, block</div>', '',
    '| col,, a | col b |', '|---|---|', '| cell,, | cell |', '',
    'Text with ![an image,, alt](pic.png) and math:', '', '$$', 'x,,y', '$$', '',
  ].join('\n');
  const blocks = prose(doc, 'markdown');

  it('keeps headings, paragraphs, list items, quotes and link labels', () => {
    assert.deepEqual(blocks, [
      'A heading, with emphasis',
      'A quoted line\ncontinued here  there.',
      'First item with inline in it.', // the code span's first word stands in for it
      'See the docs or https://example.org/x.', // an autolink's address stands in for it, one token as in plain text
      'Text with  and math:',
    ]);
  });
  it('never includes code, HTML, link targets, front matter, tables, images, math or list/quote markers', () => {
    for (const b of blocks) {
      assert.ok(!b.includes(',,'), b);
      assert.ok(!/^[->]/m.test(b), b);
      assert.ok(!b.includes('example.org/a'), b); // a link's target (an autolink's address stands in for its word)
    }
  });
  it("reads a list item's term and a description written as a sentence of its own as two blocks", () => {
    const doc = [
      '- `mark` Add a slash to directory matches.',
      '- [`buffer-reverse`](https://x.org/r) - Reverse a buffer',
      '* `returns` **{Array}**: Returns an array of matches',
      '- `compressible` - leave out if you do not know',
      '- `cwd` is the directory to start in.',
      '',
      '`mark` Add a slash, outside a list.',
    ].join('\n');
    const ex = extractProse(doc, 'markdown');
    assert.deepEqual(ex.blocks.map((b) => [b.text, b.fragment ?? false]), [
      ['mark', true], ['Add a slash to directory matches.', true],
      ['buffer', true], ['Reverse a buffer', true], // a code span's first word stands in for it
      ['returns {Array}', true], ['Returns an array of matches', true],
      ['compressible - leave out if you do not know', true], // a description in lower case: one sentence
      ['cwd is the directory to start in.', true],
      ['mark Add a slash, outside a list.', false],
    ]);
    // Each block's text is the document's, character for character.
    for (const b of ex.blocks) for (let i = 0; i < b.text.length; i++) if (b.offsets[i] >= 0) assert.equal(doc[b.offsets[i]], b.text[i]);
  });
  it('broken Markdown still yields prose', () => {
    assert.deepEqual(prose('Unclosed `code and *emphasis, [link(\n\n```\nnever closed', 'markdown'), ['Unclosed `code and *emphasis, [link(']);
  });
  it('keeps the line ending of a hard line break, so words stay apart', () => {
    assert.deepEqual(prose('First line  \nsecond line\\\nthird.', 'markdown'), ['First line\nsecond line\nthird.']);
  });
  it('keeps an autolinked address as one word of its sentence (no gap before the comma after it)', () => {
    assert.deepEqual(prose('Send it to kent.shoemaker@ae.ge.com, copy to me. See <https://x.org/a>, then www.x.org.', 'markdown'), [
      'Send it to kent.shoemaker@ae.ge.com, copy to me. See https://x.org/a, then www.x.org.',
    ]);
  });
  it('treats `$5` as money, not math', () => {
    assert.deepEqual(prose('It costs $5 and $10, total.', 'markdown'), ['It costs $5 and $10, total.']);
  });
  it('does not lint `$…$` math (a word of it stands in), and keeps money in prose', () => {
    assert.deepEqual(prose('Let $x,,y$ be the sum, and $a + b = c$ too.', 'markdown'), ['Let x be the sum, and b too.']);
    assert.deepEqual(prose('I paid $5, you paid $6. Prices: $5-$10 each, $ 3 $ too.', 'markdown'), ['I paid $5, you paid $6. Prices: $5-$10 each, $ 3 $ too.']);
  });
});

describe('prose extraction: LaTeX', () => {
  const doc = [
    '\\documentclass{article}', '\\usepackage{amsmath}', '\\title{Not, body}', '\\begin{document}',
    '\\section{Introduction, briefly}', 'This is \\emph{very} good, as \\cite{knuth} showed; math $a,,b$ and \\(c,,d\\) are not prose.% comment,,',
    'A note follows.\\footnote{Notes are blocks, too.} Then 50\\% more.', '',
    '\\begin{equation}', 'x,, y', '\\end{equation}', '\\begin{itemize}', '\\item First item.', '\\item[b)] Second item.', '\\end{itemize}',
    '\\end{document}', 'After the end,, not prose.',
  ].join('\n');
  const blocks = prose(doc, 'latex');
  it('keeps body text and text-command arguments, drops commands, math, comments, preamble', () => {
    assert.deepEqual(blocks, [
      'Introduction, briefly',
      '\nThis is very good, as  showed; math  and  are not prose.A note follows. Then 50% more.',
      'Notes are blocks, too.',
      ' First item.\n',
      ' Second item.\n',
    ]);
  });
});

describe('prose extraction: LaTeX inline verbatim', () => {
  it('\\verb, \\verb* and \\lstinline are not prose', () => {
    assert.deepEqual(prose('Use \\verb|a,,b| or \\verb*+c,,d+ or \\lstinline[x]{e,,f} here.', 'latex'), ['Use  or  or  here.']);
  });
});

describe('prose extraction: plain text and git commit messages', () => {
  it('plain text: paragraphs split at blank lines, CRLF kept exact', () => {
    assert.deepEqual(prose('One line,\nsame paragraph.\r\n\r\nSecond one.', 'plaintext'), ['One line,\nsame paragraph.', 'Second one.']);
  });
  it('git commit: comments, trailers and the diff below the scissors are not prose', () => {
    const msg = 'Fix the parser,, again\n\nIt crashed on empty input.\n\nSigned-off-by: A B <a@b.c>\n# Please enter the commit message,,\n# ------------------------ >8 ------------------------\ndiff --git a,, b\n';
    assert.deepEqual(prose(msg, 'git-commit'), ['Fix the parser,, again', 'It crashed on empty input.']);
  });
});

describe('prose kinds', () => {
  it('by path and by language id', () => {
    assert.equal(proseKindForPath('docs/a.md'), 'markdown');
    assert.equal(proseKindForPath('paper.TEX'), 'latex');
    assert.equal(proseKindForPath('notes.txt'), 'plaintext');
    assert.equal(proseKindForPath('/repo/.git/COMMIT_EDITMSG'), 'git-commit');
    assert.equal(proseKindForPath('main.ts'), undefined);
    assert.equal(proseKindForLanguageId('git-commit'), 'git-commit');
    assert.equal(proseKindForLanguageId('latex'), 'latex');
    assert.equal(proseKindForLanguageId('typescript'), undefined);
  });
});

describe('inline disable comments', () => {
  const at = (doc: string, needle: string) => doc.indexOf(needle);
  it('Markdown: disable RULE … enable, and disable-next-line', () => {
    const doc = 'a,, one\n\n<!-- puncteme-disable doubled-mark -->\nb,, two\n<!-- puncteme-enable -->\n\nc,, three\n<!-- puncteme-disable-next-line -->\n\nd,, four\ne,, five\n';
    const { suppressions: s } = extractProse(doc, 'markdown');
    assert.equal(isSuppressed(s, 'doubled-mark', at(doc, 'a,,')), false);
    assert.equal(isSuppressed(s, 'doubled-mark', at(doc, 'b,,')), true);
    assert.equal(isSuppressed(s, 'other-rule', at(doc, 'b,,')), false);
    assert.equal(isSuppressed(s, 'doubled-mark', at(doc, 'c,,')), false);
    assert.equal(isSuppressed(s, 'any-rule', at(doc, 'd,,')), true);
    assert.equal(isSuppressed(s, 'any-rule', at(doc, 'e,,')), false);
  });
  it('Markdown: an inline pair ignores exactly one sentence', () => {
    const doc = 'First,, one. <!-- puncteme-disable -->Second,, one.<!-- puncteme-enable --> Third,, one.';
    const { suppressions: s } = extractProse(doc, 'markdown');
    assert.deepEqual(['First', 'Second', 'Third'].map((w) => isSuppressed(s, 'r', at(doc, w))), [false, true, false]);
  });
  it('LaTeX: directives after %', () => {
    const doc = '\\begin{document}\nx,, one\n% puncteme-disable-next-line doubled-mark\ny,, two\n% puncteme-disable\nz,, three\n\\end{document}';
    const { suppressions: s } = extractProse(doc, 'latex');
    assert.deepEqual(['x,,', 'y,,', 'z,,'].map((w) => isSuppressed(s, 'doubled-mark', at(doc, w))), [false, true, true]);
  });
  it('plain text: puncteme-disable-next-line on its own line, and not prose itself', () => {
    const doc = 'x,, one\npuncteme-disable-next-line\ny,, two\nz,, three';
    const { suppressions: s, blocks } = extractProse(doc, 'plaintext');
    assert.deepEqual(['x,,', 'y,,', 'z,,'].map((w) => isSuppressed(s, 'r', at(doc, w))), [false, true, false]);
    assert.ok(blocks.every((b) => !b.text.includes('puncteme')));
  });
});

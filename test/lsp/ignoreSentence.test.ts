import { strict as assert } from 'assert';
import { ProseKind, extractProse, isSuppressed } from '../../server/src/prose';
import { ignoreSentenceEdits } from '../../server/src/lsp/ignoreSentence';
import { sentenceAround } from '../../server/src/lsp/sentenceRange';

/** Applies the "ignore this sentence" edits, then checks with the extractor that exactly that sentence is silenced. */
function ignoreAt(doc: string, kind: ProseKind, needle: string): string {
  const offset = doc.indexOf(needle);
  const sentence = sentenceAround(extractProse(doc, kind).blocks, offset);
  assert.ok(sentence, 'a sentence holds the offset');
  let out = doc;
  for (const e of [...ignoreSentenceEdits(doc, kind, sentence)].sort((a, b) => b.offset - a.offset)) {
    out = out.slice(0, e.offset) + e.newText + out.slice(e.offset);
  }
  return out;
}

const cases: Array<[ProseKind, string]> = [
  ['markdown', '# Title\n\nFirst one is fine. The second,, has it. Third is fine.\n\nOther paragraph,, here.\n'],
  ['plaintext', 'First line is fine.\nThe second,, has it.\nThird,, is not ignored.\n'],
  ['latex', '\\begin{document}\nFirst is fine.\nThe second,, has it.\nThird,, is not ignored.\n\\end{document}\n'],
  ['git-commit', 'Subject line\n\nThe second,, has it.\nThird,, is not ignored.\n# comment\n'],
];

describe('ignore this sentence', () => {
  for (const [kind, doc] of cases) {
    it(`${kind}: the inserted disable comment silences that sentence and keeps the rest checked`, () => {
      const out = ignoreAt(doc, kind, 'second,,');
      const { suppressions, blocks } = extractProse(out, kind);
      assert.equal(isSuppressed(suppressions, 'doubled-mark', out.indexOf('second,,')), true, out);
      const other = out.indexOf(kind === 'markdown' ? 'paragraph,,' : 'Third,,');
      assert.equal(isSuppressed(suppressions, 'doubled-mark', other), false, out);
      assert.ok(blocks.every((b) => !b.text.includes('puncteme-')), 'the comment is not prose');
      const withoutComments = out.replace(/<!-- puncteme-[a-z-]+ -->|^(% |# )?puncteme-[a-z-]+\n/gm, '');
      assert.equal(withoutComments, doc, 'only the comments were inserted');
    });
  }
  it('markdown: the comments hug the sentence, inside its paragraph', () => {
    assert.equal(
      ignoreAt(cases[0][1], 'markdown', 'second,,'),
      '# Title\n\nFirst one is fine. <!-- puncteme-disable -->The second,, has it.<!-- puncteme-enable --> Third is fine.\n\nOther paragraph,, here.\n',
    );
  });
  it('a sentence over two lines in LaTeX is wrapped in disable/enable lines', () => {
    const doc = '\\begin{document}\nA sentence that,, runs\nover two lines. Next.\n\\end{document}\n';
    assert.equal(ignoreAt(doc, 'latex', 'that,,'), '\\begin{document}\n% puncteme-disable\nA sentence that,, runs\nover two lines. Next.\n% puncteme-enable\n\\end{document}\n');
  });
});

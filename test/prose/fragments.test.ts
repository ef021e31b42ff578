import * as assert from 'assert';
import { extractProse } from '../../server/src/prose';
import { blockOptions } from '../../server/src/prose/documentOptions';

/** The blocks' texts, a label's marked with a leading `#`. */
const labelled = (text: string, kind: Parameters<typeof extractProse>[1]) => extractProse(text, kind).blocks.map((b) => (b.fragment ? '#' : '') + b.text);

describe('prose: blocks the markup calls labels (headings, list items) are marked as fragments', () => {
  it('Markdown: headings and list-item paragraphs, not paragraphs or block quotes', () => {
    const md = '# Getting started with Lumen\n\nLumen is small. It is fast\n\n- Install the package\n- Run it once\n\n> A quoted line\n';
    assert.deepStrictEqual(labelled(md, 'markdown'), ['#Getting started with Lumen', 'Lumen is small. It is fast', '#Install the package', '#Run it once', 'A quoted line']);
  });

  it('reStructuredText: an underlined heading, not the paragraph under it', () => {
    const rst = 'Getting started\n===============\n\nLumen is small and it is fast\n';
    assert.deepStrictEqual(labelled(rst, 'restructuredtext'), ['#Getting started', 'Lumen is small and it is fast']);
  });

  it('plain text says nothing of its lines', () => {
    assert.deepStrictEqual(labelled('Highly recommended\n\nThis place is awesome\n', 'plaintext'), ['Highly recommended', 'This place is awesome']);
  });

  it('the linter is told, block by block (LintOptions.fragment)', () => {
    const blocks = extractProse('# Installing\n\nRun it once\n', 'markdown').blocks;
    assert.deepStrictEqual(
      blockOptions(blocks, {}).map((o) => o.fragment ?? false),
      [true, false],
    );
  });
});

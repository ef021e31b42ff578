import { strict as assert } from 'assert';
import { explanationMarkdown } from '../../server/src/lsp/hover';

describe('hover: explanation as Markdown', () => {
  it('puts the underlying bracketing in a puncteme-tree code block, after its label', () => {
    const md = explanationMarkdown('Underlying punctuation (most probable tree T′): [ [“ Dale ”] means [“ [ river ] valley ”] ]\nAt this spot you wrote no mark; the model expects ",".');
    assert.equal(md, 'Underlying punctuation (most probable tree T′):\n\n```puncteme-tree\n[ [“ Dale ”] means [“ [ river ] valley ”] ]\n```\n\nAt this spot you wrote no mark; the model expects ",".');
  });
  it('leaves text without a bracketing as text', () => {
    assert.equal(explanationMarkdown('Two identical marks meet here.'), 'Two identical marks meet here.');
  });
});

import { strict as assert } from 'assert';
import { extractProse } from '../../server/src/prose';
import { sentenceAround } from '../../server/src/lsp/sentenceRange';
import { sentenceAt } from '../../server/src/protocol/sentenceAt';

describe('the sentence at the cursor', () => {
  const doc = '# Title\n\nFirst one. The second “quoted” one! Third?\n\nNext paragraph here';
  it('client: bounded by sentence ends and blank lines', () => {
    assert.equal(sentenceAt(doc, doc.indexOf('second')), 'The second “quoted” one!');
    assert.equal(sentenceAt(doc, doc.indexOf('First')), 'First one.');
    assert.equal(sentenceAt(doc, doc.indexOf('Third')), 'Third?');
    assert.equal(sentenceAt(doc, doc.length), 'Next paragraph here');
  });
  it('server: the same sentence, in document offsets, inside the prose block', () => {
    const r = sentenceAround(extractProse(doc, 'markdown').blocks, doc.indexOf('quoted'))!;
    assert.equal(doc.slice(r.start, r.end), 'The second “quoted” one!');
    const t = sentenceAround(extractProse(doc, 'markdown').blocks, doc.indexOf('Title'))!;
    assert.equal(doc.slice(t.start, t.end), 'Title', 'the heading marker is not part of it');
  });
});

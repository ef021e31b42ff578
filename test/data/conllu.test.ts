import { strict as assert } from 'assert';
import { ConlluError, parseConllu, reconstructText, spaceAfter } from '../../server/src/data/conllu';
import { readTreebank } from '../../server/src/data/treebank';
import { ewtFile } from '../ewt';

const row = (...cols: string[]) => cols.join('\t');

describe('CoNLL-U reader', () => {
  it('rebuilds the `# text` of every EWT sentence exactly (multiword tokens, SpaceAfter, SpacesAfter)', function () {
    this.timeout(120000);
    for (const split of ['train', 'dev', 'test'] as const) {
      const tb = readTreebank(ewtFile(split));
      const bad = tb.sentences.filter((s) => reconstructText(s) !== s.text);
      assert.equal(bad.length, 0, `${split}: ${bad.length} sentences differ, first: ${bad[0]?.sentId}`);
    }
  });

  it('keeps comments, sent_id and multiword tokens; skips empty nodes from the tree', () => {
    const text = [
      '# newdoc id = x',
      '# sent_id = s1',
      '# text = I don\'t know.',
      row('1', 'I', 'I', 'PRON', 'PRP', '_', '4', 'nsubj', '_', '_'),
      row('2-3', "don't", '_', '_', '_', '_', '_', '_', '_', '_'),
      row('2', 'do', 'do', 'AUX', 'VBP', '_', '4', 'aux', '_', '_'),
      row('3', "n't", 'not', 'PART', 'RB', '_', '4', 'advmod', '_', '_'),
      row('4', 'know', 'know', 'VERB', 'VB', '_', '0', 'root', '_', 'SpaceAfter=No'),
      row('4.1', 'knew', 'know', 'VERB', 'VBD', '_', '_', '_', '4:conj', '_'),
      row('5', '.', '.', 'PUNCT', '.', '_', '4', 'punct', '_', '_'),
      '',
    ].join('\n');
    const [s] = parseConllu(text);
    assert.equal(s.sentId, 's1');
    assert.equal(s.comments.length, 3);
    assert.equal(s.words.length, 5);
    assert.equal(s.multiwords.length, 1);
    assert.equal(s.emptyNodes.length, 1);
    assert.equal(reconstructText(s), "I don't know.");
  });

  it('decodes SpacesAfter escapes', () => {
    assert.equal(spaceAfter('SpacesAfter=\\u00A0'), '\u00a0');
    assert.equal(spaceAfter('SpacesAfter=\\s\\s'), '  ');
    assert.equal(spaceAfter('SpaceAfter=No'), '');
    assert.equal(spaceAfter('_'), ' ');
  });

  const malformed: Array<[string, string, RegExp]> = [
    ['wrong column count', `${row('1', 'Hi', 'hi', 'INTJ', 'UH', '_', '0', 'root', '_')}\n`, /:1: expected 10 tab-separated columns, found 9/],
    ['bad head', `${row('1', 'Hi', 'hi', 'INTJ', 'UH', '_', 'x', 'root', '_', '_')}\n`, /:1: bad HEAD "x"/],
    [
      'ids out of sequence',
      `# c\n${row('1', 'a', 'a', 'X', 'X', '_', '0', 'root', '_', '_')}\n${row('3', 'b', 'b', 'X', 'X', '_', '1', 'dep', '_', '_')}\n`,
      /:3: word ID 3 out of sequence/,
    ],
    [
      'head outside the sentence',
      `${row('1', 'a', 'a', 'X', 'X', '_', '0', 'root', '_', '_')}\n${row('2', 'b', 'b', 'X', 'X', '_', '7', 'dep', '_', '_')}\n`,
      /:2: HEAD 7 of word 2 is outside/,
    ],
    [
      'two roots',
      `${row('1', 'a', 'a', 'X', 'X', '_', '0', 'root', '_', '_')}\n${row('2', 'b', 'b', 'X', 'X', '_', '0', 'root', '_', '_')}\n`,
      /:1: sentence has 2 roots/,
    ],
    [
      'cycle',
      `${row('1', 'a', 'a', 'X', 'X', '_', '0', 'root', '_', '_')}\n${row('2', 'b', 'b', 'X', 'X', '_', '3', 'dep', '_', '_')}\n${row('3', 'c', 'c', 'X', 'X', '_', '2', 'dep', '_', '_')}\n`,
      /:2: word 2 is on a cycle/,
    ],
  ];
  for (const [name, text, re] of malformed) {
    it(`reports ${name} with the line number`, () => {
      assert.throws(
        () => parseConllu(text, 'bad.conllu'),
        (e: unknown) => e instanceof ConlluError && /^bad\.conllu:\d+: /.test(e.message) && re.test(e.message),
      );
    });
  }
});

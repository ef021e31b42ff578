import * as assert from 'assert';
import { ModelFileError } from '../../server/src/data/modelIntegrity';
import { firstWordCaseFromText } from '../../server/src/parser/firstWordCase';

const LIST = firstWordCaseFromText('# firstcase-test\nclone\nlookup\nnew\nvisit\n');
const words = (text: string) => {
  const forms = text.split(' ');
  return { forms, slots: Array.from({ length: forms.length + 1 }, () => [] as string[]) };
};

describe('parser: a first word read in the case edited English writes it', () => {
  it('lowers a listed Title-case first word the tagger calls a proper noun', () => {
    const s = words('Clone the repo');
    const lowered = LIST.lowered(s, 'NNP');
    assert.deepStrictEqual(lowered?.forms, ['clone', 'the', 'repo']);
    assert.strictEqual(lowered?.slots, s.slots);
    assert.deepStrictEqual(LIST.lowered(words('Lookup'), 'NNPS')?.forms, ['lookup']);
  });

  it('leaves it as written where the tagger reads no name, the list lacks it, the case is not Title, or a name goes on', () => {
    assert.strictEqual(LIST.lowered(words('Clone the repo'), 'VB'), undefined, 'already a verb');
    assert.strictEqual(LIST.lowered(words('Anna met him'), 'NNP'), undefined, 'not listed');
    assert.strictEqual(LIST.lowered(words('CLONE the repo'), 'NNP'), undefined, 'all capitals');
    assert.strictEqual(LIST.lowered(words('clone the repo'), 'NNP'), undefined, 'already lower case');
    assert.strictEqual(LIST.lowered(words('New York is big'), 'NNP'), undefined, 'the next word capitalised: a name');
    assert.strictEqual(LIST.lowered(words(''), 'NNP'), undefined, 'no word');
  });

  it('names its version and refuses a file without a header or with a word not in lower case', () => {
    assert.strictEqual(LIST.version, 'firstcase-test');
    assert.throws(() => firstWordCaseFromText('clone\n'), ModelFileError);
    assert.throws(() => firstWordCaseFromText('# v\nClone\n'), ModelFileError);
  });
});

/**
 * The comma after a coordinator that opens a short aside closed by a second comma (`guards/sentenceGuards.ts`): the
 * learned decision does not delete it alone (three judged false alarms on clean edited dev), while a stray comma after
 * a coordinator before the conjunct itself is still reported.
 */
import { strict as assert } from 'assert';
import { makeLinter } from '../../server/src/engine';
import { coordinatorAsideSlots } from '../../server/src/engine/correction/guards/sentenceGuards';
import { trainedEngineParts } from './trainedParts';

describe('engine: the comma that opens an aside after a coordinator', () => {
  const parts = trainedEngineParts();
  /** The word before every slot the check marks. */
  const marked = (text: string) => {
    const s = parts().analyser!.parseText(text)[0];
    return coordinatorAsideSlots(s).flatMap((on, i) => (on ? [s.tree.words[i - 1].form] : []));
  };

  it('marks the comma after a coordinator that an adverbial aside and a second comma follow', () => {
    assert.deepEqual(marked('It was daunting and, not surprisingly, eye opening.'), ['and']);
    assert.deepEqual(marked('It looks at the overload list and, proceeding with the first overload, attempts to call it.'), ['and']);
    assert.deepEqual(marked('We tested it and, in most cases, it worked.'), ['and']);
  });

  it('leaves a comma before the conjunct itself, a clause, or an aside that ends the sentence', () => {
    assert.deepEqual(marked('I need to buy eggs, milk, and, bread, and rice.'), []);
    assert.deepEqual(marked('We left early and, we went home, and slept.'), []);
    assert.deepEqual(marked('It was daunting and, not surprisingly.'), []);
  });

  it('the learned decision reports no deletion there, and still reports the stray comma', function () {
    this.timeout(60000);
    const linter = makeLinter(parts());
    assert.deepEqual(linter.lint('Starting in September, the team no longer maintains this standard, and, going forward, a new team is responsible for it.').map((f) => f.ruleId), []);
    assert.deepEqual(linter.lint('I need to buy eggs, milk, and, bread.').map((f) => f.ruleId), ['comma']);
  });
});

/**
 * A finding that waits for the document's error rate (`SentenceFindings.adaptive`) does not take the slots of a set-off
 * comma finding (`sentenceKinds.ts sentenceKindFindings`): in a document that is not error-prone it is never reported,
 * and under the learned decision every candidate between its kind's threshold and the error-prone one waits so, which
 * took the set-off model's relative clauses and appositions from every edited document.
 */
import { strict as assert } from 'assert';
import { sentenceKindFindings } from '../../server/src/engine/sentenceKinds';
import { PlainFinding } from '../../server/src/engine/finding';
import { trainedEngineParts } from './trainedParts';

describe('engine: set-off comma findings beside findings that wait for the error rate', function () {
  this.timeout(60000);
  const parts = trainedEngineParts();
  const TEXT = 'The report was written by Ann Lewis the director of the program.';

  /** The set-off model's findings on TEXT, given the other findings and the ones of them that wait. */
  const setOff = (others: PlainFinding[], deferred: PlainFinding[]) => {
    const p = parts();
    const s = p.analyser!.parseText(TEXT)[0];
    const reparse = p.analyser!.parseWithCommas?.bind(p.analyser);
    return sentenceKindFindings(s, TEXT, { setOff: p.kinds!.setOff }, undefined, false, others, 'edited', undefined, false, undefined, new Set(deferred), reparse).findings.filter(
      (f) => f.ruleId === 'nonrestrictive-comma',
    );
  };

  it('sets off the apposition when nothing else edits it', () => {
    const found = setOff([], []);
    assert.equal(found.length, 1);
    assert.deepEqual(found[0].fixes[0].edits.map((e) => TEXT.slice(0, e.start).split(' ').pop()), ['Lewis']);
  });

  it('gives way to a finding reported at the clause\'s edge, but not to one that waits for the error rate', () => {
    const [pair] = setOff([], []);
    // Another finding with the same comma, as a scorer's candidate of its own would be.
    const opening: PlainFinding = { ...pair, ruleId: 'comma', fixes: [{ title: 'Insert a comma', edits: [pair.fixes[0].edits[0]] }] };
    assert.deepEqual(setOff([opening], []), []);
    assert.equal(setOff([opening], [opening]).length, 1);
  });
});

/**
 * A finding that waits for the document's error rate (`SentenceFindings.adaptive`) takes the slots of a set-off comma
 * finding only where the document is error-prone (`sentenceKinds.ts sentenceKindFindings`: the set-off finding is then
 * `yielding`): in a document that is not error-prone it is never reported, and under the learned decision every
 * candidate between its kind's threshold and the error-prone one waits so, which took the set-off model's relative
 * clauses and appositions from every edited document.
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
  const found = (others: PlainFinding[], deferred: PlainFinding[]) => {
    const p = parts();
    const s = p.analyser!.parseText(TEXT)[0];
    const reparse = p.analyser!.parseWithCommas?.bind(p.analyser);
    const r = sentenceKindFindings(s, TEXT, { setOff: p.kinds!.setOff }, undefined, false, others, 'edited', undefined, false, undefined, new Set(deferred), reparse);
    const setOffOnly = (fs: PlainFinding[]) => fs.filter((f) => f.ruleId === 'nonrestrictive-comma');
    return { findings: setOffOnly(r.findings), yielding: setOffOnly(r.yielding) };
  };
  const setOff = (others: PlainFinding[], deferred: PlainFinding[]) => found(others, deferred).findings;

  it('sets off the apposition when nothing else edits it', () => {
    const found = setOff([], []);
    assert.equal(found.length, 1);
    assert.deepEqual(found[0].fixes[0].edits.map((e) => TEXT.slice(0, e.start).split(' ').pop()), ['Lewis']);
  });

  it('gives way to a finding reported at the clause\'s edge, but not to one that waits for the error rate', () => {
    const [pair] = setOff([], []);
    // Another finding with the same comma, as a scorer's candidate of its own would be.
    const opening: PlainFinding = { ...pair, ruleId: 'comma', fixes: [{ title: 'Insert a comma', edits: [pair.fixes[0].edits[0]] }] };
    assert.deepEqual(found([opening], []), { findings: [], yielding: [] });
    // Beside a waiting one it is reported where the document is not error-prone (yielding).
    const beside = found([opening], [opening]);
    assert.deepEqual([beside.findings.length, beside.yielding.length], [0, 1]);
  });
});

import * as assert from 'assert';
import { makeLinter, weighedCorrections } from '../../server/src/engine';
import { STRAY_AGREEMENT } from '../../server/src/engine/correction/pipeline/modelRules';
import { trainedEngineParts } from './trainedParts';
import { GapKind } from '../../server/src/engine/commaGaps/features';

// A stage of the calibrated decision (the learned scorer reads the comma-gap model's probability as a feature).
describe("engine: a comma's deletion needs the comma-gap model's agreement (the calibrated decision)", () => {
  const parts = trainedEngineParts();
  const deletions = (text: string) =>
    makeLinter(parts())
      .lint(text, { decision: 'calibrated' })
      .filter((f) => f.fixes.some((x) => x.edits.some((e) => e.newText === '' && text.slice(e.start.offset, e.end.offset).trim() === ',')))
      .map((f) => f.ruleId);

  it('keeps a comma the parse read through (clean edited prose)', () => {
    // Edited-english dev: the parse reads "Thus" as a verb over "the sampling rate", and "as well as …" as an object.
    assert.deepStrictEqual(deletions('Thus, the sampling rate varies for every query depending on the number of visits.'), []);
    assert.deepStrictEqual(deletions('It provides the global commands that users expect to work, as well as file associations.'), []);
  });

  it("leaves a learner's comma where the comma-gap model was never shown one stray, and the conventions' own", () => {
    assert.deepStrictEqual(deletions('They have not heard from you in, a while.'), ['comma']);
    assert.deepStrictEqual(deletions('I can, do it.'), ['comma']);
    assert.deepStrictEqual(deletions('The teacher, and the students were happy.'), ['comma']);
  });

  it('asks a comma-gap model at every kind of gap its file names (strayKinds), the shipped one only at its four', () => {
    // The shipped model never saw a stray comma at an `other` gap and gives `I can, do it` P 0.008 there: a model whose
    // file said it had seen them there would be asked, and its answer would drop the deletion.
    const shipped = parts();
    const gaps = shipped.kinds!.gaps!;
    assert.strictEqual(gaps.strayKinds, undefined);
    const naming = { ...shipped, kinds: { ...shipped.kinds!, gaps: { ...gaps, strayKinds: new Set<GapKind>(['subject-verb', 'verb-object', 'restrictive', 'after-coordinator', 'other']) } } };
    const text = 'I can, do it.';
    const [s] = shipped.analyser!.parseText(text);
    const notes = weighedCorrections(s, naming, text, { decision: 'calibrated' })!.decisions.filter((n) => n.stage === 'stray-agreement');
    assert.strictEqual(notes.length, 1, JSON.stringify(notes));
    assert.strictEqual(notes[0].changes[0].slot, 2);
    assert.deepStrictEqual(weighedCorrections(s, shipped, text, { decision: 'calibrated' })!.decisions.filter((n) => n.stage === 'stray-agreement'), []);
  });

  it('still removes a stray comma between a subject or verb and what follows', () => {
    assert.deepStrictEqual(deletions('My parents bought, a new house last year.'), ['subject-verb-comma']);
    assert.deepStrictEqual(deletions('The students who failed the test, must take it again.'), ['subject-verb-comma']);
  });

  it('says in the decision trace why the deletion was dropped', () => {
    const text = 'Thus, the sampling rate varies for every query depending on the number of visits.';
    const [s] = parts().analyser!.parseText(text);
    const notes = weighedCorrections(s, parts(), text, { decision: 'calibrated' })!.decisions;
    const note = notes.find((n) => n.stage === 'stray-agreement');
    assert.ok(note, JSON.stringify(notes));
    assert.strictEqual(note.changes[0].slot, 1);
    assert.match(note.reason, new RegExp(`< ${STRAY_AGREEMENT}$`));
  });
});

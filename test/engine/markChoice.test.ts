/**
 * Semicolon/colon confusions (`engine/markChoice/`): the model trained on edited English reports a semicolon written
 * before a list after a complete clause, with a colon as its fix, and leaves alone a semicolon between two clauses and a
 * colon after a label.
 */
import { strict as assert } from 'assert';
import { makeLinter } from '../../server/src/engine';
import { markChoiceFeatures } from '../../server/src/engine/markChoice/features';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { trainedEngineParts } from './trainedParts';

describe('semicolon/colon confusions', function () {
  this.timeout(60000);
  const parts = trainedEngineParts();
  const found = (text: string) => makeLinter(parts()).lint(text).filter((f) => f.ruleId === 'semicolon-colon');

  it('a semicolon before a list after a complete clause: a colon, at the model\'s confidence', () => {
    const text = 'The kit has three parts; a board, a cable and a case.';
    const [f, ...rest] = found(text);
    assert.equal(rest.length, 0);
    assert.equal(text.slice(f.start.offset, f.end.offset), ';');
    assert.equal(f.fixes[0].edits[0].newText, ':');
    assert.ok(f.confidence >= parts().kinds!.markChoice!.colonThreshold && f.confidence < 1, String(f.confidence));
  });

  it('leaves alone a semicolon between two clauses and a colon after a label', () => {
    for (const text of ['I came early; she came late.', 'Note: the service is down.']) assert.deepEqual(found(text), [], text);
  });

  it('minConfidence above the finding\'s confidence silences it', () => {
    const text = 'The kit has three parts; a board, a cable and a case.';
    assert.deepEqual(makeLinter(parts()).lint(text, { minConfidence: 0.999 }).filter((f) => f.ruleId === 'semicolon-colon'), []);
  });

  it('the features never read the written mark: a sentence parsed alike gives the same features with ; and :', () => {
    const s = parts().analyser!.parseText('The kit has three parts; a board, a cable and a case.')[0];
    const i = s.tree.slots.findIndex((m) => m.includes(';'));
    const colon = { ...s.tree, slots: s.tree.slots.map((m, k) => (k === i ? [':'] : m)) };
    assert.deepEqual(markChoiceFeatures(colon, treeInfo(colon), i), markChoiceFeatures(s.tree, treeInfo(s.tree), i));
  });
});

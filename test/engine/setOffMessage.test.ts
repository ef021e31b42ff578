/**
 * A one-slot candidate for a set-off comma is hung on the smallest constituent with an edge at its slot (`nodeAt`),
 * which before an apposition is a word at its edge: the message named that word (`Add a comma: "the" is a non-restrictive
 * element`, a README finding). It names the apposition or relative clause at the slot.
 */
import { strict as assert } from 'assert';
import { candidateFinding } from '../../server/src/engine/correction/pipeline/findings';
import { COMMA, nodeAt } from '../../server/src/engine/correction/pipeline/candidates';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { trainedEngineParts } from './trainedParts';

describe('the message of a one-slot set-off comma', function () {
  this.timeout(60000);
  const parts = trainedEngineParts();

  it('quotes the apposition at the slot, not the smallest constituent there', () => {
    const p = parts();
    const text = 'We talked to John Smith the manager of the shop.';
    const s = p.analyser!.parseText(text)[0];
    const info = treeInfo(s.tree);
    const i = s.tree.words.findIndex((w) => w.form === 'the'); // the slot before "the"
    const appos = info.span.findIndex((sp, w) => w > 0 && sp[0] === i + 1 && info.rel(w) === 'appos');
    assert.ok(appos > 0, 'the parse reads an apposition after "Smith"');
    const candidate = { category: 'nonrestrictive-comma' as const, action: 'insert' as const, node: nodeAt(info, i), changes: new Map([[i, [COMMA]]]), dense: { scored: true } };
    assert.notEqual(candidate.node, appos);
    const f = candidateFinding({ candidate, delta: 1, key: 'nonrestrictive-comma/insert', confidence: 0.9 }, s, info, text, p.model!, false);
    assert.match(f.message, /"the manager of the shop" is a non-restrictive apposition/);
  });
});

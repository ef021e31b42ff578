/**
 * The learned scorer reads the comma-gap model's probability among its features (`gapFeature`), so a change it weighed
 * and left out even at an error-prone writer's thresholds (`SentenceFindings.overruled`) is not reported again by the
 * comma-gap model (`sentenceKinds.ts`). README false alarm: `To support all GFM features⟦,→⟧ use …`, a fronted
 * purpose clause read as a subject; the scorer gives the deletion 0.48 (threshold 0.84), the gap model 0.99.
 */
import { strict as assert } from 'assert';
import { sentenceKindFindings } from '../../server/src/engine/sentenceKinds';
import { changeKey } from '../../server/src/engine/correction/pipeline/modelRules';
import { makeLinter } from '../../server/src/engine';
import { trainedEngineParts } from './trainedParts';

describe("engine: the comma-gap model's finding of a change the learned scorer weighed and left out", function () {
  this.timeout(60000);
  const parts = trainedEngineParts();
  const TEXT = 'To support all GFM features, use micromark instead.';
  const COMMA_SLOT = 5; // after "features"

  const gapFindings = (overruled: ReadonlySet<string>) => {
    const p = parts();
    const s = p.analyser!.parseText(TEXT)[0];
    const r = sentenceKindFindings(s, TEXT, { gaps: p.kinds!.gaps }, undefined, false, [], 'edited', () => p.model!.commaPrior?.(s.tree), true, undefined, new Set(), undefined, overruled);
    return r.findings.concat(r.yielding);
  };

  it('is the gap model\'s alone to report where the scorer left nothing out', () => {
    const found = gapFindings(new Set());
    assert.equal(found.length, 1);
    assert.equal(TEXT.slice(found[0].fixes[0].edits[0].start, found[0].fixes[0].edits[0].end), ',');
  });

  it('is not reported where the scorer weighed the same change and left it out, but is where it left out another', () => {
    assert.deepEqual(gapFindings(new Set([changeKey(new Map([[COMMA_SLOT, []]]))])), []);
    assert.equal(gapFindings(new Set([changeKey(new Map([[COMMA_SLOT, [{ norm: ';' }]]]))])).length, 1);
  });

  it('leaves the sentence without a finding at the defaults', () => {
    const linter = makeLinter(parts());
    assert.deepEqual(linter.lint(TEXT).map((f) => f.ruleId), []);
  });
});

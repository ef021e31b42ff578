/**
 * Set-off commas (`engine/setOffCommas/`): where the question arises on the parse of the text as written (a relative
 * clause or an apposition with a comma missing on one or both edges, a fronted phrase with none after it), and the
 * findings of the model trained on edited English: a pair as one finding with one fix, a restrictive clause left
 * alone, a fronted phrase's comma following `introductoryComma`.
 */
import { strict as assert } from 'assert';
import { makeLinter } from '../../server/src/engine';
import { setOffCandidates } from '../../server/src/engine/setOffCommas/candidates';
import { candidatesWithTrials, MAX_TRIALS } from '../../server/src/engine/setOffCommas/trialCandidates';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { GAP_AGREEMENT, setOffCommaFindings } from '../../server/src/engine/setOffCommas/findings';
import { trainedEngineParts } from './trainedParts';

describe('set-off commas learned from edited English', function () {
  this.timeout(60000);
  const parts = trainedEngineParts();
  const candidates = (text: string) => {
    const s = parts().analyser!.parseText(text)[0];
    return setOffCandidates(s, treeInfo(s.tree)).map((c) => ({ kind: c.kind, slots: c.slots }));
  };
  const setOff = (text: string, options = {}) =>
    makeLinter(parts())
      .lint(text, options)
      .filter((f) => f.ruleId === 'nonrestrictive-comma' || f.ruleId === 'introductory-comma');

  it('a relative clause with no commas is one candidate: the slot after its antecedent and the slot after its last word', () => {
    // My(1) brother(2) who(3) lives(4) in(5) Boston(6) is(7) a(8) doctor(9)
    assert.deepEqual(candidates('My brother who lives in Boston is a doctor.'), [{ kind: 'relative', slots: [2, 6] }]);
  });

  it('with its opening comma written, only the closing one is asked for; with both, nothing', () => {
    assert.deepEqual(candidates('My brother, who lives in Boston is a doctor.'), [{ kind: 'relative', slots: [6] }]);
    assert.deepEqual(candidates('My brother, who lives in Boston, is a doctor.'), []);
  });

  it('no candidate for a clause without a relative word ("the book I bought"), nor inside a quotation', () => {
    assert.deepEqual(candidates('The book I bought yesterday is good.').filter((c) => c.kind === 'relative'), []);
    assert.deepEqual(candidates('She hosts the “Borne the Battle” podcast.').filter((c) => c.kind === 'appositive'), []);
  });

  describe('relative clauses and appositions the parse as written does not show, from a trial comma', () => {
    let parses = 0;
    const withTrials = (text: string) => {
      const a = parts().analyser!;
      const s = a.parseText(text)[0];
      parses = 0;
      const reparse = (x: typeof s, commas: readonly number[]) => (parses++, a.parseWithCommas!(x, commas));
      return candidatesWithTrials(s, treeInfo(s.tree), reparse).map((r) => ({ kind: r.c.kind, slots: r.c.slots, source: r.source }));
    };

    it('a relative word the comma-less parse hangs elsewhere: the clause and its close from the trial parses', () => {
      // Barcelona(1) which(2) is(3) in(4) Spain(5) has(6): the comma-less parse makes "Spain" a modifier of "Barcelona";
      // with a comma before "which" the clause runs to the end, and with one before "has" too it ends at "Spain".
      assert.deepEqual(withTrials('Barcelona which is in Spain has wonderful beaches.'), [{ kind: 'relative', slots: [1, 5], source: 'close' }]);
      // The(1) tool(2) uses(3) Python(4) which(5) …: a clause that ends the sentence needs only its opening comma.
      assert.deepEqual(withTrials('The tool uses Python which is easy to learn.'), [{ kind: 'relative', slots: [4], source: 'open' }]);
    });

    it('no trial where the parse as written already asks, nor for a question word before a noun', () => {
      assert.deepEqual(withTrials('My brother who lives in Boston is a doctor.'), [{ kind: 'relative', slots: [2, 6], source: 'parse' }]);
      assert.equal(parses, 0);
      assert.deepEqual(withTrials('Please note which version of the library you use.').filter((c) => c.kind === 'relative'), []);
    });

    it('spends at most MAX_TRIALS parses on a sentence', () => {
      withTrials('Ann who sings and Bob who dances and Cy who paints and Di who writes and Ed who acts met Flo who sews.');
      assert.ok(parses <= MAX_TRIALS, String(parses));
    });

    it('without a reparse, only the parse as written', () => {
      const s = parts().analyser!.parseText('The tool uses Python which is easy to learn.')[0];
      assert.deepEqual(candidatesWithTrials(s, treeInfo(s.tree)), []);
    });
  });

  it('a fronted phrase before the main clause is a candidate at its end; a subject is not', () => {
    // After(1) the(2) meeting(3) we(4) went(5) home(6)
    assert.deepEqual(candidates('After the meeting we went home.'), [{ kind: 'introductory', slots: [3] }]);
    assert.deepEqual(candidates('The meeting ended early.'), []);
  });

  it('a non-restrictive clause that ends the sentence is reported with the one comma it needs', () => {
    const text = 'The Department of Energy has the Home Energy Saver API which is a service to analyze home energy use.';
    const fs = setOff(text).filter((f) => f.ruleId === 'nonrestrictive-comma');
    assert.equal(fs.length, 1);
    const [f] = fs;
    assert.deepEqual(
      f.fixes[0].edits.map((e) => [text.slice(0, e.start.offset).split(' ').pop(), e.newText]),
      [['API', ',']],
    );
    assert.ok(f.confidence >= parts().kinds!.setOff!.thresholds.relative && f.confidence < 1, String(f.confidence));
  });

  it('leaves a restrictive relative clause alone', () => {
    for (const text of ['The people who live here are friendly.', 'Take the train that leaves at noon.', 'This is the book which I told you about.'])
      assert.deepEqual(setOff(text).filter((f) => f.ruleId === 'nonrestrictive-comma'), [], text);
  });

  it('a fronted phrase: reported under introductoryComma edited, never under ignore; under auto as the document\'s habit expects', () => {
    const text = 'If the build fails on a clean checkout please open an issue.';
    const [f, ...rest] = setOff(text, { introductoryComma: 'edited' });
    assert.equal(rest.length, 0);
    assert.equal(f.ruleId, 'introductory-comma');
    assert.equal(text.slice(0, f.fixes[0].edits[0].start.offset).split(' ').pop(), 'checkout');
    assert.deepEqual(setOff(text, { introductoryComma: 'ignore' }), []);
    assert.equal(setOff(text, { introductoryComma: 'auto' }).length, 1, 'alone: edited prose\'s rate after a fronted "If" clause');
    const never = `If it rains we stay in. If it snows we ski. If the bus is late we walk. ${text}`;
    assert.deepEqual(setOff(never, { introductoryComma: 'auto' }), [], 'a writer who never sets off such a clause');
  });

  it('a pair left open mid-sentence is one finding whose one fix writes both commas', () => {
    const text = 'The Home Energy Saver API which is a free service helps people analyze home energy use.';
    const fs = makeLinter(parts()).lint(text, { minConfidence: 0.5 }).filter((f) => f.ruleId === 'nonrestrictive-comma');
    assert.equal(fs.length, 1, JSON.stringify(fs.map((f) => f.message)));
    assert.deepEqual(fs[0].fixes[0].edits.map((e) => [text.slice(0, e.start.offset).split(' ').pop(), e.newText]), [['API', ','], ['service', ',']]);
  });

  // Calibrated to writers' error rate, a kind's threshold may lie below even odds (edited dev, within the clean
  // budget); such a finding is a note, not a warning that fails a CI run.
  it('a finding the model gives less than even odds is a note (info); above them, a warning', () => {
    const below = 'The locked buffer interface omits the memory segment model which is present in the old buffer interface - only a single memory block can be exposed.';
    const above = 'The Department of Energy has the Home Energy Saver API which is a service to analyze home energy use.';
    // The set-off model's own findings: under the calibrated decision (the learned scorer reports `below` at its own
    // probability, 0.92).
    const calibrated = { decision: 'calibrated' };
    const found = [...setOff(below, calibrated), ...setOff(above, calibrated)];
    assert.ok(found.some((f) => f.confidence < 0.5) && found.some((f) => f.confidence >= 0.5), found.map((f) => f.confidence).join(', '));
    for (const f of found) assert.equal(f.severity, f.confidence < 0.5 ? 'info' : 'warning', `${f.confidence}`);
  });

  it('minConfidence above the finding\'s confidence silences it', () => {
    const text = 'The Department of Energy has the Home Energy Saver API which is a service to analyze home energy use.';
    assert.deepEqual(setOff(text, { minConfidence: 0.999 }), []);
  });

  describe('below the threshold, where the comma-gap model backs every comma', () => {
    // The set-off model gives this apposition about 0.54 (a dev item of the edited suite), under the apposition threshold.
    const text = 'Skippy Williams is a product manager at 18F a digital consultancy within the Federal government’s Technology Transformation Service.';
    const decide = (backing: number | undefined) => {
      const s = parts().analyser!.parseText(text)[0];
      const asked: number[][] = [];
      const found = setOffCommaFindings(s, text, parts().kinds!.setOff!, { gapBacking: (slots) => (asked.push([...slots]), backing) });
      return { found: found.filter((f) => f.kind === 'appositive'), asked };
    };
    const { minP, minGap } = GAP_AGREEMENT.appositive!;

    it('reported at the gap model\'s probability when it is at least minGap, and the gap model asked about the candidate\'s slots', () => {
      const { found, asked } = decide(minGap + 0.05);
      assert.equal(found.length, 1);
      assert.equal(found[0].finding.confidence, minGap + 0.05);
      assert.deepEqual(asked, [found[0].slots]);
      assert.equal(text.slice(0, found[0].finding.fixes[0].edits[0].start).split(' ').pop(), '18F');
      assert.match(found[0].finding.explanation as string, /comma-gap model/);
    });

    it('not reported when the gap model backs it less, or is not asked', () => {
      assert.deepEqual(decide(minGap - 0.05).found, []);
      assert.deepEqual(decide(undefined).found, []);
    });

    it('not reported where the set-off model gives less than minP, however sure the gap model is', () => {
      // The set-off model gives this "apposition" about 0.28 (an email's signature, a false alarm at a lower floor).
      const low = 'Thx dp Debra Perlingiere';
      const s = parts().analyser!.parseText(low)[0];
      let asked = 0;
      const found = setOffCommaFindings(s, low, parts().kinds!.setOff!, { gapBacking: () => (asked++, 1) }).filter((f) => f.kind === 'appositive');
      assert.deepEqual(found, []);
      assert.equal(asked, 0, `the gap model is not asked below minP ${minP}`);
    });

    it('a relative clause gets it too, from a set-off probability of 0.32', () => {
      // Below 0.32 the agreement added a clean EWT dev finding (`see Unconfirmed Sources⟦,⟧ which has some fun`, 0.315).
      const relative = GAP_AGREEMENT.relative!;
      assert.ok(relative.minP >= 0.32 && relative.minGap >= 0.8, JSON.stringify(relative));
      const text = 'Each month StudentAid.gov hosts a live Q&A session on Twitter which gives the public an opportunity to get questions answered by the experts.';
      const s = parts().analyser!.parseText(text)[0];
      const at = (gap: number) => setOffCommaFindings(s, text, parts().kinds!.setOff!, { gapBacking: () => gap }).filter((f) => f.kind === 'relative');
      const found = at(relative.minGap + 0.02);
      assert.equal(found.length, 1);
      assert.equal(text.slice(0, found[0].finding.fixes[0].edits[0].start).split(' ').pop(), 'Twitter');
      assert.deepEqual(at(relative.minGap - 0.05), []);
    });

    it('in the linter, only while the comma-gap model is asked (`commaGaps`)', () => {
      // Under the calibrated decision: the learned scorer reports this apposition itself, gap model or not.
      const on = setOff(text, { commaGaps: true, decision: 'calibrated' }).filter((f) => f.ruleId === 'nonrestrictive-comma');
      const off = setOff(text, { commaGaps: false, decision: 'calibrated' }).filter((f) => f.ruleId === 'nonrestrictive-comma');
      assert.equal(on.length, 1, JSON.stringify(on.map((f) => f.confidence)));
      assert.deepEqual(off, []);
    });
  });
});

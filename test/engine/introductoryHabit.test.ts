/**
 * `introductoryComma: auto`: the document's own habit decides. The decision over the document is made after the
 * per-sentence findings (which the sentence memo keeps), so an edit in one sentence that changes the habit must change
 * the findings of sentences that were not analysed again.
 */
import * as assert from 'assert';
import { Finding, LintPart, makeLinter, settleParts } from '../../server/src/engine';
import { HABIT_MIN_SHARE, HABIT_MIN_WRITTEN, habitHolds } from '../../server/src/engine/correction/style/introductoryHabit';
import { trainedEngineParts } from './trainedParts';

/**
 * Three "Finally," and one "Finally we …": an element the learned convention covers, not a transition (whose comma
 * `auto` reports without a habit: `introductoryTransition.test.ts`).
 */
const HABIT = 'Finally, we left early. Finally, it rained all day. Finally, the roads stayed dry. Finally we reached home late.';
/** One of each. */
const NO_HABIT = 'Finally, we left early. It rained all day. The roads stayed dry. Finally we reached home late.';

const intro = (fs: Finding[]) => fs.filter((f) => f.ruleId === 'introductory-comma');

describe('engine: introductoryComma auto, the document’s own habit', function () {
  this.timeout(120000);

  it('a habit is at least 3 commas and at least 75% of the covered elements', () => {
    assert.deepStrictEqual([HABIT_MIN_WRITTEN, HABIT_MIN_SHARE], [3, 0.75]);
    const holds = (written: number, omitted: number) => habitHolds({ written, omitted });
    assert.deepStrictEqual(
      [holds(3, 0), holds(3, 1), holds(6, 2), holds(2, 0), holds(3, 2), holds(6, 3), holds(0, 0)],
      [true, true, true, false, false, false, false],
    );
  });

  it('the document decides: its sentences’ pending omissions are reported with the count, or none are', () => {
    const at = (offset: number) => ({ line: 0, character: offset, offset });
    const finding: Finding = { ruleId: 'introductory-comma', message: 'm', severity: 'info', confidence: 0.9, start: at(40), end: at(47), fixes: [], explanation: 'why' };
    const pending = { finding, element: 'element "However"' };
    const parts: LintPart[] = [
      { findings: [], habit: { written: 2, omitted: 0, pending: [] } },
      { findings: [], habit: { written: 1, omitted: 1, pending: [pending] } },
    ];
    const [f, ...rest] = settleParts(parts).flat();
    assert.strictEqual(rest.length, 0);
    assert.deepStrictEqual({ ...f, message: '' }, { ...finding, message: '' }, 'the finding itself is unchanged');
    assert.strictEqual(f.message, 'Set off the introductory element "However" with a comma: you write one after introductory elements elsewhere in this document (3 of 4).');
    assert.deepStrictEqual(settleParts([parts[1], { findings: [], habit: { written: 1, omitted: 0, pending: [] } }]).flat(), [], '2 of 3 is no habit');
  });

  describe('with the trained parser and model', () => {
    const parts = trainedEngineParts();

    it('three "Finally," and one "Finally we": one finding, on the fourth, saying so; ignore: none', () => {
      const linter = makeLinter(parts());
      const [f, ...rest] = intro(linter.lint(HABIT, { introductoryComma: 'auto' }));
      assert.ok(f, 'a finding');
      assert.strictEqual(rest.length, 0);
      assert.strictEqual(f.start.offset, HABIT.lastIndexOf('Finally'));
      assert.strictEqual(HABIT.slice(f.start.offset, f.end.offset), 'Finally');
      assert.strictEqual(f.severity, 'info');
      assert.strictEqual(f.confidence, 0.9);
      assert.match(f.message, /elsewhere in this document \(3 of 4\)/);
      assert.deepStrictEqual(f.fixes[0].edits.map((e) => [e.start.offset, e.end.offset, e.newText]), [[f.end.offset, f.end.offset, ',']]);
      assert.match(f.explanation, /\[Finally ,\]/, 'the model’s explanation');
      assert.deepStrictEqual(intro(linter.lint(HABIT, { introductoryComma: 'ignore' })), []);
    });

    it('one of each: no habit, no finding (edited still reports it)', () => {
      const linter = makeLinter(parts());
      assert.deepStrictEqual(intro(linter.lint(NO_HABIT, { introductoryComma: 'auto' })), []);
      assert.strictEqual(intro(linter.lint(NO_HABIT, { introductoryComma: 'edited' })).length, 1);
    });

    it('an edit elsewhere that changes the habit changes the findings, as a fresh linter gives them', () => {
      const shared = makeLinter(parts());
      const auto = { introductoryComma: 'auto' as const };
      const broken = HABIT.replace('Finally, the roads', 'Finally the roads'); // 2 of 4: the habit is gone
      const longer = `${broken} Finally, we slept well.`; // 3 of 5: still none (60%)
      const restored = `${HABIT} Finally, we slept well.`; // 4 of 5: back
      const counts: number[] = [];
      for (const text of [HABIT, broken, longer, restored, HABIT]) {
        const remembered = intro(shared.lint(text, auto));
        assert.deepStrictEqual(remembered, intro(makeLinter(parts()).lint(text, auto)), text);
        counts.push(remembered.length);
      }
      assert.deepStrictEqual(counts, [1, 0, 0, 1, 1]);
      assert.match(intro(shared.lint(restored, auto))[0].message, /\(4 of 5\)/);
    });

    // "When" opens its clause as an adverb (UD: ADV/WRB, `advmod`), not as a `mark`: the habit once counted none of
    // these, and the set-off model's omission was dropped behind the pipeline's candidate for the same comma, which
    // only waited for an error rate the document does not have.
    it('four "When …," clauses and one without: the fifth is reported, saying so', () => {
      const linter = makeLinter(parts());
      const text = 'When the guests arrived, the hall was empty. When the long talk ended, we clapped. When the meeting was over, we went home. When the music started, everyone danced. When the heavy rain stopped we went out.';
      const found = intro(linter.lint(text, { introductoryComma: 'auto' }));
      assert.deepStrictEqual(found.map((f) => text.slice(f.fixes[0].edits[0].start.offset - 7, f.fixes[0].edits[0].end.offset)), ['stopped']);
      assert.match(found[0].message, /introductory (clause|phrase) "When the heavy rain stopped".*elsewhere in this document \(4 of 5\)/);
      assert.deepStrictEqual(intro(linter.lint(text.replaceAll(',', ''), { introductoryComma: 'auto' })), [], 'no habit: none');
    });

    // Sentences of clean edited dev (python-peps, digitalgov) on which the habit reported a parse's misreading of the
    // opening words; the set-off comma model gives a comma there 0.04 and 0.08 (`habitEvidence.ts`). A real omission
    // in the same document is still reported. (A misparse still counts as an omission in the tally: 6 of 8 holds.)
    it('a habit reports no comma after a misparsed opening ("Described below are", "The discovered XSS issue")', () => {
      const linter = makeLinter(parts());
      const auto = { introductoryComma: 'auto' as const };
      const habit = `${HABIT.replace(' Finally we reached home late.', '')} Finally, we went out. Finally, the sun came out. Finally, the trip ended.`;
      const real = 'As a rule they should propagate the annotations of the wrapped object.';
      for (const misparse of ['Described below are some of the pros and cons.', 'The discovered XSS issue was site-wide and affected 80+ endpoints.']) {
        const text = `${habit} ${misparse} ${real}`;
        const found = intro(linter.lint(text, auto)).map((f) => text.slice(f.start.offset, f.end.offset));
        assert.deepStrictEqual(found, ['rule'], misparse);
      }
    });
  });
});

/**
 * `introductoryComma: auto`: the document's own habit decides. The decision over the document is made after the
 * per-sentence findings (which the sentence memo keeps), so an edit in one sentence that changes the habit must change
 * the findings of sentences that were not analysed again.
 */
import * as assert from 'assert';
import { Finding, LintPart, makeLinter, settleParts } from '../../server/src/engine';
import { expectedComma, HABIT_MIN_EXPECTED, HABIT_VARIANCE, habitExpects, habitShift, HabitCount } from '../../server/src/engine/correction/style/introductoryHabit';
import { trainedEngineParts } from './trainedParts';

/**
 * Three "Finally," and one "Finally we …": an element the learned convention covers, not a transition (whose comma
 * `auto` reports without a habit: `introductoryTransition.test.ts`).
 */
const HABIT = 'Finally, we left early. Finally, it rained all day. Finally, the roads stayed dry. Finally we reached home late.';
/** One of each. */
const NO_HABIT = 'Finally, we left early. It rained all day. The roads stayed dry. Finally we reached home late.';
/** A writer who never sets off "Finally". */
const NEVER = 'Finally we left early. Finally it rained all day. Finally the roads stayed dry. Finally we reached home late.';

const intro = (fs: Finding[]) => fs.filter((f) => f.ruleId === 'introductory-comma');

describe('engine: introductoryComma auto, the document’s own habit', function () {
  this.timeout(120000);

  /** The counts of elements written (1) or not (0) with edited rates `mus`. */
  const counts = (els: ReadonlyArray<[number, number]>): HabitCount => {
    const h: HabitCount = { written: 0, omitted: 0, excess: 0, information: 0 };
    for (const [y, mu] of els) {
      if (y) h.written++;
      else h.omitted++;
      h.excess += y - mu;
      h.information += mu * (1 - mu);
    }
    return h;
  };

  it('the habit shift is the maximum of the Laplace posterior after one Newton step from 0, checked numerically', () => {
    const els: Array<[number, number]> = [[1, 0.9], [0, 0.8], [1, 0.7], [0, 0.95]];
    // The log posterior of b: Σ log σ(±(logit μ + b)) − b²/2s²; its derivative at 0 over minus its second derivative.
    const logPost = (b: number) => els.reduce((s, [y, mu]) => s + Math.log(1 / (1 + Math.exp(-(y ? 1 : -1) * (Math.log(mu / (1 - mu)) + b)))), 0) - (b * b) / (2 * HABIT_VARIANCE);
    const e = 1e-4;
    const d1 = (logPost(e) - logPost(-e)) / (2 * e);
    const d2 = (logPost(e) - 2 * logPost(0) + logPost(-e)) / (e * e);
    assert.ok(Math.abs(habitShift(counts(els)) - -d1 / d2) < 1e-5);
  });

  it('with no other elements the expected rate is edited prose’s; commas elsewhere raise it and omissions lower it', () => {
    const none = counts([]);
    assert.ok(Math.abs(expectedComma(0.9, none) - 0.9) < 1e-12);
    assert.ok(expectedComma(0.9, counts([[1, 0.9], [1, 0.8]])) > 0.9);
    assert.ok(expectedComma(0.9, counts([[0, 0.9], [0, 0.8]])) < 0.9);
  });

  it('an omission is judged against the other elements only: its own absence does not count against it', () => {
    const share = 0.93;
    assert.ok(share >= HABIT_MIN_EXPECTED);
    // Alone in its document, the omission meets edited prose's rate for its element, which is above the bar.
    assert.strictEqual(habitExpects(counts([[0, share]]), share), true);
    // A writer who left out the comma after three other such elements has another habit.
    assert.strictEqual(habitExpects(counts([[0, share], [0, 0.9], [0, 0.9], [0, 0.85]]), share), false);
    // An element edited prose sets off less often is not asked for without the writer's own commas.
    assert.strictEqual(habitExpects(counts([[0, 0.85]]), 0.85), false);
    assert.strictEqual(habitExpects(counts([[0, 0.85], [1, 0.85], [1, 0.85], [1, 0.85], [1, 0.85], [1, 0.85], [1, 0.85]]), 0.85), true);
  });

  it('the document decides: its sentences’ pending omissions are reported with the count, or none are', () => {
    const at = (offset: number) => ({ line: 0, character: offset, offset });
    const finding: Finding = { ruleId: 'introductory-comma', message: 'm', severity: 'info', confidence: 0.9, start: at(40), end: at(47), fixes: [], explanation: 'why' };
    const pending = { finding, element: 'element "However"', share: 0.85 };
    const parts: LintPart[] = [
      { findings: [], habit: { ...counts([[1, 0.85], [1, 0.85]]), pending: [] } },
      { findings: [], habit: { ...counts([[1, 0.85], [0, 0.85]]), pending: [pending] } },
    ];
    const [f, ...rest] = settleParts(parts).flat();
    assert.strictEqual(rest.length, 0);
    assert.deepStrictEqual({ ...f, message: '', confidence: 0 }, { ...finding, message: '', confidence: 0 }, 'the finding itself is unchanged');
    assert.ok(Math.abs(f.confidence - expectedComma(0.85, counts([[1, 0.85], [1, 0.85], [1, 0.85]]))) < 1e-12, 'its confidence: the comma\'s expected rate from the other elements');
    assert.strictEqual(f.message, 'Set off the introductory element "However" with a comma: you write one after introductory elements elsewhere in this document (3 of 4).');
    const omittedElsewhere = { findings: [], habit: { ...counts([[0, 0.85], [0, 0.85]]), pending: [] } };
    assert.deepStrictEqual(settleParts([parts[1], omittedElsewhere]).flat(), [], 'the writer leaves the comma out elsewhere: no finding');
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
      assert.ok(f.confidence >= HABIT_MIN_EXPECTED && f.confidence < 1, 'the comma\'s expected rate under the writer\'s habit');
      // A confidence floor is applied to that rate, which only the document's decision knows.
      const floored = (minConfidence: number) => intro(linter.lint(HABIT, { introductoryComma: 'auto', minConfidence })).length;
      assert.deepStrictEqual([floored(f.confidence - 0.001), floored(f.confidence + 0.001)], [1, 0]);
      assert.match(f.message, /elsewhere in this document \(3 of 4\)/);
      assert.deepStrictEqual(f.fixes[0].edits.map((e) => [e.start.offset, e.end.offset, e.newText]), [[f.end.offset, f.end.offset, ',']]);
      assert.match(f.explanation, /\[Finally ,\]/, 'the model’s explanation');
      assert.deepStrictEqual(intro(linter.lint(HABIT, { introductoryComma: 'ignore' })), []);
    });

    it('one of each: held to edited prose, which nearly always sets off "Finally"; a writer who never does: none', () => {
      const linter = makeLinter(parts());
      const [f, ...rest] = intro(linter.lint(NO_HABIT, { introductoryComma: 'auto' }));
      assert.ok(f && rest.length === 0);
      assert.match(f.message, /as edited prose does after most such elements/);
      assert.deepStrictEqual(intro(linter.lint(NEVER, { introductoryComma: 'auto' })), [], 'the writer’s own habit');
      assert.strictEqual(intro(linter.lint(NEVER, { introductoryComma: 'edited' })).length, 4);
    });

    it('an edit elsewhere that changes the habit changes the findings, as a fresh linter gives them', () => {
      const shared = makeLinter(parts());
      const auto = { introductoryComma: 'auto' as const };
      const broken = `${HABIT.replace('Finally, the roads', 'Finally the roads')} Finally we stayed in the hotel. Finally we read our books. Finally we went to bed.`; // 2 of 7: the writer's habit is gone
      const restored = `${HABIT} Finally, we slept well.`; // 4 of 5
      const counts: number[] = [];
      for (const text of [HABIT, broken, restored, HABIT]) {
        const remembered = intro(shared.lint(text, auto));
        assert.deepStrictEqual(remembered, intro(makeLinter(parts()).lint(text, auto)), text);
        counts.push(remembered.length);
      }
      assert.deepStrictEqual(counts, [1, 0, 1, 1]);
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
    // opening words; the set-off comma model gives a comma there 0.04 and 0.08 (`introductoryHabit.ts`). A real omission
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

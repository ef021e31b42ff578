/**
 * The per-sentence findings memo must be invisible: a linter that remembers sentences gives exactly what a fresh
 * linter gives, when the remembered sentences move (text inserted before them), when one sentence of a paragraph is
 * edited, and when the decision context (threshold, serial comma, introductory comma, quote style) changes.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import { LinterParts, LintOptions, loadEngineParts, makeLinter, punctModelFile, defaultModelDir } from '../../server/src/engine';
import { SentenceFindingsMemo } from '../../server/src/engine/sentenceMemo';

const PARAGRAPH =
  'My brother, who lives in Boston visits us every summer. The committee wrote, a long letter to the mayor. ' +
  'She said that "the plan is a disaster". We bought apples, pears and plums,, and the prices were high.';

describe('engine: sentence findings memo', function () {
  this.timeout(120000);
  let parts: LinterParts;
  before(function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir()))) this.skip();
    parts = loadEngineParts();
  });

  it('gives what a fresh linter gives, for moved, edited and re-optioned text', () => {
    const shared = makeLinter(parts);
    const cases: Array<[string, LintOptions]> = [
      [PARAGRAPH, {}],
      [`A new first sentence, inserted above. ${PARAGRAPH}`, {}],
      [`Some text.\n\n${PARAGRAPH.replace('Boston visits', 'Boston, visits')}`, {}],
      [PARAGRAPH, { minConfidence: 0.3 }],
      [PARAGRAPH, { serialComma: 'always' }],
      [`However we left early. ${PARAGRAPH}`, { introductoryComma: 'edited' }],
      [`However we left early. ${PARAGRAPH}`, { introductoryComma: 'ignore' }],
      [`However, we left. However, it rained. However, we stayed dry. However we left early. ${PARAGRAPH}`, { introductoryComma: 'auto' }],
      [`However, we left. However, it rained. However we stayed dry. However we left early. ${PARAGRAPH}`, { introductoryComma: 'auto' }],
      [PARAGRAPH, { quoteStyle: 'british' }],
      [PARAGRAPH.replace('We bought', 'we bought'), { quoteStyle: 'british' }],
    ];
    let findings = 0;
    for (const [text, options] of cases) {
      const remembered = shared.lint(text, options);
      const fresh = makeLinter(parts).lint(text, options);
      assert.deepStrictEqual(remembered, fresh, text);
      for (const f of remembered) assert.ok(text.slice(f.start.offset, f.end.offset).length > 0, 'a finding covers text');
      findings += remembered.length;
    }
    assert.ok(findings >= cases.length, `the cases have findings to compare (${findings})`);
  });

  it('remembers by content and hands out copies shifted to where the sentence now is', () => {
    const memo = new SentenceFindingsMemo(4);
    const sentence = (start: number) => ({
      start,
      end: start + 9,
      tokens: [
        { text: 'Hi', start, end: start + 2, punct: false },
        { text: ',', start: start + 2, end: start + 3, punct: true },
        { text: 'there', start: start + 4, end: start + 9, punct: false },
      ],
      tree: { words: [{ form: 'Hi', lemma: '_', upos: 'INTJ', xpos: 'UH', feats: '_', deprel: 'discourse', head: 2 }, { form: 'there', lemma: '_', upos: 'ADV', xpos: 'RB', feats: '_', deprel: 'root', head: 0 }], slots: [[], [','], []] },
      wordTokens: [0, 2],
      slotTokens: [[], [1], []],
    });
    let computed = 0;
    const compute = (at: number) => () => {
      computed++;
      const finding = { ruleId: 'comma', message: 'm', confidence: 0.9, start: at + 2, end: at + 3, fixes: [{ title: 't', edits: [{ start: at + 2, end: at + 3, newText: '' }] }], explanation: 'e' };
      return { findings: [finding], habit: { written: 1, omitted: 1, excess: 0, information: 0, pending: [{ finding: { ...finding, ruleId: 'introductory-comma' }, element: 'word "Hi"' }] } };
    };
    const a = memo.findings('Ah. Hi, there', sentence(4), 'ctx', compute(4)).findings;
    const moved = memo.findings('Well. Hi, there', sentence(6), 'ctx', compute(6));
    const b = moved.findings;
    assert.strictEqual(computed, 1, 'the moved sentence is a hit');
    assert.deepStrictEqual([b[0].start, b[0].end, b[0].fixes[0].edits[0].start], [8, 9, 8]);
    assert.deepStrictEqual([a[0].start, a[0].end], [6, 7]);
    const p = moved.habit?.pending[0].finding;
    assert.deepStrictEqual([p?.start, p?.fixes[0].edits[0].start, moved.habit?.written, moved.habit?.omitted], [8, 8, 1, 1], 'the habit part moves too');
    b[0].fixes[0].edits[0].newText = 'changed';
    assert.strictEqual(memo.findings('Ah. Hi, there', sentence(4), 'ctx', compute(4)).findings[0].fixes[0].edits[0].newText, '', 'callers get copies');
    memo.findings('Ah. Hi, there', sentence(4), 'other context', compute(4));
    memo.findings('Ah. Hi, there!', sentence(4), 'ctx', compute(4)); // the character after the sentence is in the key
    memo.findings('Ah.\nHi, there', sentence(4), 'ctx', compute(4)); // and the one before it
    assert.strictEqual(computed, 4);
  });
});

/**
 * One runner over every rule's examples in the registry (server/src/engine/registry/): with the shipped models, each
 * wrong text gets a finding of its rule whose fixes give the right text, each right text gets none, and each silent
 * text gets none. A rule added to the registry is tested here with no test of its own.
 */
import { strict as assert } from 'assert';
import { Finding, Linter, LintOptions, makeLinter, TEXT_RULES } from '../../server/src/engine';
import { RULES } from '../../server/src/engine/registry';
import { trainedEngineParts } from './trainedParts';

/** Applies the first fix of each finding, back to front. */
function applyFirstFixes(text: string, findings: readonly Finding[]): string {
  const edits = findings.flatMap((f) => f.fixes[0]?.edits ?? []).sort((a, b) => b.start.offset - a.start.offset);
  for (const e of edits) text = text.slice(0, e.start.offset) + e.newText + text.slice(e.end.offset);
  return text;
}

/** The rule's findings in `text` after `context` (which makes the text error-prone but is not the example). */
function ruleFindings(linter: Linter, ruleId: string, text: string, context: string | undefined, options: LintOptions = {}): { whole: string; findings: Finding[]; from: number } {
  const whole = context ? `${context} ${text}` : text;
  const from = context ? context.length + 1 : 0;
  return { whole, from, findings: linter.lint(whole, options).filter((f) => f.ruleId === ruleId && f.start.offset >= from) };
}

describe('rule registry: every rule’s examples, through the shipped models', function () {
  this.timeout(120000);
  const parts = trainedEngineParts();
  let linter: Linter;
  before(() => {
    linter = makeLinter(parts());
  });

  it('registers every rule the engine has, each once, with at least one example', () => {
    const ids = RULES.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of TEXT_RULES.flatMap((r) => r.ids)) assert.ok(ids.includes(id), `${id} is not registered`);
    for (const r of RULES) assert.ok(r.examples.length > 0, `${r.id} has no example`);
  });

  for (const rule of RULES) {
    describe(rule.id, () => {
      rule.examples.forEach((ex, i) => {
        it(`example ${i + 1}: "${ex.wrong.slice(0, 50)}" is reported and fixed; the right text is not reported`, () => {
          const wrong = ruleFindings(linter, rule.id, ex.wrong, ex.context, ex.options);
          assert.ok(wrong.findings.length > 0, `no ${rule.id} finding in: ${ex.wrong}`);
          assert.equal(applyFirstFixes(wrong.whole, wrong.findings).slice(wrong.from), ex.right);
          assert.deepEqual(ruleFindings(linter, rule.id, ex.right, ex.context, ex.options).findings.map((f) => f.message), []);
        });
      });
      for (const s of rule.silent) {
        it(`leaves alone: "${s.text.slice(0, 50)}"`, () => {
          assert.deepEqual(ruleFindings(linter, rule.id, s.text, undefined, s.options).findings.map((f) => f.message), []);
        });
      }
    });
  }
});

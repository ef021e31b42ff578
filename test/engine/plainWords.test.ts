/**
 * Plain words (`engine/plainWords.ts`): on the learner probes' sentences (`examples/probes/learner-errors.md`), every
 * finding's lead says what is wrong without the model's terms and shows the sentence as it reads fixed; the model's
 * view (bracketing, odds, confidence) is apart, under "More", and no line is said twice. The hover and
 * `puncteme explain` show this text.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { makeLinter } from '../../server/src/engine';
import { plainExplanation, plainExplanationText, plainRatio } from '../../server/src/engine/plainWords';
import { RULES } from '../../server/src/engine/registry';
import { RULE_CATALOG } from '../../server/src/engine/ruleCatalog';
import { findingHover } from '../../server/src/lsp/hover';
import { trainedEngineParts } from './trainedParts';

/** Terms of the model and of grammar books that a learner should not meet in the first lines. */
const JARGON = /T′|underlying|punctem|constituent|apposi|restrictive|probab|likely|e\+\d|Δ|calibrat|posterior|absorb/i;

/**
 * The message the Problems panel and the terminal show: it names the words involved, so it may say "relative clause",
 * but never the model's own terms, numbers of odds, or marks quoted in a way that reads as a stray quote.
 */
const MESSAGE_JARGON = /T′|underlying|punctem|constituent|probab|likely|e\+\d|Δ|calibrat|posterior|absorb|""\s/i;

/** A message's sentences, the reason in brackets some findings end with ("(Less certain …)") left out. */
function messageSentences(message: string): string[] {
  return message
    .replace(/\s*\((Less certain|Reported)[^)]*\)$/, '')
    .split(/(?<=[.?!]["”]?)\s+(?=[A-Z])/)
    .filter((s) => s.trim());
}

describe('engine: plain words', function () {
  this.timeout(300000);
  const parts = trainedEngineParts();
  const text = fs.readFileSync(path.join(__dirname, '../../examples/probes/learner-errors.md'), 'utf8');

  it('ratios are said as a person would', () => {
    assert.deepStrictEqual([plainRatio(1.5), plainRatio(12.4), plainRatio(480), plainRatio(48213), plainRatio(4.8e7)], ['1.5 times', '12 times', 'about 480 times', 'about 48,000 times', 'more than a million times']);
  });

  it('each finding of the learner probes: a plain lead, the sentence as it reads fixed, the model apart', () => {
    const found = makeLinter(parts()).lint(text, { audience: 'learner' });
    assert.ok(found.length >= 8, `${found.length} findings`);
    const rules = new Set<string>();
    for (const f of found) {
      const p = plainExplanation(f, text);
      rules.add(f.ruleId);
      assert.doesNotMatch(p.wrong, JARGON, `${f.ruleId}: ${p.wrong}`);
      assert.notStrictEqual(p.wrong, f.message, 'the lead does not repeat the message the editor shows');
      assert.ok(p.wrong.split(/(?<=\.)\s/).length <= 2, `one or two sentences: ${p.wrong}`);
      if (f.fixes.length) {
        assert.ok(p.write, `${f.ruleId} has a fix, so a "Write:" line`);
        // The excerpt is the document's text around the fix, with the fix applied, within one sentence.
        const fixed = p.write.before + p.write.changed + p.write.after;
        assert.ok(!/[.?!]\s+\S/.test(fixed.slice(0, -1).replace(/\b(Inc|etc)\./g, '')), `one sentence: ${fixed}`);
        const e = f.fixes[0].edits[0];
        assert.ok(text.slice(0, e.start.offset).endsWith(p.write.before), `${f.ruleId}: the words before the fix`);
      }
      const lines = plainExplanationText(p);
      assert.strictEqual(new Set(lines).size, lines.length, `no line twice: ${lines.join(' / ')}`);
      const more = lines.indexOf('More:');
      assert.ok(more >= 1 && more <= 2, 'what is wrong and what to write come first');
      assert.ok(lines.slice(more).some((l) => /Confidence: \d+%/.test(l)));
    }
    assert.ok(rules.size >= 4, [...rules].join(', '));
  });

  it('the model\'s numbers and marks are in words under More: no exponent, no "0.0 times", no quoted "nothing"', () => {
    const found = makeLinter(parts()).lint(text, { audience: 'learner' });
    const more = found.flatMap((f) => plainExplanationText(plainExplanation(f, text)).slice(2));
    assert.ok(more.some((l) => /How the model groups the words/.test(l)));
    for (const l of more) assert.doesNotMatch(l, /\de[+-]\d|0\.0 times|"nothing"/, l);
    assert.ok(more.some((l) => /you wrote no mark; the model expects ","|you wrote ","; the model expects no mark/.test(l)), more.join('\n'));
  });

  it('every rule has its own plain line (none falls back to the message)', () => {
    const source = fs.readFileSync(path.join(__dirname, '../../server/src/engine/plainWords.ts'), 'utf8');
    for (const id of Object.keys(RULE_CATALOG)) assert.ok(source.includes(`'${id}'`) || source.includes(`  ${id}:`), id);
  });

  it('the hover: the plain lead first, then the rule, then "More" with the bracketing as a tree block', () => {
    const doc = 'My brother, who lives in Paris is a doctor.';
    const [f] = makeLinter(parts()).lint(doc, {});
    assert.strictEqual(f.ruleId, 'nonrestrictive-comma');
    const value = (findingHover([f], { line: 0, character: f.start.character }, doc)!.contents as { value: string }).value;
    const [lead, more] = value.split('\n\n---\n\n**More** (what the model saw)\n\n');
    assert.strictEqual(
      lead.split('\n\n').slice(0, 2).join('\n'),
      '**Words that add extra information in the middle of a sentence need a comma before them and a comma after them.**\nWrite: My brother, who lives in Paris`,` is a doctor.',
    );
    assert.match(more, /```puncteme-tree\n\[, who lives in Paris ,\]\n```/);
    // No line twice (the code fences aside).
    const lines = value.split('\n').filter((l) => l.trim() && !l.startsWith('```') && l !== '---');
    assert.strictEqual(new Set(lines).size, lines.length, value);
  });

  it('the editor\'s message: one or two sentences, no model terms, on every rule\'s examples and the learner probes', () => {
    const linter = makeLinter(parts());
    const found = [
      ...RULES.flatMap((r) => r.examples.flatMap((ex) => linter.lint(ex.context ? `${ex.context} ${ex.wrong}` : ex.wrong, ex.options ?? {}))),
      ...linter.lint(text, { audience: 'learner' }),
      // The quotation rules' longer messages: a mark after a quoted question, and American placement the model chose.
      ...linter.lint('"Ready?", she asked. He called it "a success".', {}),
    ];
    const rules = new Set(found.map((f) => f.ruleId));
    assert.ok(rules.size >= RULES.length - 1, `findings of ${rules.size} rules`);
    for (const f of found) {
      assert.doesNotMatch(f.message, MESSAGE_JARGON, `${f.ruleId}: ${f.message}`);
      assert.ok(messageSentences(f.message).length <= 2, `${f.ruleId}, one or two sentences: ${f.message}`);
    }
  });

  it('the bracketing under More shows the constituent around a removed comma, never a lone word with no mark', () => {
    const doc = 'The man, who lives next door is a doctor. My friend told me, that he was sick.';
    const found = makeLinter(parts()).lint(doc, { audience: 'learner' });
    const trees = (ruleId: string) =>
      found.filter((f) => f.ruleId === ruleId).flatMap((f) => plainExplanation(f, doc).more.flatMap((m) => (typeof m === 'string' ? [] : [m.tree])));
    // Removing the comma before "who" reads the clause as saying which man: the noun phrase with its clause, no commas.
    assert.ok(trees('nonrestrictive-comma').includes('[The man who lives next door]'), trees('nonrestrictive-comma').join(' | '));
    for (const f of found) {
      for (const m of plainExplanation(f, doc).more) if (typeof m !== 'string') assert.doesNotMatch(m.tree, /^\[[^\s[\]]+\]$/, `${f.ruleId}: ${m.tree}`);
    }
  });
});

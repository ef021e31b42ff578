/**
 * `audience` (`engine/audience.ts`): under a named audience (`edited`, `learner`) a sentence's findings never depend
 * on the rest of the document, so fixing some findings never hides the others, and adding or removing an unrelated
 * sentence changes nothing elsewhere; a stricter setting never reports less than a looser one. Checked as properties
 * over documents drawn from the learner probes' sentences (`examples/probes/learner-errors.md`) and clean sentences.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { Finding, LintOptions, makeLinter, settleDocument } from '../../server/src/engine';
import { describeAudience } from '../../server/src/engine/audience';
import { findingKeys } from '../../server/src/engine/findingKey';
import { trainedEngineParts } from './trainedParts';

/** The learner probes' sentences (real learner-style errors, written as a measure, never tuned on). */
function probeSentences(): string[] {
  const text = fs.readFileSync(path.join(__dirname, '../../examples/probes/learner-errors.md'), 'utf8');
  return text
    .split(/\n\s*\n/)
    .flatMap((p) => p.replace(/\s+/g, ' ').trim().split(/(?<=[.?!"])\s+(?=[A-Z])/))
    .filter((s) => s.length > 0);
}

const CLEAN = [
  'We had a very good time there.',
  'She works in a big hospital near the river.',
  'The book that I bought was very expensive.',
  'I think the city is beautiful at night.',
  'My older sister lives in London with her husband.',
];

/** A document of sentences, one paragraph, with each sentence's range. */
function documentOf(sentences: readonly string[]): { text: string; spans: Array<[number, number]> } {
  const spans: Array<[number, number]> = [];
  let text = '';
  for (const s of sentences) {
    if (text) text += ' ';
    spans.push([text.length, text.length + s.length]);
    text += s;
  }
  return { text, spans };
}

/** Findings as (sentence index, rule, offset within the sentence, message) — what must not change. */
function bySentence(found: readonly Finding[], spans: ReadonlyArray<[number, number]>): string[] {
  return found.map((f) => {
    const i = spans.findIndex(([a, b]) => a <= f.start.offset && f.start.offset <= b);
    return `${i}|${f.ruleId}|${f.start.offset - spans[i][0]}|${f.end.offset - f.start.offset}|${f.message}`;
  });
}

describe('engine: audience (stable findings)', function () {
  this.timeout(600000);
  const parts = trainedEngineParts();
  const sentences = probeSentences();
  const lint = (text: string, options: LintOptions) => makeLinter(parts()).lint(text, options);

  it('the probes give enough sentences with findings to test on', () => {
    assert.ok(sentences.length >= 15, `${sentences.length} sentences`);
    const found = lint(sentences.join(' '), { audience: 'learner' });
    assert.ok(found.length >= 8, `${found.length} findings`);
  });

  it('auto reports the choice it made; a named audience says it was named', () => {
    const linter = makeLinter(parts());
    const essay = sentences.slice(0, 8).join(' ');
    const auto = settleDocument([linter.lintPart!(essay, {})]).audience;
    assert.deepStrictEqual([auto.audience, auto.by], ['learner', 'auto']);
    assert.match(describeAudience(auto), /^held to learner standards \(audience auto: \d+ findings in 8 sentences/);
    const clean = settleDocument([linter.lintPart!(CLEAN.join(' '), {})]).audience;
    assert.deepStrictEqual([clean.audience, clean.by], ['edited', 'auto']);
    const named = settleDocument([linter.lintPart!(CLEAN.join(' '), { audience: 'learner' })]).audience;
    assert.deepStrictEqual([named.audience, named.by], ['learner', 'setting']);
    // `adaptToWriter: false` is the older name of `edited`.
    const older = settleDocument([linter.lintPart!(essay, { adaptToWriter: false })]).audience;
    assert.strictEqual(older.audience, 'edited');
  });

  for (const audience of ['edited', 'learner'] as const) {
    it(`${audience}: a sentence's findings do not depend on which other sentences the document has`, () => {
      fc.assert(
        fc.property(fc.subarray([...sentences, ...CLEAN], { minLength: 2, maxLength: 10 }), (chosen) => {
          const whole = documentOf(chosen);
          const together = bySentence(lint(whole.text, { audience }), whole.spans);
          const alone = chosen.flatMap((s, i) => bySentence(lint(s, { audience }), [[0, s.length]]).map((k) => `${i}${k.slice(k.indexOf('|'))}`));
          assert.deepStrictEqual(together.sort(), alone.sort());
        }),
        { numRuns: 12, seed: 33 },
      );
    });

    it(`${audience}: fixing one finding never hides a finding in another sentence`, () => {
      const doc = documentOf(sentences);
      const found = lint(doc.text, { audience });
      const before = bySentence(found, doc.spans);
      let checked = 0;
      for (const f of found) {
        const fix = f.fixes[0];
        if (!fix) continue;
        const i = doc.spans.findIndex(([a, b]) => a <= f.start.offset && f.start.offset <= b);
        // The fixed sentence alone changes; the document is rebuilt from sentences, so every other keeps its span.
        let fixed = doc.text;
        for (const e of [...fix.edits].sort((a, b) => b.start.offset - a.start.offset)) fixed = fixed.slice(0, e.start.offset) + e.newText + fixed.slice(e.end.offset);
        const own = fixed.slice(doc.spans[i][0], doc.spans[i][1] + fixed.length - doc.text.length);
        const after = documentOf(sentences.map((s, k) => (k === i ? own : s)));
        const others = (keys: string[]) => keys.filter((k) => !k.startsWith(`${i}|`));
        assert.deepStrictEqual(others(bySentence(lint(after.text, { audience }), after.spans)), others(before), `after fixing ${f.ruleId} in "${sentences[i]}"`);
        if (++checked === 6) break;
      }
      assert.ok(checked >= 3, `${checked} fixes tried`);
    });
  }

  it('under auto, fixing findings can move the document below the line: the reason to name the audience', () => {
    // Not a property the product promises under auto, but the measured reason for `audience`: shown here so that a
    // change that makes auto stable too is noticed (and this test rewritten as a property).
    const essay = sentences.slice(0, 8).join(' ');
    const auto = lint(essay, {});
    const learner = lint(essay, { audience: 'learner' });
    // The same findings; the reason a message gives differs (auto counts the findings, a named audience names itself).
    const unreasoned = (xs: string[]) => xs.map((x) => x.replace(/ \((Less certain|Reported)[^)]*\)$/, ''));
    assert.deepStrictEqual(unreasoned(bySentence(auto, documentOf(sentences.slice(0, 8)).spans)), unreasoned(bySentence(learner, documentOf(sentences.slice(0, 8)).spans)));
  });

  it('naming the audience auto chose changes no finding: edited is auto\'s edited prose, learner its learner standards', () => {
    // A line without its final period, last in the document: auto leaves it waiting for the document's decision (it
    // may be a caption); naming edited once reported it outright.
    const unreasoned = (found: readonly Finding[]) => found.map((f) => `${f.ruleId}@${f.start.offset}-${f.end.offset} ${f.message.replace(/ \((Less certain|Reported)[^)]*\)$/, '')}`);
    const linter = makeLinter(parts());
    const chosen: string[] = [];
    fc.assert(
      fc.property(fc.subarray([...sentences, ...CLEAN], { minLength: 1, maxLength: 10 }), fc.boolean(), (picked, unfinished) => {
        const text = [...picked, ...(unfinished ? ['We met at noon'] : [])].join(' ');
        const settled = settleDocument([linter.lintPart!(text, {})]);
        chosen.push(settled.audience.audience);
        assert.deepStrictEqual(unreasoned(lint(text, { audience: settled.audience.audience })), unreasoned(settled.findings[0]), `${settled.audience.audience}: ${text}`);
      }),
      { numRuns: 24, seed: 39 },
    );
    assert.ok(chosen.includes('edited') && chosen.includes('learner'), `both standards drawn: ${chosen.join(' ')}`);
    assert.deepStrictEqual(lint('We met at noon', { audience: 'edited' }), lint('We met at noon', {}));
  });

  it('a stricter setting never reports less: learner covers edited; introductoryComma edited covers auto; commaSplices edited covers ignore', () => {
    const covers = (strict: readonly Finding[], loose: readonly Finding[]) =>
      loose.filter((l) => !strict.some((s) => s.ruleId === l.ruleId && s.start.offset < Math.max(l.end.offset, l.start.offset + 1) && l.start.offset < Math.max(s.end.offset, s.start.offset + 1)));
    fc.assert(
      fc.property(fc.subarray([...sentences, ...CLEAN], { minLength: 3, maxLength: 12 }), fc.constantFrom<'edited' | 'learner' | 'auto'>('edited', 'learner', 'auto'), (chosen, audience) => {
        const text = chosen.join(' ');
        const missed = (strict: LintOptions, loose: LintOptions) => covers(lint(text, strict), lint(text, loose)).map((f) => `${f.ruleId}@${f.start.offset}`);
        assert.deepStrictEqual(missed({ audience: 'learner' }, { audience: 'edited' }), [], 'learner ⊇ edited');
        // Under auto too: the splices `edited` reports count for the document's decision as the ones `ignore` holds.
        assert.deepStrictEqual(missed({ audience, commaSplices: 'edited' }, { audience, commaSplices: 'ignore' }), [], `${audience}: splices edited ⊇ ignore`);
        if (audience !== 'auto') {
          assert.deepStrictEqual(missed({ audience, introductoryComma: 'edited' }, { audience, introductoryComma: 'auto' }), [], `${audience}: introductory edited ⊇ auto`);
        }
      }),
      { numRuns: 10, seed: 34 },
    );
  });

  it('under auto, commaSplices edited holds a document to the standard ignore does: its reported splice still counts as evidence', () => {
    // Four probe sentences and a clean one: under `ignore` the splice waits and, counted with the two findings, makes
    // the document a learner's, which reports "When I arrived at home⟦,⟧"; under `edited` the same splice was reported
    // outright and not counted, the document was held to edited standards, and that finding went.
    const text = 'When I arrived at home I was very tired. The students, want to learn English. I was very tired, I went to bed early. My sister Anna is a teacher. However we stayed at home.';
    const keys = (options: LintOptions) => lint(text, options).map((f) => `${f.ruleId}@${f.start.offset}`);
    const loose = keys({ commaSplices: 'ignore' });
    assert.ok(loose.includes('introductory-comma@18') && loose.includes('comma-splice@94'), loose.join(' '));
    assert.deepStrictEqual(keys({ commaSplices: 'edited' }), loose);
    const linter = makeLinter(parts());
    assert.strictEqual(settleDocument([linter.lintPart!(text, { commaSplices: 'edited' })]).audience.audience, 'learner');
  });

  it('every other named setting reports at least what its looser value does: introductory auto ⊇ ignore, a serial or e.g. comma style ⊇ none, a lower minConfidence ⊇ a higher', () => {
    // Sentences a house style decides on, beside the probes: a series with and without its comma, e.g. with and without.
    const STYLE = ['We bought apples, pears and plums.', 'We bought apples, pears, and plums.', 'Bring a snack, e.g. an apple.', 'Bring a snack, e.g., an apple.', 'However we stayed at home.'];
    const missed = (text: string, strict: LintOptions, loose: LintOptions) => {
      const strictFound = lint(text, strict);
      return lint(text, loose)
        .filter((l) => !strictFound.some((s) => s.ruleId === l.ruleId && s.start.offset === l.start.offset && s.end.offset === l.end.offset))
        .map((f) => `${f.ruleId}@${f.start.offset}`);
    };
    const pairs: Array<[string, LintOptions, LintOptions]> = [
      ['introductoryComma auto ⊇ ignore', { introductoryComma: 'auto' }, { introductoryComma: 'ignore' }],
      ['serialComma always ⊇ ignore', { serialComma: 'always' }, { serialComma: 'ignore' }],
      ['serialComma never ⊇ ignore', { serialComma: 'never' }, { serialComma: 'ignore' }],
      ['egComma always ⊇ off', { egComma: 'always' }, { egComma: 'off' }],
      ['egComma never ⊇ off', { egComma: 'never' }, { egComma: 'off' }],
      ['minConfidence 0.5 ⊇ 0.8', { minConfidence: 0.5 }, { minConfidence: 0.8 }],
    ];
    let stricterFoundMore = 0;
    fc.assert(
      fc.property(fc.subarray([...sentences, ...CLEAN, ...STYLE], { minLength: 3, maxLength: 12 }), fc.constantFrom<'edited' | 'learner'>('edited', 'learner'), (chosen, audience) => {
        const text = chosen.join(' ');
        for (const [name, strict, loose] of pairs) {
          assert.deepStrictEqual(missed(text, { audience, ...strict }, { audience, ...loose }), [], `${audience}: ${name}`);
          stricterFoundMore += lint(text, { audience, ...strict }).length > lint(text, { audience, ...loose }).length ? 1 : 0;
        }
      }),
      { numRuns: 10, seed: 35 },
    );
    // The settings were exercised: some stricter value found more than its looser one.
    assert.ok(stricterFoundMore >= 5, `${stricterFoundMore} stricter runs found more`);
    // And on the style sentences alone each stricter value finds something its looser one does not.
    const style = STYLE.join(' ');
    for (const [name, strict, loose] of pairs.slice(1, 5)) assert.ok(lint(style, { audience: 'edited', ...strict }).length > lint(style, { audience: 'edited', ...loose }).length, name);
  });

  it('findings are the same on every run, and their keys survive edits elsewhere in the document', () => {
    const doc = sentences.join(' ');
    const first = lint(doc, { audience: 'learner' });
    assert.deepStrictEqual(lint(doc, { audience: 'learner' }), first);
    const keys = findingKeys(doc, first);
    assert.strictEqual(new Set(keys).size, keys.length, 'keys are unique within a document');
    // Paragraphs added above and below: every finding keeps its key (its line and offset do not).
    const moved = `We wrote this paragraph later.\n\n${doc}\n\nThe last paragraph is new too.`;
    const again = findingKeys(moved, lint(moved, { audience: 'learner' }));
    assert.deepStrictEqual(keys.filter((k) => !again.includes(k)), []);
  });
});

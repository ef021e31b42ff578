/**
 * Words that are also the names of `Object.prototype`'s members (`constructor`, `toString`, `valueOf`, …) are common
 * in technical prose. A lookup in a plain object answers them with Object's own members: the tokenizer once split
 * `constructor` into an empty token and a token whose offsets were strings, so every finding of its sentence had NaN
 * offsets and the document's overlap step dropped the part's other findings. These words must be ordinary words.
 */
import * as assert from 'assert';
import { Finding, LintOptions, makeLinter } from '../../server/src/engine';
import { tokenizeText } from '../../server/src/tokenize';
import { trainedEngineParts } from './trainedParts';

const PROTOTYPE_WORDS = Object.getOwnPropertyNames(Object.prototype).filter((n) => /^[A-Za-z_]+$/.test(n));

function sentencesWith(w: string): string[] {
  return [
    `${w[0].toUpperCase()}${w.slice(1)} is called first, and the object is ready.`,
    `Note that when the object is called as though it were a function, positional arguments are appended to those provided to the ${w}, and keyword arguments override and augment those provided to the ${w}.`,
    `My brother, who wrote the ${w} lives in Boston.`,
  ];
}

function assertFiniteIn(f: Finding, text: string): void {
  const offsets = [f.start.offset, f.end.offset, ...f.fixes.flatMap((x) => x.edits.flatMap((e) => [e.start.offset, e.end.offset]))];
  for (const o of offsets) assert.ok(Number.isInteger(o) && o >= 0 && o <= text.length, `${f.ruleId} at ${String(o)} in ${JSON.stringify(text)}`);
}

describe('words named like Object.prototype members', () => {
  it('the list covers the members that once broke the tokenizer', () => {
    for (const w of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) assert.ok(PROTOTYPE_WORDS.includes(w), w);
  });

  it('are tokenized as the text spells them, with numeric offsets', () => {
    for (const w of PROTOTYPE_WORDS)
      for (const text of sentencesWith(w))
        for (const s of tokenizeText(text))
          for (const t of s.tokens) {
            assert.ok(Number.isInteger(t.start) && Number.isInteger(t.end) && t.end > t.start, `${JSON.stringify(t)} in ${text}`);
            assert.equal(text.slice(t.start, t.end), t.text);
          }
  });

  const parts = trainedEngineParts();
  const settings: LintOptions[] = [{}, { audience: 'learner', serialComma: 'always' }];

  it('give findings with offsets inside the text, at the defaults and under a learner audience', function () {
    this.timeout(240000);
    const linter = makeLinter(parts());
    for (const w of PROTOTYPE_WORDS)
      for (const text of sentencesWith(w)) for (const o of settings) for (const f of linter.lint(text, o)) assertFiniteIn(f, text);
  });

  it('do not hide the other findings of their paragraph', function () {
    this.timeout(60000);
    const linter = makeLinter(parts());
    const other = 'My brother, who lives in Boston is a doctor.';
    const alone = linter.lint(other, { audience: 'learner', serialComma: 'always' }).length;
    assert.ok(alone > 0, 'the README example is found alone');
    const text = `${other} ${sentencesWith('constructor')[1]}`;
    const found = linter.lint(text, { audience: 'learner', serialComma: 'always' }).filter((f) => f.end.offset <= other.length);
    assert.equal(found.length, alone);
  });
});

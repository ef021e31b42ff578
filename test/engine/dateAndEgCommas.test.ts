/**
 * The comma in dates (`rules/dateCommas.ts`: a convention measured on edited English) and after e.g./i.e. as the
 * `egComma` setting asks (`rules/egCommas.ts`): typographic rules on the text alone, so the linter has no models here.
 */
import { strict as assert } from 'assert';
import { makeLinter } from '../../server/src/engine';
import { Finding, LintOptions } from '../../server/src/engine/types';

const linter = makeLinter({});

function fixed(text: string, ruleId: string, options: LintOptions = {}): string {
  const edits = linter
    .lint(text, options)
    .filter((f: Finding) => f.ruleId === ruleId)
    .flatMap((f) => f.fixes[0].edits)
    .sort((a, b) => b.start.offset - a.start.offset);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start.offset) + e.newText + out.slice(e.end.offset);
  return out;
}

describe('engine: date commas', () => {
  it('asks for the comma between the day and the year, and after a weekday before a date', () => {
    assert.equal(fixed('The site launched on March 3 2021 after a long beta.', 'date-comma'), 'The site launched on March 3, 2021 after a long beta.');
    assert.equal(fixed('We meet on Monday May 4 in the lobby.', 'date-comma'), 'We meet on Monday, May 4 in the lobby.');
    assert.equal(fixed('It shipped on Monday May 4 2020.', 'date-comma'), 'It shipped on Monday, May 4, 2020.');
    assert.equal(fixed('Filed Sept. 30 2019 by the clerk.', 'date-comma'), 'Filed Sept. 30, 2019 by the clerk.');
  });

  it('leaves alone dates that have their commas, ordinal days, day-first dates, and numbers that are no date', () => {
    for (const text of [
      'The site launched on March 3, 2021, after a long beta.',
      'We meet on Monday, May 4.',
      'The Data Jam on March 27th 2014 will gather experts.',
      'The law took effect on 3 March 2021.',
      'In May 2021 we moved.',
      'Chapter 3 2021 edition.',
      'Release May 4 2021.3 fixed it.',
      'The March 12 deadline passed.',
    ])
      assert.deepEqual(
        linter.lint(text).filter((f) => f.ruleId === 'date-comma').map((f) => f.message),
        [],
        text,
      );
  });

  it('gives each finding the confidence the editors\' share measured, below 1', () => {
    const [f] = linter.lint('Due March 3 2021.').filter((x) => x.ruleId === 'date-comma');
    assert.ok(f.confidence > 0.95 && f.confidence < 1, String(f.confidence));
  });
});

describe('engine: e.g. and i.e. commas (egComma)', () => {
  const text = 'Pick a fruit, e.g. an apple, or a vegetable, i.e., anything green. E.g. (see above) works.';

  it('reports nothing by default (off)', () => {
    assert.deepEqual(linter.lint(text).filter((f) => f.ruleId === 'eg-comma'), []);
    assert.deepEqual(linter.lint(text, { egComma: 'off' }).filter((f) => f.ruleId === 'eg-comma'), []);
  });

  it('always: inserts the missing commas, as style findings', () => {
    assert.equal(fixed(text, 'eg-comma', { egComma: 'always' }), 'Pick a fruit, e.g., an apple, or a vegetable, i.e., anything green. E.g., (see above) works.');
    assert.ok(linter.lint(text, { egComma: 'always' }).filter((f) => f.ruleId === 'eg-comma').every((f) => f.severity === 'info'));
  });

  it('never: deletes the written ones', () => {
    assert.equal(fixed(text, 'eg-comma', { egComma: 'never' }), 'Pick a fruit, e.g. an apple, or a vegetable, i.e. anything green. E.g. (see above) works.');
  });

  it('leaves alone look-alikes inside words and at a sentence end', () => {
    for (const t of ['The vie.g. file.', 'Use the pie.e. form.', 'This is what we mean, i.e.'])
      assert.deepEqual(linter.lint(t, { egComma: 'always' }).filter((f) => f.ruleId === 'eg-comma'), [], t);
  });
});

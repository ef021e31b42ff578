/**
 * Comma gaps (`engine/commaGaps/`): which question each gap of a sentence as written asks (an empty gap: is a comma
 * missing; a lone comma: is it stray; anything else: none), what kind of comma the parse says it is about, and the
 * findings of the model trained on edited English on real sentences: a pair left half open is closed, a pair missing
 * both commas is one finding with one fix, a stray comma is removed, and clean sentences get nothing.
 */
import { strict as assert } from 'assert';
import { makeLinter } from '../../server/src/engine';
import { gapHead, gapKind, gapSentence } from '../../server/src/engine/commaGaps/features';
import { commaGapFindings } from '../../server/src/engine/commaGaps/findings';
import { modelSchemaProblem } from '../../server/src/engine/modelSchemas';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { candidates } from '../../server/src/engine/correction/pipeline/candidates';
import type { GuardVeto } from '../../server/src/engine/correction/guards/registry';
import { Finding } from '../../server/src/engine/types';
import { trainedEngineParts } from './trainedParts';

describe('comma gaps learned from edited English', function () {
  this.timeout(60000);
  const parts = trainedEngineParts();
  const parse = (text: string) => parts().analyser!.parseText(text)[0];
  const questions = (text: string) => {
    const s = parse(text);
    const g = gapSentence(s, treeInfo(s.tree));
    return s.tree.words.slice(0, -1).map((w, k) => {
      const head = gapHead(s, k + 1);
      return `${w.form}:${head ? `${head}/${gapKind(g, k + 1, head)}` : '-'}`;
    });
  };
  const lint = (text: string, options = {}) => makeLinter(parts()).lint(text, options);
  /** Each finding's fix, shown in the text: `word⟦+,⟧` for an inserted comma, `word⟦−,⟧` for a removed one. */
  const fixes = (text: string, fs: Finding[]) =>
    fs.map((f) =>
      f.fixes[0].edits
        .map((e) => (e.newText === ',' ? `${text.slice(0, e.start.offset).split(' ').pop()}⟦+,⟧` : `${text.slice(0, e.start.offset).split(' ').pop()}⟦−${text.slice(e.start.offset, e.end.offset)}⟧`))
        .join(' '),
    );

  it('asks at every gap between two written words: missing at an empty one, stray at a lone comma', () => {
    // The gap after "brother" opens the relative clause and the gap after "Boston" closes it; the comma after
    // "teacher" stands between the subject and its verb.
    assert.deepEqual(questions('My brother who lives in Boston is a doctor.'), [
      'My:missing/other',
      'brother:missing/relative',
      'who:missing/other',
      'lives:missing/other',
      'in:missing/other',
      'Boston:missing/relative',
      'is:missing/other',
      'a:missing/other',
    ]);
    assert.equal(questions('In 2010 the company grew quickly.')[1], '2010:missing/introductory');
    assert.equal(questions('The old teacher, grows tomatoes.')[2], 'teacher:stray/subject-verb');
  });

  it('asks nothing inside a written word nor where another mark stands', () => {
    // "don't" is one written token of two words; the colon's gap is another mark's.
    const q = questions("We don't know: it rained.");
    assert.equal(q[1], 'do:-');
    assert.equal(q[3], 'know:-');
  });

  /** The model's own findings on one sentence (as the engine asks it, with the punctuation model's comma prior). */
  const gaps = (text: string) => {
    const s = parse(text);
    const found = commaGapFindings(s, text, parts().kinds!.gaps!, { prior: parts().model!.commaPrior?.(s.tree) });
    return { rules: found.map((f) => f.finding.ruleId), fixes: fixes(text, found.map((f) => asFinding(f.finding))) };
  };
  const asFinding = (f: { fixes: Array<{ edits: Array<{ start: number; end: number; newText: string }> }> }) =>
    ({ fixes: [{ edits: f.fixes[0].edits.map((e) => ({ start: { offset: e.start }, end: { offset: e.end }, newText: e.newText })) }] }) as unknown as Finding;

  it('adds the comma an apposition left out', () => {
    assert.deepEqual(gaps('We met Anna Smith the new director at the airport.').fixes.slice(0, 1), ['Smith⟦+,⟧']);
  });

  it('adds the comma after a fronted phrase, and removes one before a restrictive clause', () => {
    assert.deepEqual(gaps('In 1997 President Bill Clinton issued a memo.'), { rules: ['introductory-comma'], fixes: ['1997⟦+,⟧'] });
    assert.deepEqual(gaps('The report, that we wrote last year is online.').fixes, ['report⟦−,⟧']);
  });

  it('finds nothing in sentences punctuated as editors do', () => {
    for (const text of ['My brother, who lives in Boston, is a doctor.', 'The people who live here are friendly.', 'Take the train that leaves at noon.', 'After the meeting, we went home.'])
      assert.deepEqual(gaps(text), { rules: [], fixes: [] }, text);
  });

  it('is asked by the linter only under commaGaps (off by default)', () => {
    const text = 'We met Anna Smith the new director at the airport.';
    const on = lint(text, { commaGaps: true });
    const off = lint(text);
    assert.ok(on.length > off.length, `on: ${on.length}, off: ${off.length}`);
  });

  it("follows a guard's veto unless the guard is one it ignores (measured on dev)", () => {
    // Dev sentences whose stray comma a guard keeps the punctuation model from deleting: list-coordinator-ahead (a
    // coordinator further on) and gerund-apposition ("using" read as a gerund); the gap model removes it all the same.
    const vetoedBy = (text: string, word: string) => {
      const s = parse(text);
      const vetoes: GuardVeto[] = [];
      candidates(s, treeInfo(s.tree), undefined, 0, undefined, vetoes);
      const slot = s.tree.words.findIndex((w) => w.form === word) + 1;
      return vetoes.filter((v) => v.slot === slot && v.action === 'delete').map((v) => v.guard);
    };
    for (const [text, word, guard, fix] of [
      ['Her research interests include, questionnaire design and cross-cultural issues in surveys.', 'include', 'list-coordinator-ahead', 'include⟦−,⟧'],
      ['You can also follow this tutorial using, your local development environment.', 'using', 'gerund-apposition', 'using⟦−,⟧'],
    ]) {
      assert.deepEqual(vetoedBy(text, word), [guard], text);
      assert.deepEqual(fixes(text, lint(text)), [], text);
      assert.deepEqual(fixes(text, lint(text, { commaGaps: true })), [fix], text);
    }
  });

  it('refuses a model file of another shape, naming what is wrong', () => {
    assert.equal(modelSchemaProblem('commaGaps', { version: 'x', bits: 18, thresholds: { missing: {}, stray: {} }, weights: [[1, 0.5]] }), undefined);
    assert.match(modelSchemaProblem('commaGaps', { version: 'x', bits: 18, thresholds: { missing: {} }, weights: [] }) ?? '', /thresholds.*stray/);
  });
});

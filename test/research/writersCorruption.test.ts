import * as assert from 'assert';
import { loadParser } from '../../server/src/parser';
import { defaultModelDir, punctModelFile } from '../../server/src/engine';
import { draftOf, renderDraft } from '../../server/research/eval/draft';
import { corruptByKind, corruptionsOfError, ErrorKind, applicableErrors } from '../../server/research/eval/corrupt';
import { spliceGold } from '../../server/research/eval/splice';
import { judge, slotEdits } from '../../server/research/eval/score';
import { seededRng } from '../../server/research/eval/rng';
import { GoldSentence } from '../../server/research/eval/goldSentence';
import { silverGold } from '../../server/research/corruption/silverSentence';
import { BENCH_KINDS, WRITER_ERROR_RATES } from '../../server/research/corruption/rates';
import * as fs from 'fs';

/** Each kind of writer's error on a sentence of edited prose, and one corrupted text it must be able to produce. */
const CASES: Array<[ErrorKind, string, string]> = [
  ['introductory-comma-missing', 'In the winter, the garden grows quickly.', 'In the winter the garden grows quickly.'],
  ['relative-clause-comma-missing', 'My brother, who lives in Boston, is a doctor.', 'My brother who lives in Boston, is a doctor.'],
  ['relative-clause-comma-missing', 'My brother, who lives in Boston, is a doctor.', 'My brother, who lives in Boston is a doctor.'],
  ['appositive-comma-missing', 'Our manager, Karen Higa, answered every question.', 'Our manager, Karen Higa answered every question.'],
  ['clause-coordinator-comma-missing', 'We tested the new site, and the users liked it.', 'We tested the new site and the users liked it.'],
  ['aside-closing-comma-missing', 'The plan, however, failed in the end.', 'The plan, however failed in the end.'],
  ['subject-verb-comma-added', 'All the students in my class passed the exam.', 'All the students in my class, passed the exam.'],
  ['verb-object-comma-added', 'She told me that she would come later.', 'She told me, that she would come later.'],
  ['restrictive-clause-comma-added', 'The book that I bought yesterday is very long.', 'The book, that I bought yesterday is very long.'],
  ['comma-after-coordinator', 'We bought eggs and bread at the market.', 'We bought eggs and, bread at the market.'],
  ['quote-transposition', 'He called it “the best day of his life.”', 'He called it “the best day of his life”.'],
  ['doubled-mark', 'Yes, we can do that.', 'Yes,, we can do that.'],
  ['stacked-marks', 'We left early.', 'We left early,.'],
  ['unbalanced-bracket', 'The museum (which opened in 1990) is very popular.', 'The museum (which opened in 1990 is very popular.'],
  ['semicolon-colon-confusion', 'We need three things: apples, pears and plums.', 'We need three things; apples, pears and plums.'],
  ['final-mark-missing', 'We left early.', 'We left early'],
];

describe('research: the writers’ error generator on parsed sentences', function () {
  let parse: (text: string) => GoldSentence[];
  before(function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir()))) this.skip();
    const parser = loadParser();
    parse = (text) => parser.parseText(text).map((s) => silverGold({ source: 't', doc: 0, par: 0, text: text.slice(s.start, s.end), tree: s.tree })!);
  });

  for (const [kind, text, expected] of CASES) {
    it(`${kind}: ${expected}`, () => {
      const [g] = parse(text);
      assert.ok(g, 'the silver sentence aligns with its tokens');
      const d = draftOf(g);
      assert.strictEqual(renderDraft(d).text, text);
      const all = corruptionsOfError(d, kind);
      const c = all.find((x) => renderDraft(x.draft).text === expected);
      assert.ok(c, `${kind} makes ${JSON.stringify(expected)}; it made ${JSON.stringify(all.map((x) => renderDraft(x.draft).text))}`);
      assert.strictEqual(c.error, kind);
      // The edit that writes back each changed slot as it was is judged correct, and nothing else changed.
      const r = renderDraft(c.draft);
      const orig = renderDraft(d);
      const edits = [...c.gold.keys()].map((i) => ({ start: r.regions[i].start, end: r.regions[i].end, newText: orig.text.slice(orig.regions[i].start, orig.regions[i].end) }));
      const j = judge(c, slotEdits(r, edits));
      assert.deepStrictEqual([j.wrong, j.missed], [[], []]);
      assert.ok(j.correct.length > 0);
    });
  }

  it('does not set a semicolon for a colon that follows no complete clause', () => {
    const [g] = parse('Slide 52: Expectations of the users.');
    assert.deepStrictEqual(corruptionsOfError(draftOf(g), 'semicolon-colon-confusion'), []);
  });

  it('joins two sentences into a comma splice or a fused sentence, the period being the gold repair', () => {
    const [a, b] = parse('It was late. We went home.');
    for (const fused of [false, true]) {
      const j = spliceGold(a, b, fused)!;
      assert.strictEqual(renderDraft(j.corrupted).text, fused ? 'It was late we went home.' : 'It was late, we went home.');
      assert.strictEqual(renderDraft(j.original).text, 'It was late. We went home.');
    }
  });

  it('is deterministic with a seed', () => {
    const sentences = parse('In the winter, the garden grows. My brother, who lives in Boston, is a doctor. We tested the site, and the users liked it.');
    const run = (seed: number) => {
      const rng = seededRng(seed);
      return sentences.flatMap((g) => applicableErrors(draftOf(g)).map((k) => renderDraft(corruptByKind(draftOf(g), rng, k)!.draft).text));
    };
    assert.deepStrictEqual(run(5), run(5));
    assert.ok(run(5).length >= 6);
  });

  it('states a rate and its source for every kind the benchmark draws', () => {
    for (const k of BENCH_KINDS) {
      const r = WRITER_ERROR_RATES[k]!;
      assert.ok(r.per1k > 0 && r.source.length > 10, k);
    }
  });
});

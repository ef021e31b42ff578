import * as assert from 'assert';
import * as fs from 'fs';
import { loadParser } from '../../server/src/parser';
import { defaultModelDir, punctModelFile } from '../../server/src/engine';
import { draftOf, renderDraft, Draft } from '../../server/research/eval/draft';
import { corruptionsOfError, ErrorKind } from '../../server/research/eval/corrupt';
import { pick, Rng, seededRng } from '../../server/research/eval/rng';
import { silverGold } from '../../server/research/corruption/silverSentence';
import { DEFAULT_RATES, drawCorruptions, gapRates, MISSING_KINDS, STRAY_KINDS } from '../../server/research/commaGaps/examples';

/** Sentences of edited prose where most kinds of the comma-gap examples apply. */
const SENTENCES = [
  'My brother, who lives in Boston, is a doctor.',
  'In the winter, the students in my class told me that the book that I bought was long.',
  'We tested the new site, and the users liked it, but the plan, however, failed.',
  'Our manager, Karen Higa, answered every question that we asked.',
  'We bought eggs and bread at the market because we can make breakfast.',
];

/** The draws of the recipe before `comma-added` was a kind of the examples (the shipped model's), written out. */
function shippedRecipe(draft: Draft, rates: ReadonlyMap<ErrorKind, number>, rng: Rng): string[] {
  const out: string[] = [];
  for (const error of [...MISSING_KINDS, ...STRAY_KINDS.filter((k) => k !== 'comma-added')]) {
    if (rng() >= (rates.get(error) ?? 0)) continue;
    const all = corruptionsOfError(draft, error);
    if (!all.length) continue;
    out.push(renderDraft(pick(rng, all).draft).text);
  }
  return out;
}

describe('research: the comma-gap examples’ draws', function () {
  let drafts: Draft[];
  before(function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir()))) this.skip();
    const parser = loadParser();
    drafts = SENTENCES.map((text) => {
      const [s] = parser.parseText(text);
      return draftOf(silverGold({ source: 't', doc: 0, par: 0, text, tree: s.tree })!);
    });
  });

  it('plant no comma-added by default', () => {
    assert.strictEqual(gapRates(DEFAULT_RATES, 0).get('comma-added'), 0);
  });

  // The default (`--comma-added-rate 0`) must rebuild the shipped model's examples byte for byte: the same draws from
  // the same random stream, sentence after sentence, at the shipped rates and with every kind drawn.
  for (const [name, rate] of [['the shipped rates', DEFAULT_RATES], ['every kind at rate 1', DEFAULT_RATES.replace(/=[0-9.]+/g, '=1')]] as const) {
    it(`at comma-added rate 0 draw what the shipped recipe drew (${name})`, () => {
      const rates = gapRates(rate, 0);
      const a = seededRng(7);
      const b = seededRng(7);
      let drawn = 0;
      for (let round = 0; round < 20; round++) {
        for (const d of drafts) {
          const mine = drawCorruptions(d, rates, a).map((c) => renderDraft(c.draft).text);
          assert.deepStrictEqual(mine, shippedRecipe(d, rates, b));
          drawn += mine.length;
        }
      }
      assert.strictEqual(a(), b(), 'the random streams are at the same place');
      assert.ok(drawn > 20, `some corruptions drawn (${drawn})`);
    });
  }

  it('at comma-added rate 1 add one generic stray comma per sentence and keep the other kinds’ draws', () => {
    const all = DEFAULT_RATES.replace(/=[0-9.]+/g, '=1');
    for (const d of drafts) {
      const without = drawCorruptions(d, gapRates(all, 0), seededRng(3));
      const withIt = drawCorruptions(d, gapRates(all, 1), seededRng(3));
      assert.deepStrictEqual(withIt.slice(0, without.length).map((c) => renderDraft(c.draft).text), without.map((c) => renderDraft(c.draft).text));
      const added = withIt.slice(without.length);
      assert.deepStrictEqual(added.map((c) => c.error), ['comma-added'], renderDraft(d).text);
      // One comma more than the sentence as written, nothing else changed but spacing.
      const commas = (s: string) => (s.match(/,/g) ?? []).length;
      assert.strictEqual(commas(renderDraft(added[0].draft).text), commas(renderDraft(d).text) + 1);
    }
  });

  it('take comma-added only from its own option, and refuse unknown kinds and rates that are no probabilities', () => {
    assert.throws(() => gapRates(`${DEFAULT_RATES},comma-added=0.25`, 0), /--comma-added-rate/);
    assert.throws(() => gapRates('subject-verb-comma-add=0.25', 0), /not a kind/);
    assert.throws(() => gapRates('subject-verb-comma-added=2', 0), /not a probability/);
    assert.throws(() => gapRates(DEFAULT_RATES, -0.1), /not a probability/);
    assert.strictEqual(gapRates(DEFAULT_RATES, 0.25).get('comma-added'), 0.25);
  });
});

/**
 * The comma after a sentence-initial transition ("However", "For example"): what `introductoryComma: auto` (the
 * default) reports without a habit, and `edited` besides the learned convention (journal, "introductory commas at the
 * default").
 */
import * as assert from 'assert';
import { readTreebank } from '../../server/src/data/treebank';
import { depunctuate } from '../../server/src/data/depunct';
import { parseConllu } from '../../server/src/data/conllu';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { DEFAULT_INTRODUCTORY_COMMA, Finding, makeLinter } from '../../server/src/engine';
import { introductoryStyleAt, transitionAt, TRANSITIONS, VETO_MIN_COUNT, writtenIntroductions } from '../../server/src/engine/correction/style/introductoryConvention';
import { ewtFile, haveEwt } from '../ewt';
import { trainedEngineParts } from './trainedParts';

type Row = [string, string, string, number, string];

/** One CoNLL-U sentence from (form, upos, xpos, head, deprel) rows. */
function conllu(rows: Row[]): string {
  return rows.map(([form, upos, xpos, head, rel], k) => [k + 1, form, form.toLowerCase(), upos, xpos, '_', head, rel, '_', '_'].join('\t')).join('\n') + '\n\n';
}

function trees(...sentences: Row[][]) {
  return parseConllu(sentences.map(conllu).join('')).map((s) => {
    const d = depunctuate(s);
    assert.ok(d.ok);
    return { tree: d.tree, info: treeInfo(d.tree) };
  });
}

const intro = (fs: Finding[]) => fs.filter((f) => f.ruleId === 'introductory-comma');

describe('engine: the comma after a transition', function () {
  this.timeout(120000);

  it('a transition is the whole introductory element, word for word; not its degree or wh-use, not a longer phrase', () => {
    /** The sentence "<element> we stayed", the element's words before "we", its last word the head. */
    const opening = (words: Array<[string, string, string]>, rel: string): Row[] => {
      const n = words.length;
      const rows: Row[] = words.map(([form, upos, xpos], k) => [form, upos, xpos, k === n - 1 ? n + 2 : n, k === n - 1 ? rel : k === 0 ? 'case' : 'det']);
      return [...rows, ['we', 'PRON', 'PRP', n + 2, 'nsubj'], ['stayed', 'VERB', 'VBD', 0, 'root']];
    };
    const t = trees(
      opening([['However', 'ADV', 'RB']], 'advmod'),
      opening([['For', 'ADP', 'IN'], ['example', 'NOUN', 'NN']], 'obl'),
      opening([['On', 'ADP', 'IN'], ['the', 'DET', 'DT'], ['other', 'ADJ', 'JJ'], ['hand', 'NOUN', 'NN']], 'obl'),
      opening([['In', 'ADP', 'IN'], ['the', 'DET', 'DT'], ['end', 'NOUN', 'NN']], 'obl'),
      opening([['Also', 'ADV', 'RB']], 'advmod'),
      opening([['How', 'ADV', 'WRB']], 'advmod'),
      // "However much it costs we pay" read with "However" alone before the root: the degree use, not a transition.
      [['However', 'ADV', 'RB', 5, 'advmod'], ['much', 'ADV', 'RB', 5, 'advmod'], ['it', 'PRON', 'PRP', 5, 'nsubj'], ['costs', 'VERB', 'VBZ', 5, 'dep'], ['we', 'PRON', 'PRP', 6, 'nsubj'], ['pay', 'VERB', 'VBP', 0, 'root']],
    );
    const at = (k: number, i: number) => transitionAt(t[k].tree, t[k].info, i);
    assert.deepStrictEqual(
      [at(0, 1), at(1, 2), at(2, 4), at(3, 3), at(4, 1), at(5, 1), at(6, 1)],
      ['however', 'for example', 'on the other hand', undefined, undefined, undefined, undefined],
    );
    const conv = { minCount: 10, minShare: 0.75, counts: { 'phrase/in/2-3': { n: 20, comma: 19 } } };
    assert.deepStrictEqual(
      [introductoryStyleAt(t[0].tree, t[0].info, 1, conv), introductoryStyleAt(t[3].tree, t[3].info, 3, conv), introductoryStyleAt(t[4].tree, t[4].info, 1, conv)],
      ['transition', 'convention', undefined],
    );
  });

  it('EWT train’s writers do not contradict any transition (≥ 5 elements: comma share ≥ 0.75)', function () {
    if (!haveEwt()) this.skip();
    const counts = new Map<string, { n: number; comma: number }>();
    for (const s of readTreebank(ewtFile('train')).sentences) {
      const d = depunctuate(s);
      if (!d.ok) continue;
      const info = treeInfo(d.tree);
      for (const el of writtenIntroductions(d.tree, info)) {
        const t = transitionAt(d.tree, info, el.slot);
        if (!t) continue;
        const c = counts.get(t) ?? { n: 0, comma: 0 };
        c.n++;
        if (el.comma) c.comma++;
        counts.set(t, c);
      }
    }
    for (const t of counts.keys()) assert.ok(TRANSITIONS.includes(t));
    const contradicted = [...counts].filter(([, c]) => c.n >= VETO_MIN_COUNT && c.comma / c.n < 0.75);
    assert.deepStrictEqual(contradicted, []);
    const all = [...counts.values()].reduce((a, c) => ({ n: a.n + c.n, comma: a.comma + c.comma }), { n: 0, comma: 0 });
    assert.ok(all.n >= 100 && all.comma / all.n >= 0.75, JSON.stringify(all));
    assert.ok((counts.get('however')?.n ?? 0) >= 40, 'the conjunctive "However" is most of them');
  });

  describe('with the trained parser and model', () => {
    const parts = trainedEngineParts();

    it('the default reports the comma after a transition in a sentence alone; ignore does not; edited gives the same finding', () => {
      const linter = makeLinter(parts());
      assert.strictEqual(DEFAULT_INTRODUCTORY_COMMA, 'auto');
      for (const [text, fixed] of [
        ['However we decided to stay.', 'However, we decided to stay.'],
        ['Nevertheless the team won the game.', 'Nevertheless, the team won the game.'],
        ['For example we could stay at home.', 'For example, we could stay at home.'],
        ['On the other hand the price is high.', 'On the other hand, the price is high.'],
        // The parser reads the transition with its comma (`parser/transitionComma.ts`); else "lives" was a noun.
        ['For example my brother lives in London.', 'For example, my brother lives in London.'],
        // The model finds the comma rare before a copular predicate (Δ −0.36), but not e : 1 against it.
        ['In addition the hotel was far from the center.', 'In addition, the hotel was far from the center.'],
        // The transitions of essays (journal, "the transitions of learners' essays").
        ['Firstly I want to talk about the environment.', 'Firstly, I want to talk about the environment.'],
        ['In my opinion social media is harmful for teenagers.', 'In my opinion, social media is harmful for teenagers.'],
      ]) {
        const [f, ...rest] = intro(linter.lint(text));
        assert.ok(f, text);
        assert.strictEqual(rest.length, 0);
        assert.strictEqual(f.severity, 'info', 'a style finding');
        assert.strictEqual(f.confidence, 0.9);
        assert.match(f.message, /^Edited prose sets off the introductory/);
        const edits = f.fixes[0].edits;
        assert.strictEqual(edits.length, 1);
        assert.strictEqual(text.slice(0, edits[0].start.offset) + edits[0].newText + text.slice(edits[0].end.offset), fixed);
        assert.deepStrictEqual(intro(linter.lint(text, { introductoryComma: 'ignore' })), [], text);
        assert.deepStrictEqual(intro(linter.lint(text, { introductoryComma: 'edited' })), [f], text);
      }
    });

    it('leaves alone the degree and wh-uses, a comma already there, and what is not a transition', () => {
      const linter = makeLinter(parts());
      for (const text of ['However hard I try I cannot finish it.', 'However much it costs we will pay.', 'However you do it it will work.', 'However, we decided to stay.', 'Also we went home.', 'Then we went home.', 'In fact the shop was closed.']) {
        // No comma after the word itself ("However you do it" may still want one after its clause). Under the
        // calibrated decision: the learned scorer asks for `However⟦,⟧ much it costs` (0.89), a known false alarm of it.
        const after = intro(linter.lint(text, { decision: 'calibrated' })).filter((f) => f.fixes[0]?.edits[0]?.start.offset === text.indexOf(' '));
        assert.deepStrictEqual(after, [], text);
      }
    });

    it('a covered element that is no transition waits for the writer’s habit: alone, edited prose’s rate decides', () => {
      const linter = makeLinter(parts());
      for (const text of ['Finally we reached home late.', 'Although it rained we went out.']) {
        const [f, ...rest] = intro(linter.lint(text));
        assert.ok(f && rest.length === 0, text);
        assert.match(f.message, /as edited prose does after most such elements/);
      }
      const never = 'Although it rained we went out. Although it was late we stayed. Although we were tired we danced. Although it was cold we swam.';
      assert.deepStrictEqual(intro(linter.lint(never)), [], 'a writer who never sets it off');
      assert.strictEqual(intro(linter.lint(never, { introductoryComma: 'edited' })).length, 4, 'edited still holds it to the convention');
    });
  });
});

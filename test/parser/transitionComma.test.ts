/**
 * The comma a sentence-initial transition is read with (`transitionComma.ts`): which sentences get it, and that the
 * parse then finds the clause the transition introduces while the tree keeps what was written.
 */
import * as assert from 'assert';
import { loadParser } from '../../server/src/parser';
import { TreeWord } from '../../server/src/data/depunct';
import { clauseAfterTransition, parseDetached, transitionCommaAt, withTransitionComma } from '../../server/src/parser/transitionComma';

/** Words and their slots as the parser reads them; `marks[i]` is written before word i, the sentence ends in ".". */
function sentence(text: string, marks: Record<number, string> = {}) {
  const forms = text.split(' ');
  const slots = Array.from({ length: forms.length + 1 }, (_, i) => (i === forms.length ? ['.'] : marks[i] ? [marks[i]] : []));
  return { forms, slots };
}

describe('parser: the comma after a sentence-initial transition', () => {
  it('is read after a transition that opens the sentence with nothing written after it', () => {
    assert.strictEqual(transitionCommaAt(sentence('For example my brother lives in London')), 2);
    assert.strictEqual(transitionCommaAt(sentence('On the other hand many people like it')), 4);
    assert.strictEqual(transitionCommaAt(sentence('moreover the price is too high')), 1, 'lower case as learners write it');
    const read = withTransitionComma(sentence('In other words the table is set'));
    assert.deepStrictEqual(read.slots[3], [',']);
    assert.deepStrictEqual(read.slots.filter((s) => s.length).length, 2, 'only that comma is added');
  });

  it('is not read where it is written, where the phrase may run on, or where the words are no transition', () => {
    const none = (s: ReturnType<typeof sentence>, why: string) => {
      assert.strictEqual(transitionCommaAt(s), 0, why);
      assert.strictEqual(withTransitionComma(s), s, why);
    };
    none(sentence('For example my brother lives in London', { 2: ',' }), 'the comma is written');
    none(sentence('For example my brother lives in London', { 2: '—' }), 'another mark is written');
    none(sentence('In addition to the fee you pay tax'), 'a preposition that complements the phrase');
    none(sentence('As a result of the storm we stayed'), '"as a result of"');
    none(sentence('However you look at it it is wrong'), '"however" has a comma-less use');
    none(sentence('Otherwise healthy people got sick'), '"otherwise" modifies an adjective');
    none(sentence('In my brother lives a poet'), 'no transition');
    none(sentence('He said for example that it works'), 'not at the start');
    none(sentence('For example it', {}), 'too short a clause after it');
    none(sentence('For example my brother lives here', { 0: '"' }), 'a mark before it');
  });

  it('tells where the clause after a transition and its comma opens', () => {
    assert.strictEqual(clauseAfterTransition(...args(sentence('For example my brother lives in London', { 2: ',' }))), 2);
    assert.strictEqual(clauseAfterTransition(...args(sentence('However my friend works there', { 1: ',' }))), 1);
    assert.strictEqual(clauseAfterTransition(...args(sentence('For example my brother lives in London'))), 0, 'no comma');
    assert.strictEqual(clauseAfterTransition(...args(sentence('My brother lives in London'))), 0);
  });

  it('parses a one-word transition set off by a comma apart from its clause, and hangs it on the clause\'s root', () => {
    // A stand-in parser: each word hangs on the last, which is the root.
    const seen: string[][] = [];
    const parse = (rest: { forms: string[]; slots: string[][] }): TreeWord[] => {
      seen.push([...rest.forms, ...rest.slots.map((s) => s.join(''))]);
      return rest.forms.map((form, i) => ({ form, lemma: '_', upos: 'X', xpos: 'X', feats: '_', head: i === rest.forms.length - 1 ? 0 : rest.forms.length, deprel: 'dep' }));
    };
    const words = parseDetached(sentence('Firstly smartphones are useful', { 1: ',' }), parse)!;
    assert.deepStrictEqual(seen, [['smartphones', 'are', 'useful', '', '', '', '.']], 'the clause alone, with no mark before it');
    assert.deepStrictEqual(words.map((w) => [w.form, w.upos, w.head, w.deprel]), [
      ['Firstly', 'ADV', 4, 'advmod'],
      ['smartphones', 'X', 4, 'dep'],
      ['are', 'X', 4, 'dep'],
      ['useful', 'X', 0, 'dep'],
    ]);
    // Only a transition with its comma (written, or read by `withTransitionComma`) before two words or more.
    assert.ok(parseDetached(withTransitionComma(sentence('Moreover teachers are tired')), parse));
    for (const s of [sentence('Firstly smartphones are useful'), sentence('Firstly it', { 1: ',' }), sentence('Soon we left home', { 1: ',' })])
      assert.strictEqual(parseDetached(s, parse), undefined, s.forms.join(' '));
    // A phrase is parsed on its own too, its head hung on the clause's root: the stand-in tags it X, so
    // as an `advmod`; a noun head would be an `obl`.
    seen.length = 0;
    const phrase = parseDetached(sentence('For example my brother lives here', { 2: ',' }), parse)!;
    assert.deepStrictEqual(seen, [['my', 'brother', 'lives', 'here', '', '', '', '', '.'], ['For', 'example', '', '', '']]);
    assert.deepStrictEqual(phrase.map((w) => [w.form, w.head, w.deprel]), [
      ['For', 2, 'dep'],
      ['example', 6, 'advmod'],
      ['my', 6, 'dep'],
      ['brother', 6, 'dep'],
      ['lives', 6, 'dep'],
      ['here', 0, 'dep'],
    ]);
  });

  it('keeps a transition phrase out of a bare plural subject after it', function () {
    this.timeout(60000);
    const parser = loadParser();
    // Before, "smartphones" was the object of "of" and "students" the object of "On", comma or not.
    for (const [text, head, rel] of [
      ['First of all, smartphones help students to learn.', 'First', 'advmod'],
      ['First of all smartphones help students to learn.', 'First', 'advmod'],
      ['On the other hand students need more time.', 'hand', 'obl'],
      // An essay's transition (journal, "more of the essay's transitions").
      ['On the one hand students need more time.', 'hand', 'obl'],
    ]) {
      const { words } = parser.parseText(text)[0].tree;
      const root = words.findIndex((w) => w.head === 0) + 1;
      const phraseHead = words.find((w) => w.form === head)!;
      assert.deepStrictEqual([phraseHead.head, phraseHead.deprel], [root, rel], text);
      assert.ok(words.some((w) => /^(smartphones|students)$/.test(w.form) && w.deprel === 'nsubj' && w.head === root), text);
    }
  });

  it('keeps a one-word transition out of a bare plural subject', function () {
    this.timeout(60000);
    const parser = loadParser();
    // Before, "Firstly" was an `amod` of "smartphones" and "Moreover" a compound of "teachers".
    for (const text of ['Firstly smartphones are very useful.', 'Firstly, smartphones are very useful.', 'Moreover teachers are tired.']) {
      const { words } = parser.parseText(text)[0].tree;
      const root = words.findIndex((w) => w.head === 0) + 1;
      assert.deepStrictEqual([words[0].upos, words[0].head, words[0].deprel], ['ADV', root, 'advmod'], text);
      assert.strictEqual(words[1].deprel, 'nsubj', text);
    }
  });

  it('lets the parser find the clause a transition without its comma introduces, keeping the slots as written', function () {
    this.timeout(60000);
    const parser = loadParser();
    // Without the repairs the tagger read "lives" as the plural of "life", and "example" became the root.
    const [s] = parser.parseText('For example my brother lives in London.');
    const root = s.tree.words.find((w) => w.head === 0)!;
    assert.strictEqual(root.form, 'lives');
    assert.strictEqual(root.upos, 'VERB');
    assert.strictEqual(s.tree.words[1].head, 5, '"example" hangs off the verb');
    assert.deepStrictEqual(s.tree.slots[2], [], 'the comma the parser read is not in the tree');
  });
});

const args = (s: ReturnType<typeof sentence>) => [s.forms, s.slots] as const;

import * as assert from 'assert';
import * as fs from 'fs';
import { loadParser } from '../../server/src/parser';
import { defaultModelDir, punctModelFile } from '../../server/src/engine';
import { draftOf, renderDraft } from '../../server/research/eval/draft';
import { corruptionsOfError, ErrorKind } from '../../server/research/eval/corrupt';
import { GoldSentence } from '../../server/research/eval/goldSentence';
import { silverGold } from '../../server/research/corruption/silverSentence';
import { EditedItem } from '../../server/research/corruption/editedSuite';
import { asksCommaBeforeThat, notAnApposition } from '../../server/research/corruption/benchItems';

describe('research: the edited bench drops items whose gold is wrong, never redrawing', function () {
  /** The sentences' silver gold as the bench reads them (the shipped parser). */
  let parse: (text: string) => GoldSentence[];
  before(function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir()))) this.skip();
    const parser = loadParser();
    parse = (text) => parser.parseText(text).map((s) => silverGold({ source: 't', doc: 0, par: 0, text: text.slice(s.start, s.end), tree: s.tree })!);
  });

  /** Every item of one error kind the generator makes of the sentence: its corrupted text, and whether it is dropped. */
  function itemsOf(error: ErrorKind, dropped: (it: EditedItem) => boolean, text: string): Array<[string, boolean]> {
    const [g] = parse(text);
    const d = draftOf(g);
    return corruptionsOfError(d, error).map((c) => {
      const it: EditedItem = { id: 't', error: c.error, doc: 0, par: 0, start: 0, end: text.length, original: renderDraft(d), corrupted: renderDraft(c.draft), corruption: c };
      return [it.corrupted.text, dropped(it)];
    });
  }

  describe('research: the edited bench drops items whose gold asks for a comma before a restrictive "that"', function () {
    const relativeItems = (text: string) => itemsOf('relative-clause-comma-missing', asksCommaBeforeThat, text);

    it('drops the opening comma of a "that" clause the writer set off', () => {
      const items = relativeItems('Each family will include an adaptive instruction, that maintains a counter.');
      assert.deepStrictEqual(items, [['Each family will include an adaptive instruction that maintains a counter.', true]]);
    });

    it('keeps the commas of a "which" or "who" clause', () => {
      const items = relativeItems('My brother, who lives in Boston, is a doctor.');
      assert.ok(items.length >= 2);
      assert.ok(items.every(([, dropped]) => !dropped), JSON.stringify(items));
    });
  });

  describe('research: the edited bench drops "appositive" items that are another kind of comma', function () {
    const appositiveItems = (text: string) => itemsOf('appositive-comma-missing', notAnApposition, text);

    it('keeps an apposition', () => {
      const items = appositiveItems('Lyme disease, a tick-borne bacterial infection, is a public health priority.');
      assert.ok(items.length >= 1);
      assert.ok(items.every(([, dropped]) => !dropped), JSON.stringify(items));
    });

    it('drops a list the parser read as appositions', () => {
      const items = appositiveItems('Footnote references consist of a left square bracket, a label, a right square bracket, and a trailing underscore.');
      assert.ok(items.length >= 1);
      assert.ok(items.every(([, dropped]) => dropped), JSON.stringify(items));
    });

    it('drops an absolute phrase the parser read as an apposition', () => {
      const items = appositiveItems('A contact center may handle a variety of call types, each requiring a special skill.');
      assert.ok(items.length >= 1);
      assert.ok(items.every(([, dropped]) => dropped), JSON.stringify(items));
    });

    it('drops a fronted phrase the parser made the root', () => {
      const items = appositiveItems('If the signal handler returns successfully, the Python wrapper retries the system call automatically.');
      assert.ok(items.length >= 1);
      assert.ok(items.every(([, dropped]) => dropped), JSON.stringify(items));
    });
  });
});

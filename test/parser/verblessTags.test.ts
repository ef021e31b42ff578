import * as assert from 'assert';
import { loadParser } from '../../server/src/parser';
import { repairVerblessTags } from '../../server/src/parser/verblessTags';
import { TagSet } from '../../server/src/parser/tagger';

const TAGS: TagSet = {
  upos: ['DET', 'NOUN', 'PROPN', 'VERB', 'AUX', 'ADJ', 'PRON', 'CCONJ', 'ADP', 'ADV'],
  xpos: ['DT', 'NN', 'NNS', 'NNP', 'VBZ', 'VBN', 'VBD', 'JJ', 'PRP$', 'CC', 'IN', 'VB', 'VBP', 'MD', 'RB'],
};

/** "form/UPOS/XPOS" words and the marks after each (the last one's ends the sentence). */
function sentence(words: string, marks: Record<number, string> = {}, end = '.') {
  const rows = words.split(' ').map((w) => w.split('/'));
  const n = rows.length;
  const slots: string[][] = Array.from({ length: n + 1 }, (_, i) => (i === n ? [end] : marks[i] ? [marks[i]] : []));
  const tags = {
    upos: Int32Array.from(rows.map((r) => TAGS.upos.indexOf(r[1]))),
    xpos: Int32Array.from(rows.map((r) => TAGS.xpos.indexOf(r[2]))),
  };
  return { forms: rows.map((r) => r[0]), slots, tags };
}

const retagged = (s: ReturnType<typeof sentence>) => {
  const out = repairVerblessTags(s.tags, s.forms, s.slots, TAGS);
  return out === s.tags ? [] : s.forms.filter((_, i) => out.upos[i] !== s.tags.upos[i] || out.xpos[i] !== s.tags.xpos[i]).map((f, i) => `${f}`);
};

const FATHER = 'His/PRON/PRP$ father/NOUN/NN a/DET/DT retired/VERB/VBN teacher/NOUN/NN writes/NOUN/NNS poems/NOUN/NNS';

describe('parser: the verbless-tagging repair', () => {
  it('makes the first -s word after a noun the verb of a sentence the tagger left without one', () => {
    const s = sentence(FATHER, { 2: ',', 5: ',' });
    const out = repairVerblessTags(s.tags, s.forms, s.slots, TAGS);
    assert.strictEqual(TAGS.upos[out.upos[5]], 'VERB');
    assert.strictEqual(TAGS.xpos[out.xpos[5]], 'VBZ');
    assert.deepStrictEqual(retagged(s), ['writes']);
    assert.deepStrictEqual(Array.from(s.tags.upos), Array.from(sentence(FATHER).tags.upos), 'the tagger\'s own tags are not changed');
    // Read as VBZ already but NOUN: only the coarse tag changes.
    assert.deepStrictEqual(retagged(sentence('The/DET/DT doctor/NOUN/NN treats/NOUN/VBZ children/NOUN/NNS')), ['treats']);
    // After an adverb that follows the noun phrase.
    assert.deepStrictEqual(retagged(sentence('A/DET/DT man/NOUN/NN never/ADV/RB talks/VERB/NNS about/ADP/IN work/NOUN/NN')), ['talks']);
  });

  it('leaves sentences with a verb, lists, headlines and short or unfinished sentences alone', () => {
    const none = (s: ReturnType<typeof sentence>, why: string) => assert.deepStrictEqual(retagged(s), [], why);
    none(sentence('The/DET/DT team/NOUN/NN plays/VERB/VBZ football/NOUN/NN'), 'a verb already');
    none(sentence('The/DET/DT team/NOUN/NN is/AUX/VBZ great/ADJ/JJ'), 'an auxiliary');
    none(sentence(FATHER, { 6: ',' }), 'a comma after the -s word: a list');
    none(sentence('The/DET/DT bucket/NOUN/NN seats/NOUN/NNS and/CCONJ/CC bars/NOUN/NNS'), 'a coordinator after it');
    none(sentence('The/DET/DT US/PROPN/NNP troops/NOUN/NNS fired/VERB/VBN into/ADP/IN crowds/NOUN/NNS'), 'a past form after it: its subject');
    none(sentence(FATHER, {}, ':'), 'no full stop: a heading');
    none(sentence('Good/ADJ/JJ sports/NOUN/NNS bar/NOUN/NN again/NOUN/NN'), 'not opening like a subject');
    none(sentence('A/DET/DT girl/NOUN/NN raises'.replace('raises', 'raises/NOUN/NNS')), 'the -s word last');
    none(sentence('My/PRON/PRP$ friend/NOUN/NN Jones/PROPN/NNP'), 'under four words');
  });

  it('gives the sentence a verb in the parse, where the tagger read a list', function () {
    this.timeout(60000);
    const parser = loadParser();
    for (const [text, verb] of [
      ['His father, a retired teacher, writes poems every morning.', 'writes'],
      ['My uncle, a famous chef cooks for the president.', 'cooks'],
    ]) {
      const words = parser.parseText(text)[0].tree.words;
      const root = words.find((w) => w.head === 0)!;
      assert.strictEqual(root.form, verb, text);
      assert.strictEqual(root.upos, 'VERB', text);
    }
  });
});

import { strict as assert } from 'assert';
import { parseConllu } from '../../server/src/data/conllu';
import { depunctuate, isProjective, PunctuatedTree } from '../../server/src/data/depunct';
import { ABBREV_DOT } from '../../server/src/data/punctTokens';
import { readTreebank, Treebank } from '../../server/src/data/treebank';
import { buildVocabularies, punctemeKey } from '../../server/src/data/vocab';
import { ewtFile } from '../ewt';

function byText(tb: Treebank, prefix: string): PunctuatedTree {
  const i = tb.sentences.findIndex((s) => s.text?.startsWith(prefix));
  assert.ok(i >= 0, `no sentence starting "${prefix}"`);
  const r = depunctuate(tb.sentences[i]);
  assert.ok(r.ok);
  return r.tree;
}

describe('depunctuation', () => {
  let train: Treebank;
  before(function () {
    this.timeout(60000);
    train = readTreebank(ewtFile('train'));
  });

  it('gives the paper\'s slots for "Earlier, Kerry said, “Just because …”"', () => {
    const t = byText(train, 'Earlier, Kerry said, “Just because');
    assert.deepEqual(
      t.words.map((w) => w.form).join(' '),
      'Earlier Kerry said Just because you get an honorable discharge does not in fact answer that question',
    );
    const nonEmpty = t.slots.map((x, i) => [i, x.join(' ')] as const).filter(([, x]) => x !== '');
    assert.deepEqual(nonEmpty, [
      [1, ','],
      [3, ', “'],
      [12, ','],
      [14, ','],
      [17, '. ”'],
    ]);
    assert.equal(t.slots.length, t.words.length + 1);
    // The quoted clause is the ccomp of "said"; its span runs from slot 3 to slot 17.
    const answer = t.words.findIndex((w) => w.form === 'answer') + 1;
    assert.equal(t.words[answer - 1].deprel, 'ccomp');
    assert.equal(t.words[answer - 1].head, 3);
  });

  it('splits the abbreviation dot off words such as "etc." and "Inc."', () => {
    const s = train.sentences.find((x) => x.words.some((w) => w.form === 'etc.' && w.upos !== 'PUNCT'));
    assert.ok(s);
    const r = depunctuate(s);
    assert.ok(r.ok);
    const k = r.tree.words.findIndex((w) => w.form === 'etc');
    assert.ok(k >= 0);
    assert.equal(r.tree.slots[k + 1][0], ABBREV_DOT);
  });

  it('makes straight quotes directional from the PTB tag', () => {
    const row = (...c: string[]) => c.join('\t');
    const [s] = parseConllu(
      [
        row('1', 'He', 'he', 'PRON', 'PRP', '_', '2', 'nsubj', '_', '_'),
        row('2', 'said', 'say', 'VERB', 'VBD', '_', '0', 'root', '_', '_'),
        row('3', '"', '"', 'PUNCT', '``', '_', '4', 'punct', '_', 'SpaceAfter=No'),
        row('4', 'hi', 'hi', 'INTJ', 'UH', '_', '2', 'ccomp', '_', 'SpaceAfter=No'),
        row('5', '.', '.', 'PUNCT', '.', '_', '2', 'punct', '_', 'SpaceAfter=No'),
        row('6', '"', '"', 'PUNCT', "''", '_', '4', 'punct', '_', '_'),
        '',
      ].join('\n'),
    );
    const r = depunctuate(s);
    assert.ok(r.ok);
    assert.deepEqual(r.tree.slots, [[], [], ['“'], ['.', '”']]);
  });

  it('omits sentences whose punctuation is not a leaf', () => {
    const row = (...c: string[]) => c.join('\t');
    const [s] = parseConllu(
      [
        row('1', 'a', 'a', 'NOUN', 'NN', '_', '0', 'root', '_', '_'),
        row('2', '-', '-', 'PUNCT', 'HYPH', '_', '1', 'punct', '_', '_'),
        row('3', 'b', 'b', 'NOUN', 'NN', '_', '2', 'dep', '_', '_'),
        '',
      ].join('\n'),
    );
    assert.deepEqual(depunctuate(s), { ok: false, reason: 'punct-not-leaf' });
    assert.ok(train.omitted > 0 && train.omitted < 100, `train omitted ${train.omitted}`);
  });

  it('keeps every word and puts every punctuation token in exactly one slot', () => {
    for (const s of train.sentences.slice(0, 2000)) {
      const r = depunctuate(s);
      if (!r.ok) continue;
      const punct = s.words.filter((w) => w.upos === 'PUNCT' || w.deprel === 'punct').length;
      const abbrev = r.tree.slots.flat().filter((x) => x === ABBREV_DOT).length;
      assert.equal(r.tree.words.length + punct, s.words.length);
      assert.equal(r.tree.slots.flat().length, punct + abbrev);
    }
  });

  it('builds V and W_d: appositions and conjuncts are flanked by commas, (ε, ε) is always allowed', () => {
    const v = buildVocabularies(train.trees);
    assert.equal(v.punctemes[0], '');
    const appos = v.allowedPairs.get('appos')!;
    assert.deepEqual(appos[0], ['', '']);
    assert.ok(appos.some(([l, r]) => l === ',' && r === ','));
    assert.ok(v.allowedPairs.get('conj')!.some(([l, r]) => l === ',' && r === ''));
    assert.ok(v.punctemes.includes(punctemeKey(['.', '”'])));
    const projective = train.trees.filter((t) => isProjective(t.words)).length;
    assert.ok(projective / train.trees.length > 0.9);
  });
});

/**
 * Re-punctuation on the paper's examples (§6.3 with Nunberg's rules, Table 1), with a channel that has those rules and
 * a given T′, so that what is checked is the algorithm: the edit moves constituents with their punctemes, and the
 * channel writes the new surface. Then the shipped model on real sentences (skipped without the trained models).
 */
import { strict as assert } from 'assert';
import { PunctuatedTree, TreeWord } from '../../../server/src/data/depunct';
import { BOS_MARK } from '../../../server/src/data/punctTokens';
import { Channel, DEL_L, DEL_R, KEEP, newChannel, paramIndex, SWAP } from '../../../server/src/model/channel';
import { modelAlphabet } from '../../../server/src/model/vocabulary';
import { constituentOfPhrase, repunctuate, repunctuateTree, repunctuationModel, RepunctuationModel } from '../../../server/src/engine/repunctuate';
import { trainedEngineParts } from '../trainedParts';

const A = modelAlphabet();

/** Keeps every window except Nunberg's: `, .` ↦ `.`, `∘ ,` ↦ `∘`, `” .` ↦ `. ”`, `” ,` ↦ `, ”`. */
function nunbergChannel(): Channel {
  const S = A.size;
  const logits = new Float64Array(S * S * 4);
  for (let a = 0; a < S; a++) for (let b = 0; b < S; b++) logits[paramIndex(S, a, b, KEEP)] = 8;
  const rule = (a: string, b: string, e: number) => {
    logits[paramIndex(S, A.id(a), A.id(b), KEEP)] = 0;
    logits[paramIndex(S, A.id(a), A.id(b), e)] = 10;
  };
  rule(',', '.', DEL_L);
  rule(BOS_MARK, ',', DEL_R);
  rule('”', '.', SWAP);
  rule('”', ',', SWAP);
  return newChannel(A, 'L', false, logits);
}

function w(form: string, head: number, deprel: string): TreeWord {
  return { form, lemma: form.toLowerCase(), upos: 'X', xpos: 'X', feats: '_', deprel, head };
}

/** A model whose T′ is given, and whose Attach model keeps every node's pair as T′ has it (the paper's setting). */
function givenModel(words: readonly TreeWord[], pairs: Array<[string[], string[]]>, ch: Channel): RepunctuationModel {
  const forms = words.map((x) => x.form);
  return {
    channel: ch,
    underlying: () => pairs.map(([l, r]) => ({ l, r })),
    pairsOf: (edited, node) => {
      const k = forms.indexOf(edited[node - 1].form);
      return [{ l: pairs[k][0], r: pairs[k][1], logp: 0 }];
    },
  };
}

describe('engine/repunctuate: the paper\'s examples with Nunberg\'s channel', () => {
  it('absorption undone when a constituent moves away from the period: "We stayed home, however." → "However, we stayed home."', () => {
    const words = [w('We', 2, 'nsubj'), w('stayed', 0, 'root'), w('home', 2, 'advmod'), w('however', 2, 'advmod')];
    // T′: [We stayed home [, however ,] .]: the comma after "however" is absorbed by the period.
    const pairs: Array<[string[], string[]]> = [[[], []], [[], ['.']], [[], []], [[','], [',']]];
    const tree: PunctuatedTree = { words, slots: [[], [], [], [','], ['.']] };
    const r = repunctuateTree(tree, { kind: 'move', head: 4, to: 'front' }, givenModel(words, pairs, nunbergChannel()));
    assert.deepEqual(r.tree.nodes.map((n) => n.word.form), ['however', 'We', 'stayed', 'home']);
    assert.deepEqual(r.underlying, [[','], [','], [], [], ['.']]);
    assert.deepEqual(r.surface, [[], [','], [], [], ['.']]);
  });

  it('quote transposition redone when a quoted phrase moves to the end: "He called it “a mess” yesterday." → "… yesterday “a mess.”"', () => {
    const words = [w('He', 2, 'nsubj'), w('called', 0, 'root'), w('it', 2, 'obj'), w('a', 5, 'det'), w('mess', 2, 'xcomp'), w('yesterday', 2, 'obl')];
    const pairs: Array<[string[], string[]]> = [[[], []], [[], ['.']], [[], []], [[], []], [['“'], ['”']], [[], []]];
    const tree: PunctuatedTree = { words, slots: [[], [], [], ['“'], [], ['”'], ['.']] };
    const r = repunctuateTree(tree, { kind: 'move', head: 5, to: 'end' }, givenModel(words, pairs, nunbergChannel()));
    assert.deepEqual(r.tree.nodes.map((n) => n.word.form), ['He', 'called', 'it', 'yesterday', 'a', 'mess']);
    assert.deepEqual(r.underlying[6], ['”', '.']);
    assert.deepEqual(r.surface[6], ['.', '”']);
  });

  it('a slot the edit leaves alone keeps what was written there, even where the channel would write it otherwise', () => {
    const words = [w('We', 2, 'nsubj'), w('stayed', 0, 'root'), w('home', 2, 'advmod'), w('however', 2, 'advmod')];
    // The writer kept both marks at the end (`, .` where the channel absorbs the comma): deleting "We" leaves that slot.
    const pairs: Array<[string[], string[]]> = [[[], []], [[], ['.']], [[], []], [[','], [',']]];
    const tree: PunctuatedTree = { words, slots: [[], [], [], [','], [',', '.']] };
    const r = repunctuateTree(tree, { kind: 'delete', head: 1 }, givenModel(words, pairs, nunbergChannel()));
    assert.deepEqual(r.surface[3], [',', '.']);
    const moved = repunctuateTree(tree, { kind: 'move', head: 4, to: 'front' }, givenModel(words, pairs, nunbergChannel()));
    assert.deepEqual(moved.surface[4], ['.']);
  });
});

describe('engine/repunctuate: the shipped model on real sentences', () => {
  const parts = trainedEngineParts();
  const run = (text: string, phrase: string, kind: 'delete' | 'front' | 'end' | 'start') => {
    const s = parts().analyser!.parseText(text)[0];
    const head = constituentOfPhrase(text, s, phrase);
    assert.ok(head, `no constituent "${phrase}"`);
    const model = repunctuationModel(parts().model!)!;
    const edit = kind === 'delete' ? { kind: 'delete' as const, head } : kind === 'start' ? { kind: 'move' as const, head, to: 'front' as const, within: 'sentence' as const } : { kind: 'move' as const, head, to: kind };
    return repunctuate(text, s, edit, model).text;
  };

  it('deletes an appositive and a non-restrictive relative clause with their commas', () => {
    assert.equal(run('My brother, a doctor, lives in Paris.', 'a doctor', 'delete'), 'My brother lives in Paris.');
    assert.equal(run('The report, which was late, angered the board.', 'which was late', 'delete'), 'The report angered the board.');
    assert.equal(run('We visited Rome, the capital of Italy.', 'the capital of Italy', 'delete'), 'We visited Rome.');
  });

  it('moves "however" to the front with its comma, and an introductory clause to the end without it', () => {
    assert.equal(run('We stayed home, however.', 'however', 'front'), 'However, we stayed home.');
    assert.equal(run('He will, however, stay at home.', 'however', 'front'), 'However, he will stay at home.');
    assert.equal(run('Because it rained, we stayed home.', 'Because it rained', 'end'), 'We stayed home because it rained.');
  });

  it('keeps what was written between words the edit left side by side: contractions, straight quotes, spacing', () => {
    assert.equal(run("I don't know, however, what he wants.", 'however', 'start'), "However, I don't know what he wants.");
    assert.equal(run('He said "we can\'t stay," and left, of course.', 'of course', 'start'), 'Of course, he said "we can\'t stay," and left.');
    assert.equal(run('The man (a famous actor)  waved.', 'a famous actor', 'delete'), 'The man waved.');
  });

  it('joins two sentences with a coordinator into one sentence with one period', () => {
    const text = 'The rain stopped. We went out.';
    const [a, b] = parts().analyser!.parseText(text);
    const r = repunctuate(text, a, { kind: 'join', coordinator: 'and', next: b }, repunctuationModel(parts().model!)!);
    assert.match(r.text, /^The rain stopped,? and we went out\.$/);
    assert.equal(r.start, 0);
    assert.equal(r.end, text.length);
  });
});

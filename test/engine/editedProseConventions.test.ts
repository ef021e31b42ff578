import * as assert from 'assert';
import { sentenceFromRows as conllu } from './sentenceFromRows';
import { guardChecks } from './guardChecks';
import { plainSubjectCommaAt, pseudoCleftCommaAt } from '../../server/src/engine/correction/candidates/subjects';
import { coordinatorCommaAt } from '../../server/src/engine/correction/candidates/clauses';
import { treeInfo } from '../../server/src/engine/treeInfo';

// "All the students in my class , passed the exam ." as UD has it, with the learner's comma before the verb.
const STUDENTS = [
  ['All', 'DET', '3', 'det:predet', 'PDT'], ['the', 'DET', '3', 'det', 'DT'], ['students', 'NOUN', '8', 'nsubj', 'NNS'],
  ['in', 'ADP', '6', 'case', 'IN'], ['my', 'PRON', '6', 'nmod:poss', 'PRP$'], ['class', 'NOUN', '3', 'nmod', 'NN'],
  [',', 'PUNCT', '3', 'punct', ','], ['passed', 'VERB', '0', 'root', 'VBD'], ['the', 'DET', '10', 'det', 'DT'],
  ['exam', 'NOUN', '8', 'obj', 'NN'], ['.', 'PUNCT', '8', 'punct', '.'],
];
// "We ate eggs , and , bread ." with the learner's comma after the coordinator.
const EGGS = [
  ['We', 'PRON', '2', 'nsubj', 'PRP'], ['ate', 'VERB', '0', 'root', 'VBD'], ['eggs', 'NOUN', '2', 'obj', 'NNS'],
  [',', 'PUNCT', '7', 'punct', ','], ['and', 'CCONJ', '7', 'cc', 'CC'], [',', 'PUNCT', '7', 'punct', ','],
  ['bread', 'NOUN', '3', 'conj', 'NN'], ['.', 'PUNCT', '2', 'punct', '.'],
];
// "It was unusual and , frankly , rude ." where the comma after the coordinator opens an aside.
const FRANKLY = [
  ['It', 'PRON', '3', 'nsubj', 'PRP'], ['was', 'AUX', '3', 'cop', 'VBD'], ['unusual', 'ADJ', '0', 'root', 'JJ'],
  ['and', 'CCONJ', '8', 'cc', 'CC'], [',', 'PUNCT', '6', 'punct', ','], ['frankly', 'ADV', '8', 'advmod', 'RB'],
  [',', 'PUNCT', '6', 'punct', ','], ['rude', 'ADJ', '3', 'conj', 'JJ'], ['.', 'PUNCT', '3', 'punct', '.'],
];

function marksOf(s: ReturnType<typeof conllu>) {
  return { marked: (j: number) => s.tree.slots[j].length > 0, onlyComma: (j: number) => s.tree.slots[j].length === 1 && s.tree.slots[j][0] === ',' };
}

describe('engine: the lone comma after a plain subject, a pseudo-cleft\'s free relative or a coordinator, and before a relative "that"', () => {
  it('finds the comma between a plain noun-phrase subject that opens the sentence and its finite verb', () => {
    const s = conllu(STUDENTS);
    const info = treeInfo(s.tree);
    assert.strictEqual(plainSubjectCommaAt(s.tree, info, 6, marksOf(s).marked), 3);
    // Not where the verb is not finite ("… , passing the exam" read with the same tree), nor before a time noun.
    const participle = conllu(STUDENTS.map((r, k) => (k === 7 ? ['passing', 'VERB', '0', 'root', 'VBG'] : r)));
    assert.strictEqual(plainSubjectCommaAt(participle.tree, treeInfo(participle.tree), 6, marksOf(participle).marked), undefined);
    const morning = conllu(STUDENTS.map((r, k) => (k === 2 ? ['morning', 'NOUN', '8', 'nsubj', 'NN'] : r)));
    assert.strictEqual(plainSubjectCommaAt(morning.tree, treeInfo(morning.tree), 6, marksOf(morning).marked), undefined);
    // A subject with a verb inside it may be a fronted clause's words: not this rule's.
    const verb = conllu(STUDENTS.map((r, k) => (k === 3 ? ['living', 'VERB', '3', 'acl', 'VBG'] : r)));
    assert.strictEqual(plainSubjectCommaAt(verb.tree, treeInfo(verb.tree), 6, marksOf(verb).marked), undefined);
  });

  it('finds a lone comma after a mid-sentence coordinator, not one that opens an aside a second comma closes', () => {
    const eggs = conllu(EGGS);
    const m = marksOf(eggs);
    assert.strictEqual(coordinatorCommaAt(eggs.tree, treeInfo(eggs.tree), 4, m.marked, m.onlyComma), true);
    assert.strictEqual(coordinatorCommaAt(eggs.tree, treeInfo(eggs.tree), 3, m.marked, m.onlyComma), false);
    const frankly = conllu(FRANKLY);
    const f = marksOf(frankly);
    assert.strictEqual(coordinatorCommaAt(frankly.tree, treeInfo(frankly.tree), 4, f.marked, f.onlyComma), false);
  });

  it('finds the comma after a pseudo-cleft\'s free relative before "be", read off words and marks, not in a question', () => {
    // "What he told us , was not true ." with a misparse: the reading of the tree does not matter.
    const rows = [
      ['What', 'PRON', '7', 'nsubj', 'WP'], ['he', 'PRON', '3', 'nsubj', 'PRP'], ['told', 'VERB', '1', 'acl:relcl', 'VBD'],
      ['us', 'PRON', '3', 'obj', 'PRP'], [',', 'PUNCT', '3', 'punct', ','], ['was', 'AUX', '7', 'cop', 'VBD'],
      ['true', 'ADJ', '0', 'root', 'JJ'], ['.', 'PUNCT', '7', 'punct', '.'],
    ];
    assert.strictEqual(pseudoCleftCommaAt(conllu(rows).tree, 4), true);
    const question = rows.map((r, k) => (k === 7 ? ['?', 'PUNCT', '7', 'punct', '.'] : r));
    assert.strictEqual(pseudoCleftCommaAt(conllu(question).tree, 4), false);
    const auxiliary = rows.map((r, k) => (k === 1 ? ['did', 'AUX', '3', 'aux', 'VBD'] : r));
    assert.strictEqual(pseudoCleftCommaAt(conllu(auxiliary).tree, 4), false);
  });

  describe('linted', () => {
    const { found } = guardChecks();

    it('reports the comma after a plain subject and the lone comma after a coordinator', () => {
      assert.deepStrictEqual(found('The guests at the party, left early.'), ['subject-verb-comma@ guests at the party']);
      assert.deepStrictEqual(found('The food was good but, the service was very slow.'), ['comma@he food was good but']);
      // A gerund subject; a plain subject whose predicate's coordinator three words on is no list's.
      assert.deepStrictEqual(found('Brokering over here, has been pretty rewarding.'), ['subject-verb-comma@Brokering over here']);
      assert.deepStrictEqual(found('The food, is fresh and tastes great.'), ['subject-verb-comma@The food']);
      // A quantifier or pronoun with a prepositional phrase of its own; a pseudo-cleft's free relative.
      assert.deepStrictEqual(found('One of my friends, has a big dog.'), ['subject-verb-comma@One of my friends']);
      assert.deepStrictEqual(found('What he told us, was not true.'), ['subject-verb-comma@What he told us']);
      // An indirect question is its verb's object: a wh-infinitive, or a clause in declarative order.
      assert.deepStrictEqual(found('We discussed, how to solve the problem.'), ['subject-verb-comma@We discussed']);
      assert.deepStrictEqual(found("I don't know, what to do."), ["subject-verb-comma@I don't know"]);
      // No comma before the complement of a comparative or of "so"/"such".
      assert.deepStrictEqual(found('He is taller, than his brother.'), ['comma@He is taller']);
      assert.deepStrictEqual(found('It was so cold, that we stayed at home.'), ['comma@It was so cold']);
      // No comma between the last adjective of a series and its noun.
      assert.deepStrictEqual(found('She bought a big, red, car.'), ['comma@he bought a big, red']);
      // A subject that ends in a close apposition of names: part of its noun phrase.
      assert.deepStrictEqual(found('My best friend Carlos, works in a bank.'), ['subject-verb-comma@y best friend Carlos']);
      // A relative clause opened by "that" is restrictive: the comma before it goes, or both around it.
      assert.deepStrictEqual(found('This is the book, that I told you about.'), ['nonrestrictive-comma@This is the book']);
      assert.deepStrictEqual(found('The car, that I bought last year, broke down.'), ['nonrestrictive-comma@The car']);
      // No comma before the coordinator of a subject of two, read as a coordination or as two subjects.
      assert.deepStrictEqual(found('My sister, and my brother live in Paris.'), ['comma@My sister']);
      assert.deepStrictEqual(found('The teacher, and the students were happy.'), ['comma@The teacher']);
      assert.deepStrictEqual(found('John, or his wife is at home.'), ['comma@John']);
      // No comma between "such as" or "including" and the examples they introduce, a list included (journal, "the comma
      // after "such as" or "including"").
      assert.deepStrictEqual(found('There are many sports such as, football and tennis.'), ['comma@ many sports such as']);
      assert.deepStrictEqual(found('I like many fruits, including, apples and pears.'), ['comma@ny fruits, including']);
      assert.deepStrictEqual(found('Also, they can see dangerous content such as, violent videos.'), ['comma@rous content such as']);
    });

    it('leaves the same sentences written right, and asides after a coordinator, alone', () => {
      for (const text of [
        'The guests at the party left early.',
        'The food was good but the service was very slow.',
        'The response was tremendous and, in some cases, very creative.',
        'This morning, went to the gym and then to work.',
        // A list whose second item the tagger may read as a verb.
        'The food, drinks and music were great.',
        'Animate elements, manipulate the DOM, and query with ease.',
        // An aside after a coordinator that a later comma closes. (`Code from the future, delivered to you in the now.`,
        // a participle after the comma, is left to the convention still, but the comma-gap model calls that comma stray
        // at 0.99 once no deferred candidate claims the gap: a known false alarm of the gap model; judged dev findings
        // did not change with it, journal "The learned decision as the default".)
        'He introduced himself and, after some quiet conversation, said goodbye.',
        // A bare pronoun before the comma, and a question that opens with "what".
        'This, I think, is the best part.',
        'What do you think, is it good?',
        // After a possessed antecedent the writer may have meant "which" (a "so … that" clause is DC's, reported above).
        'My car, that I bought last year, broke down.',
        // A demonstrative "that" opening a clause of its own; a comma that closes an apposition.
        'And if you send me a story, that would be great.',
        'There are two events, onSuccess and onFailure, that are called when a call succeeds.',
        // Asides between the subject and its verb, and after a coordinator: set off on both sides.
        'The report, published yesterday, shows a rise in prices.',
        // A subject of two set off as an aside, a series of three, a subject of two with a clause inside it.
        'My sister, and my brother, live in Paris.',
        'Red, green and blue are colours.',
        'Tom, and his friends who live nearby came.',
        // Two clauses whose first verb may be read as a plural noun: the first conjunct a bare noun.
        'Government lies, and newspapers lie, but in a democracy they are different lies.',
        // An opening word prepositions and adverbs share, set off as an adverb (the tagger read a preposition).
        'A woman went into a hospital one day to give birth. Afterwards, the doctor came to her and said hello.',
        'Some of my friends, like me, prefer tea.',
        'The reason for the delay, according to the airline, was the weather.',
        // "rather than" after the comma, and the conjunction "so" before a comma and "that".
        'We walked, rather than took the bus.',
        'He is taller than his brother.',
        // A mark right after the comparative: the comma before "than" closes an aside.
        'It is better, in fact, than it was before.',
        // An aside after "such as" or "including"; a stranded preposition before a main clause; the close of a
        // coordinated insertion; a fixed expression.
        'There are many sports such as, for example, tennis.',
        'The license covers all uses including, but not limited to, copying.',
        'Kids used to ask where they came from, now they tell you where to go.',
        'It is similar to, and inspired by, JUnit.',
        'Argentinian foods of course, lots of them.',
        // An adjective series written right, and a clause that ends in an adjective before a new subject.
        'She bought a big, red car.',
        'The room was clean, staff were friendly.',
        // A direct question after a reporting verb, and a comment clause before a free relative subject.
        'He asked, where is the station?',
        'You know, what I want is peace.',
        // "that" after an aside's closing comma opens an extraposed subject, not an indirect question.
        'It is a common belief, shared by many teachers, that we should read every day.',
        // An apposition without a comma read on a noun with no determiner: two imperatives, not a subject.
        'Support Bingo, keep Grandma off the streets.',
        'You can pay by card or, if you prefer, in cash.',
      ])
        assert.deepStrictEqual(found(text), [], text);
    });
  });
});

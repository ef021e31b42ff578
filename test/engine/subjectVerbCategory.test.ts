import * as assert from 'assert';
import { sentenceFromRows as conllu } from './sentenceFromRows';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { candidates } from '../../server/src/engine/correction/pipeline/candidates';
import { createLinter } from '../../server/src/engine';
import { commaCategory, subjectEndsInModifierAt, subjectVerbAt } from '../../server/src/engine/correction/pipeline/categories';
import { closesAsideAt, letterFormulaCommaAt, questionTagCommaAt } from '../../server/src/engine/correction/guards/deletionGuards';


describe('engine: the comma between a subject and its verb, or a verb and its object', () => {
  // "The man who called yesterday, wants a refund."
  const relcl = conllu([
    ['The', 'DET', '2', 'det'], ['man', 'NOUN', '7', 'nsubj'], ['who', 'PRON', '4', 'nsubj'], ['called', 'VERB', '2', 'acl:relcl'],
    ['yesterday', 'NOUN', '4', 'obl:unmarked'], [',', 'PUNCT', '4', 'punct'], ['wants', 'VERB', '0', 'root'], ['a', 'DET', '9', 'det'],
    ['refund', 'NOUN', '7', 'obj'], ['.', 'PUNCT', '7', 'punct'],
  ]);
  const ri = treeInfo(relcl.tree);
  const hasComma = (tree: typeof relcl.tree) => (j: number) => tree.slots[j].includes(',');

  it('files a comma after a subject that ends in a relative clause not set off on the left as a subject–verb comma', () => {
    assert.ok(subjectEndsInModifierAt(ri, 5, hasComma(relcl.tree)));
    assert.strictEqual(commaCategory(ri, 5, hasComma(relcl.tree)), 'subject-verb-comma');
    // Without knowing the marks, the clause's edge stays a non-restrictive comma's place.
    assert.strictEqual(commaCategory(ri, 5), 'nonrestrictive-comma');
    // Its deletion is the restrictive clause's (`subjects.ts`), a subject–verb comma a convention decides.
    const del = candidates(relcl, ri).find((c) => c.action === 'delete' && c.changes.has(5));
    assert.deepStrictEqual([del?.category, del?.variant], ['subject-verb-comma', 'restrictive-subject']);
  });

  it('keeps the closing comma of a clause set off on both sides non-restrictive', () => {
    // "The man, who called yesterday, wants a refund."
    const pair = conllu([
      ['The', 'DET', '2', 'det'], ['man', 'NOUN', '8', 'nsubj'], [',', 'PUNCT', '5', 'punct'], ['who', 'PRON', '5', 'nsubj'],
      ['called', 'VERB', '2', 'acl:relcl'], ['yesterday', 'NOUN', '5', 'obl:unmarked'], [',', 'PUNCT', '5', 'punct'],
      ['wants', 'VERB', '0', 'root'], ['a', 'DET', '10', 'det'], ['refund', 'NOUN', '8', 'obj'], ['.', 'PUNCT', '8', 'punct'],
    ]);
    const pi = treeInfo(pair.tree);
    assert.ok(!subjectEndsInModifierAt(pi, 5, hasComma(pair.tree)));
    assert.strictEqual(commaCategory(pi, 5, hasComma(pair.tree)), 'nonrestrictive-comma');
    assert.ok(!candidates(pair, pi).some((c) => c.category === 'subject-verb-comma' && c.changes.has(5)));
  });

  it('reads a copular verb followed by its predicate\'s modifiers as the verb ("Anna, is a nurse")', () => {
    const cop = conllu([
      ['Anna', 'PROPN', '5', 'nsubj'], [',', 'PUNCT', '5', 'punct'], ['is', 'AUX', '5', 'cop'], ['a', 'DET', '5', 'det'],
      ['nurse', 'NOUN', '0', 'root'], ['.', 'PUNCT', '5', 'punct'],
    ]);
    assert.strictEqual(subjectVerbAt(treeInfo(cop.tree), 1), 1);
    // A determiner before the copula is not the predicate's ("Anna, a nurse" has no verb at the slot).
    const noCop = conllu([
      ['Anna', 'PROPN', '0', 'root'], [',', 'PUNCT', '4', 'punct'], ['a', 'DET', '4', 'det'], ['nurse', 'NOUN', '1', 'appos'], ['.', 'PUNCT', '1', 'punct'],
    ]);
    assert.strictEqual(subjectVerbAt(treeInfo(noCop.tree), 1), undefined);
  });

  it('files a comma before a complementizer clause that is the verb\'s object as verb–object, but not reported speech', () => {
    // "She told me, that she would come."
    const that = conllu([
      ['She', 'PRON', '2', 'nsubj'], ['told', 'VERB', '0', 'root'], ['me', 'PRON', '2', 'iobj'], [',', 'PUNCT', '8', 'punct'],
      ['that', 'SCONJ', '8', 'mark'], ['she', 'PRON', '8', 'nsubj'], ['would', 'AUX', '8', 'aux'], ['come', 'VERB', '2', 'ccomp'],
      ['.', 'PUNCT', '2', 'punct'],
    ]);
    assert.strictEqual(subjectVerbAt(treeInfo(that.tree), 3), 7);
    // "He said, I am tired." — no complementizer: the comma may introduce the words said.
    const speech = conllu([
      ['He', 'PRON', '2', 'nsubj'], ['said', 'VERB', '0', 'root'], [',', 'PUNCT', '6', 'punct'], ['I', 'PRON', '6', 'nsubj'],
      ['am', 'AUX', '6', 'cop'], ['tired', 'ADJ', '2', 'ccomp'], ['.', 'PUNCT', '2', 'punct'],
    ]);
    assert.strictEqual(subjectVerbAt(treeInfo(speech.tree), 2), undefined);
  });
});

describe('engine: a comma that closes an aside is never deleted as a subject–verb comma', () => {
  it('keeps the comma closing an aside the parser read into the clause, and still judges a learner\'s after an opener', () => {
    // "Logging, if set, takes precedence." read with "set" the subject of "takes" (as a comma-robust parser does).
    const aside = conllu([
      ['Logging', 'NOUN', '0', 'root'], [',', 'PUNCT', '6', 'punct'], ['if', 'SCONJ', '6', 'mark'], ['set', 'NOUN', '6', 'nsubj'],
      [',', 'PUNCT', '6', 'punct'], ['takes', 'VERB', '1', 'advcl'], ['precedence', 'NOUN', '6', 'obj'], ['.', 'PUNCT', '1', 'punct'],
    ]);
    const ai = treeInfo(aside.tree);
    assert.strictEqual(subjectVerbAt(ai, 3), 3);
    assert.ok(closesAsideAt(aside.tree, ai, 3));
    assert.ok(!candidates(aside, ai).some((c) => c.action === 'delete' && c.changes.has(3)));
    // "When I came home, my brother, was asleep.": the first comma closes the fronted clause, so the second is the
    // learner's subject–verb comma.
    const opener = conllu([
      ['When', 'SCONJ', '3', 'mark'], ['I', 'PRON', '3', 'nsubj'], ['came', 'VERB', '10', 'advcl'], ['home', 'ADV', '3', 'advmod'],
      [',', 'PUNCT', '3', 'punct'], ['my', 'PRON', '7', 'nmod:poss'], ['brother', 'NOUN', '10', 'nsubj'], [',', 'PUNCT', '10', 'punct'],
      ['was', 'AUX', '10', 'cop'], ['asleep', 'ADJ', '0', 'root'], ['.', 'PUNCT', '10', 'punct'],
    ]);
    const oi = treeInfo(opener.tree);
    assert.strictEqual(subjectVerbAt(oi, 6), 6);
    assert.ok(!closesAsideAt(opener.tree, oi, 6));
    assert.ok(candidates(opener, oi).some((c) => c.category === 'subject-verb-comma' && c.action === 'delete' && c.changes.has(6)));
  });
});

describe('engine: the subject–verb message names the parts the comma separates', () => {
  it('names the subject and its verb, or the verb and its object', async () => {
    const linter = await createLinter();
    const [subject] = linter.lint('Our new manager, wants a report by Friday.').filter((f) => f.ruleId === 'subject-verb-comma');
    assert.strictEqual(subject?.message, 'No comma between the subject "Our new manager" and its verb "wants".');
    const [object] = linter.lint('My parents bought, a new house last month.').filter((f) => f.ruleId === 'subject-verb-comma');
    assert.strictEqual(object?.message, 'No comma between the verb "bought" and its object "a new house".');
  });
});

describe('engine: letter formulas and question tags keep their commas', () => {
  it('never deletes the comma after a salutation or closing formula joined to the next line', () => {
    // "Kindest regards, Visit our site." read with "regards" the subject of "Visit".
    const closing = conllu([
      ['Kindest', 'ADJ', '2', 'amod'], ['regards', 'NOUN', '4', 'nsubj'], [',', 'PUNCT', '4', 'punct'], ['Visit', 'VERB', '0', 'root'],
      ['our', 'PRON', '6', 'nmod:poss'], ['site', 'NOUN', '4', 'obj'], ['.', 'PUNCT', '4', 'punct'],
    ]);
    assert.ok(letterFormulaCommaAt(closing.tree, 2));
    assert.ok(!candidates(closing, treeInfo(closing.tree)).some((c) => c.action === 'delete' && c.changes.has(2)));
    // A subject that is no formula keeps its comma a candidate ("Our regards, visit …" is not a letter's closing).
    const subject = conllu([
      ['Our', 'PRON', '2', 'nmod:poss'], ['regards', 'NOUN', '4', 'nsubj'], [',', 'PUNCT', '4', 'punct'], ['go', 'VERB', '0', 'root'],
      ['out', 'ADV', '4', 'advmod'], ['.', 'PUNCT', '4', 'punct'],
    ]);
    assert.ok(!letterFormulaCommaAt(subject.tree, 2));
  });

  it('never deletes the comma before a question tag, and judges a comma before other final words', () => {
    const tag = conllu([
      ['You', 'PRON', '3', 'nsubj'], ["'re", 'AUX', '3', 'cop'], ['in', 'ADV', '0', 'root'], [',', 'PUNCT', '5', 'punct'],
      ['right', 'ADV', '3', 'advmod'], ['?', 'PUNCT', '3', 'punct'],
    ]);
    assert.ok(questionTagCommaAt(tag.tree, 3));
    const auxTag = conllu([
      ['It', 'PRON', '2', 'nsubj'], ['works', 'VERB', '0', 'root'], [',', 'PUNCT', '4', 'punct'], ['does', 'AUX', '2', 'parataxis'],
      ["n't", 'PART', '4', 'advmod'], ['it', 'PRON', '4', 'nsubj'], ['?', 'PUNCT', '2', 'punct'],
    ]);
    assert.ok(questionTagCommaAt(auxTag.tree, 2));
    // A whole inverted question after the comma: deleting the comma would leave a run-on.
    const question = conllu([
      ['What', 'PRON', '0', 'root'], ['is', 'AUX', '1', 'cop'], ['it', 'PRON', '1', 'nsubj'], [',', 'PUNCT', '8', 'punct'],
      ['is', 'AUX', '8', 'cop'], ['it', 'PRON', '8', 'nsubj'], ['a', 'DET', '8', 'det'], ['bird', 'NOUN', '1', 'parataxis'], ['?', 'PUNCT', '1', 'punct'],
    ]);
    assert.ok(questionTagCommaAt(question.tree, 3));
    // Not a question: "You're in, right." is no tag; nor is "…, right now?" a tag word alone.
    const statement = conllu([
      ['You', 'PRON', '3', 'nsubj'], ["'re", 'AUX', '3', 'cop'], ['in', 'ADV', '0', 'root'], [',', 'PUNCT', '5', 'punct'],
      ['right', 'ADV', '3', 'advmod'], ['.', 'PUNCT', '3', 'punct'],
    ]);
    assert.ok(!questionTagCommaAt(statement.tree, 3));
    const now = conllu([
      ['Leave', 'VERB', '0', 'root'], [',', 'PUNCT', '4', 'punct'], ['right', 'ADV', '4', 'advmod'], ['now', 'ADV', '1', 'advmod'], ['?', 'PUNCT', '1', 'punct'],
    ]);
    assert.ok(!questionTagCommaAt(now.tree, 1));
  });
});

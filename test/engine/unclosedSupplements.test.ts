import * as assert from 'assert';
import { sentenceFromRows as conllu } from './sentenceFromRows';
import { trainedEngineParts } from './trainedParts';
import { makeLinter } from '../../server/src/engine';
import { PunctuatedTree } from '../../server/src/data/depunct';
import { ABBREV_DOT } from '../../server/src/data/punctTokens';
import { readTreebank } from '../../server/src/data/treebank';
import { listedSubjectAsApposition, secondSubjectAsApposition, supplementBetween, supplementCloseAt, unclosedSupplements } from '../../server/src/engine/correction/candidates/unclosedSupplements';
import { scoreCandidates, ScoredCandidate } from '../../server/src/engine/correction/pipeline/decide';
import { CONVENTION_CONFIDENCE, conventionDecision } from '../../server/src/engine/correction/pipeline/modelRules';
import { candidates } from '../../server/src/engine/correction/pipeline/candidates';
import { DEFAULT_CALIBRATION } from '../../server/src/engine/correction/pipeline/calibration';
import { kindSuite } from '../../server/research/eval/suite';
import { goldSentence } from '../../server/research/eval/goldSentence';
import { EngineModel } from '../../server/src/engine/punctModel';
import { AnalysedSentence, Reparse } from '../../server/src/engine/sentence';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { ewtFile } from '../ewt';

// "My brother, who lives in Boston, is a doctor." as UD has it: the relative clause on "brother", the subject of "doctor".
const CLOSED = [
  ['My', 'PRON', '2', 'nmod:poss', 'PRP$'], ['brother', 'NOUN', '11', 'nsubj', 'NN'], [',', 'PUNCT', '5', 'punct', ','],
  ['who', 'PRON', '5', 'nsubj', 'WP'], ['lives', 'VERB', '2', 'acl:relcl', 'VBZ'], ['in', 'ADP', '7', 'case', 'IN'],
  ['Boston', 'PROPN', '5', 'obl', 'NNP'], [',', 'PUNCT', '5', 'punct', ','], ['is', 'AUX', '11', 'cop', 'VBZ'],
  ['a', 'DET', '11', 'det', 'DT'], ['doctor', 'NOUN', '0', 'root', 'NN'], ['.', 'PUNCT', '11', 'punct', '.'],
];
// The same without the closing comma, read the way a comma-robust parser reads it: "is a doctor" inside the clause.
const RUN_ON = [
  ['My', 'PRON', '2', 'nmod:poss', 'PRP$'], ['brother', 'NOUN', '0', 'root', 'NN'], [',', 'PUNCT', '5', 'punct', ','],
  ['who', 'PRON', '5', 'nsubj', 'WP'], ['lives', 'VERB', '2', 'acl:relcl', 'VBZ'], ['in', 'ADP', '7', 'case', 'IN'],
  ['Boston', 'PROPN', '5', 'obl', 'NNP'], ['is', 'AUX', '10', 'cop', 'VBZ'], ['a', 'DET', '10', 'det', 'DT'],
  ['doctor', 'NOUN', '5', 'conj', 'NN'], ['.', 'PUNCT', '2', 'punct', '.'],
];
// "My sister, an engineer, works hard." with the apposition read as a second subject of "works".
const TWO_SUBJECTS = [
  ['My', 'PRON', '2', 'nmod:poss', 'PRP$'], ['sister', 'NOUN', '7', 'nsubj', 'NN'], [',', 'PUNCT', '5', 'punct', ','],
  ['an', 'DET', '5', 'det', 'DT'], ['engineer', 'NOUN', '7', 'nsubj', 'NN'], [',', 'PUNCT', '5', 'punct', ','],
  ['works', 'VERB', '0', 'root', 'VBZ'], ['hard', 'ADV', '7', 'advmod', 'RB'], ['.', 'PUNCT', '7', 'punct', '.'],
];

describe('engine: the comma that closes a supplement, scored on its own parse', () => {
  it('finds a relative clause between the two commas whose antecedent is the subject of what follows', () => {
    const closed = conllu(CLOSED).tree;
    // Words 3–6 ("who lives in Boston") are the clause; its antecedent "brother" is the subject of "doctor" (word 9).
    assert.strictEqual(supplementBetween(closed, 2, 6)?.node, 4);
    assert.strictEqual(supplementBetween(closed, 2, 5), undefined, 'the span must end at the closing slot');
    assert.strictEqual(supplementBetween(closed, 1, 6), undefined, 'and start right after the opening comma');
    // An antecedent that is an object ("I met John, who lives in Boston, in May.") does not meet its verb there.
    const object = conllu([
      ['I', 'PRON', '2', 'nsubj', 'PRP'], ['met', 'VERB', '0', 'root', 'VBD'], ['John', 'PROPN', '2', 'obj', 'NNP'],
      [',', 'PUNCT', '6', 'punct', ','], ['who', 'PRON', '6', 'nsubj', 'WP'], ['lives', 'VERB', '3', 'acl:relcl', 'VBZ'],
      ['in', 'ADP', '8', 'case', 'IN'], ['Boston', 'PROPN', '6', 'obl', 'NNP'], [',', 'PUNCT', '6', 'punct', ','],
      ['in', 'ADP', '11', 'case', 'IN'], ['May', 'PROPN', '2', 'obl', 'NNP'], ['.', 'PUNCT', '2', 'punct', '.'],
    ]).tree;
    assert.strictEqual(supplementBetween(object, 3, 7), undefined);
  });

  it('reads a second subject of the same predicate as an apposition of the first, and nothing else', () => {
    const two = conllu(TWO_SUBJECTS).tree;
    assert.strictEqual(supplementBetween(two, 2, 4), undefined);
    const found = secondSubjectAsApposition(two, 2, 4);
    assert.ok(found);
    assert.strictEqual(found.node, 4);
    assert.deepStrictEqual(
      found.tree.words.map((w) => [w.head, w.deprel]),
      two.words.map((w, i) => (i === 3 ? [2, 'appos'] : [w.head, w.deprel])),
    );
    assert.strictEqual(two.words[3].deprel, 'nsubj', 'the parsed tree itself is not changed');
    assert.strictEqual(secondSubjectAsApposition(two, 2, 3), undefined, 'the span must be the whole second subject');
    assert.strictEqual(secondSubjectAsApposition(conllu(CLOSED).tree, 2, 6), undefined);
  });

  it('reads a list item of the subject with no coordinator as an apposition, and a real list as none', () => {
    // "My friend , a girl , paints ." with "girl" a conj of "friend" (the parser's list reading of the apposition).
    const listed = [
      ['My', 'PRON', '2', 'nmod:poss', 'PRP$'], ['friend', 'NOUN', '7', 'nsubj', 'NN'], [',', 'PUNCT', '5', 'punct', ','],
      ['a', 'DET', '5', 'det', 'DT'], ['girl', 'NOUN', '2', 'conj', 'NN'], [',', 'PUNCT', '7', 'punct', ','],
      ['paints', 'VERB', '0', 'root', 'VBZ'], ['.', 'PUNCT', '7', 'punct', '.'],
    ];
    const t = conllu(listed).tree;
    const found = listedSubjectAsApposition(t, 2, 4);
    assert.ok(found);
    assert.strictEqual(found.node, 4);
    assert.deepStrictEqual(found.tree.words.map((w) => [w.head, w.deprel]), t.words.map((w, i) => (i === 3 ? [2, 'appos'] : [w.head, w.deprel])));
    assert.ok(supplementCloseAt(t, 4), 'its closing comma is kept');
    // "My friend , a girl and her dog paint ." : a coordinator makes it a list.
    const list = conllu([
      ['My', 'PRON', '2', 'nmod:poss', 'PRP$'], ['friend', 'NOUN', '10', 'nsubj', 'NN'], [',', 'PUNCT', '5', 'punct', ','],
      ['a', 'DET', '5', 'det', 'DT'], ['girl', 'NOUN', '2', 'conj', 'NN'], ['and', 'CCONJ', '8', 'cc', 'CC'],
      ['her', 'PRON', '8', 'nmod:poss', 'PRP$'], ['dog', 'NOUN', '2', 'conj', 'NN'], [',', 'PUNCT', '10', 'punct', ','],
      ['paint', 'VERB', '0', 'root', 'VBP'], ['.', 'PUNCT', '10', 'punct', '.'],
    ]).tree;
    assert.strictEqual(listedSubjectAsApposition(list, 2, 4), undefined, 'another item follows');
    assert.strictEqual(listedSubjectAsApposition(list, 2, 7), undefined, 'not one item');
  });

  it('never deletes the comma that closes a supplement, even when the parse reads the apposition as a subject', () => {
    assert.ok(supplementCloseAt(conllu(TWO_SUBJECTS).tree, 4));
    assert.ok(supplementCloseAt(conllu(CLOSED).tree, 6));
    assert.ok(!supplementCloseAt(conllu(CLOSED).tree, 2), 'the opening comma is not a closing one');
    // A learner's comma after a subject with nothing opened before it stays a candidate.
    const learner = conllu([
      ['The', 'DET', '2', 'det', 'DT'], ['owner', 'NOUN', '6', 'nsubj', 'NN'], ['of', 'ADP', '4', 'case', 'IN'],
      ['shops', 'NOUN', '2', 'nmod', 'NNS'], [',', 'PUNCT', '6', 'punct', ','], ['knows', 'VERB', '0', 'root', 'VBZ'],
      ['.', 'PUNCT', '6', 'punct', '.'],
    ]);
    assert.ok(!supplementCloseAt(learner.tree, 4));
  });

  it('tries each slot before a verb up to the next mark, and keeps those whose reparse closes the supplement', () => {
    const written = conllu(CLOSED);
    // The written sentence without its closing comma.
    const s: AnalysedSentence = { ...written, tree: { ...written.tree, slots: written.tree.slots.map((x, i) => (i === 6 ? [] : x)) } };
    const runOn = conllu(RUN_ON).tree;
    const asked: number[][] = [];
    // A stand-in parser: with the comma after "Boston" it reads the clause as UD does, elsewhere as run on.
    const reparse: Reparse = (_, at) => {
      asked.push([...at]);
      return at[0] === 6 ? conllu(CLOSED).tree : { ...runOn, slots: s.tree.slots.map((x, i) => (i === at[0] ? [','] : x)) };
    };
    const found = unclosedSupplements(s, reparse, () => true);
    // Slot 3 ("who" | "lives") is followed by a verb too, but a clause needs a verb of its own before its end; slot 6
    // ("Boston" | "is") is the one place tried.
    assert.deepStrictEqual(asked, [[6]]);
    assert.deepStrictEqual(found.map((u) => [u.opener, u.close, u.node]), [[2, 6, 4]]);
    // A comma that closes a fronted phrase opens nothing ("According to Tenet, al Qaeda's ability … is").
    const fronted = conllu([
      ['According', 'VERB', '3', 'case', 'VBG'], ['to', 'ADP', '1', 'fixed', 'IN'], ['Tenet', 'PROPN', '8', 'obl', 'NNP'],
      [',', 'PUNCT', '3', 'punct', ','], ['the', 'DET', '6', 'det', 'DT'], ['ability', 'NOUN', '8', 'nsubj', 'NN'],
      ['is', 'AUX', '8', 'cop', 'VBZ'], ['low', 'ADJ', '0', 'root', 'JJ'], ['.', 'PUNCT', '8', 'punct', '.'],
    ]);
    assert.deepStrictEqual(unclosedSupplements(fronted, () => assert.fail('no reparse expected'), () => true), []);
  });

  it('decides the closing comma by the model\'s preference on its own parse, at a fixed confidence', () => {
    const c = (variant: string | undefined, delta: number): ScoredCandidate => ({
      candidate: { category: 'nonrestrictive-comma', action: 'insert', node: 1, variant, changes: new Map() },
      delta,
      key: 'k',
      confidence: 0.1,
    });
    assert.deepStrictEqual(conventionDecision(c('unclosed', 0.5)).map((x) => x.confidence), [CONVENTION_CONFIDENCE]);
    assert.deepStrictEqual(conventionDecision(c('unclosed', 0)), []);
    assert.deepStrictEqual(conventionDecision(c('unclosed', -2)), []);
    assert.deepStrictEqual(conventionDecision(c(undefined, 5)).map((x) => x.confidence), [0.1]);
  });

  it('scores a candidate with a tree of its own on that tree, and keeps the best place of each opening comma', () => {
    const written = conllu(CLOSED);
    const s: AnalysedSentence = { ...written, tree: { ...written.tree, slots: written.tree.slots.map((x, i) => (i === 6 ? [] : x)) } };
    const closed = conllu(CLOSED).tree;
    const trees: Array<PunctuatedTree['words']> = [];
    // A stand-in model: log p is the number of commas, minus 10 on any tree but the closed one.
    const model: EngineModel = {
      version: 'test',
      logProb: () => 0,
      logProbs: (tree, alts) => {
        trees.push(tree.words);
        return alts.map((slots) => slots.flat().filter((m) => m === ',').length - (tree.words === closed.words ? 0 : 10));
      },
      viterbi: () => assert.fail('not used'),
    };
    const reparse: Reparse = (_, at) => (at[0] === 6 ? closed : undefined);
    const scored = scoreCandidates(model, s, treeInfo(s.tree), DEFAULT_CALIBRATION, (c) => c.variant === 'unclosed', reparse);
    assert.strictEqual(scored.length, 1);
    assert.deepStrictEqual([...scored[0].candidate.changes], [[6, [{ norm: ',', text: ',' }]]]);
    assert.strictEqual(scored[0].key, 'nonrestrictive-comma/insert/unclosed');
    assert.strictEqual(scored[0].delta, 1, 'one comma more, both surfaces on the closed tree');
    assert.ok(trees.includes(closed.words));
    // Without a way to parse again (gold trees), no such candidate.
    assert.ok(!candidates(s, treeInfo(s.tree)).some((c) => c.variant === 'unclosed'));
  });

  it('builds a kind suite with every dropped closing comma of EWT dev, each a single comma removed', () => {
    const dev = readTreebank(ewtFile('dev'));
    const items = kindSuite(dev.sentences, /^drop right comma/);
    assert.ok(items.length >= 10);
    for (const it of items) {
      assert.match(it.corruption.kind, /^drop right comma of (appos|acl:relcl)$/);
      assert.strictEqual(it.corruption.gold.size, 1);
      const [[, repairs]] = [...it.corruption.gold];
      assert.deepStrictEqual(repairs, [',']);
      assert.strictEqual(it.corrupted.text.split(',').length, it.original.text.split(',').length - 1);
    }
    // Counted independently on the gold trees: relative clauses and appositions with a comma at both edges.
    let expected = 0;
    for (const sent of dev.sentences) {
      const tree = goldSentence(sent)?.sentence.tree;
      if (!tree) continue;
      const info = treeInfo(tree);
      for (let w = 1; w <= info.n; w++) {
        const [a, b] = info.span[w];
        // (An abbreviation's dot, "Sts.", is part of its word, not a mark of the slot.)
        const marks = (i: number) => tree.slots[i].filter((m) => m !== ABBREV_DOT);
        if (['appos', 'acl:relcl'].includes(tree.words[w - 1].deprel) && marks(a - 1).at(-1) === ',' && b < info.n && marks(b)[0] === ',') expected++;
      }
    }
    assert.strictEqual(items.length, expected);
  });
});

describe('parser: parseWithCommas', () => {
  const parts = trainedEngineParts();
  it('parses a sentence again with a comma written, the words and other slots unchanged', () => {
    const { analyser } = parts();
    const [s] = analyser!.parseText('My brother, who lives in Boston is a doctor. ');
    const tree = analyser!.parseWithCommas!(s, [6]);
    assert.ok(tree);
    assert.deepStrictEqual(tree.words.map((w) => w.form), s.tree.words.map((w) => w.form));
    assert.deepStrictEqual(tree.slots, s.tree.slots.map((x, i) => (i === 6 ? [','] : x)));
    // A slot inside a written word ("do|n't") takes no mark.
    const [d] = analyser!.parseText("They don't know.");
    assert.deepStrictEqual(analyser!.parseWithCommas!(d, [2])?.slots, d.tree.slots);
  });
});

describe('lint: the closing comma of a relative clause, end to end', () => {
  const parts = trainedEngineParts();
  it('puts the comma where the clause ends, and leaves closed and final clauses alone', () => {
    const linter = makeLinter(parts());
    const text = 'My brother, who lives in Boston is a doctor.';
    const found = linter.lint(text).filter((f) => f.ruleId === 'nonrestrictive-comma');
    assert.strictEqual(found.length, 1);
    assert.strictEqual(found[0].severity, 'warning');
    const [edit] = found[0].fixes[0].edits;
    assert.strictEqual(text.slice(0, edit.start.offset) + edit.newText + text.slice(edit.end.offset), 'My brother, who lives in Boston, is a doctor.');
    assert.match(found[0].explanation, /Underlying punctuation/);
    for (const clean of ['My brother, who lives in Boston, is a doctor.', 'I met John, who lives in Boston.', 'The man who lives in Boston is a doctor.'])
      assert.deepStrictEqual(linter.lint(clean).map((f) => f.ruleId), [], clean);
  });
});

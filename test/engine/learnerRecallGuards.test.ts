/**
 * Deletion guards (journal, "learner recall"): the kinds of correct comma that a
 * per-category refit, with a lower subject–verb threshold, reported on clean EWT dev. Each on a sentence written for
 * this test (not the treebank's), asserting no finding even at a confidence floor of 0.5, far under any threshold the
 * refit fits (the engine before these guards reports each of them there); beside it, the learner's comma of the same
 * shape, asserting the guard leaves it alone and it is still reported.
 */
import { strict as assert } from 'assert';
import { makeLinter, Linter, LintOptions } from '../../server/src/engine';
import {
  closesAsideAt,
  closesAsWellAsAsideAt,
  closesCoordinatedInsertionAt,
  frontedClauseCommaAt,
  gerundAppositionAt,
  nameChainCommaAt,
  parentheticalSayCommaAt,
  participialSubordinatorCommaAt,
} from '../../server/src/engine/correction/guards/deletionGuards';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { PunctuatedTree } from '../../server/src/data/depunct';
import { trainedEngineParts } from './trainedParts';

describe('engine: deletion guards for learner recall', () => {
  const parts = trainedEngineParts();
  let linter: Linter;
  before(() => {
    linter = makeLinter(parts());
  });
  const LOW: LintOptions = { minConfidence: 0.5 };
  /**
   * Each finding as "ruleId@the text before it" (the last 15 characters), for readable failures, under the calibrated
   * decision, where the guards veto (under the learned one each is a feature of the scorer).
   */
  const found = (text: string, options = LOW) =>
    linter.lint(text, { decision: 'calibrated', ...options }).map((f) => `${f.ruleId}@${text.slice(Math.max(0, f.start.offset - 15), f.start.offset)}`);
  /** The parsed tree of a one-sentence text, and the slot right after the word `after` (its first occurrence). */
  const parsed = (text: string, after: string): { tree: PunctuatedTree; slot: number } => {
    const [s] = parts().analyser!.parseText(text);
    const k = s.tree.words.findIndex((w) => w.form === after);
    assert.ok(k >= 0, `"${after}" in ${text}`);
    return { tree: s.tree, slot: k + 1 };
  };

  describe('the comma that closes a coordinated insertion (closesCoordinatedInsertionAt)', () => {
    it('no finding on right-node raising after a preposition or a verb', () => {
      const text = 'Any copying of, or reliance upon, this report by others is forbidden.';
      const { tree, slot } = parsed(text, 'upon');
      assert.ok(closesCoordinatedInsertionAt(tree, slot));
      assert.deepEqual(found(text), []);
      assert.deepEqual(found('He supported, and she opposed, the bill.'), []);
      // After the infinitive "to" and an auxiliary (READMEs: a contributor agreement's wording).
      const granted = 'You declare that you have the right to, and actually do, grant us these rights.';
      const at = parsed(granted, 'do');
      assert.ok(closesCoordinatedInsertionAt(at.tree, at.slot));
      assert.deepEqual(found(granted), []);
    });
    it("a learner's comma between a preposition or verb and its complement is still reported", () => {
      const text = 'We talked about, the weather.';
      const { tree, slot } = parsed(text, 'about');
      assert.ok(!closesCoordinatedInsertionAt(tree, slot));
      assert.deepEqual(found(text), ['comma@We talked about']);
      // After a coordinated clause that does not end awaiting a complement: no insertion.
      assert.deepEqual(found('I bought apples, and my brother ate, them.', {}), ['subject-verb-comma@ my brother ate']);
    });
  });

  describe('the commas of a parenthetical "say" (parentheticalSayCommaAt)', () => {
    it('no finding on the comma that opens it after a word awaiting its complement, or on the one that closes it', () => {
      const text = 'I do not consider the urls returned from, say .https() to be part of the contract.';
      const { tree, slot } = parsed(text, 'from');
      assert.ok(parentheticalSayCommaAt(tree, slot));
      assert.deepEqual(found(text, {}), []);
      assert.deepEqual(found('It could cost, say, ten dollars.', {}), []);
      assert.deepEqual(found('It could stand for, let us say the idea that x is a better logician.', {}), []);
    });
    it('a subject\'s comma before the verb "say" is no such aside', () => {
      const { tree, slot } = parsed('People, say that it works.', 'People');
      assert.ok(!parentheticalSayCommaAt(tree, slot));
    });
  });

  describe('the comma that closes an "as well as" aside (closesAsWellAsAsideAt)', () => {
    it('no finding on it; with no opening comma the lone one is still reported', () => {
      const text = 'To ignore all children within a directory, as well as the entry itself, append the pattern to the list.';
      const { tree, slot } = parsed(text, 'itself');
      assert.ok(closesAsWellAsAsideAt(tree, slot));
      assert.deepEqual(found(text, {}), []);
      assert.deepEqual(found('My brother as well as my sister, is a doctor.', {}), ['subject-verb-comma@ll as my sister']);
    });
  });

  describe('an aside that a preposition opens, past eight words (closesAsideAt)', () => {
    it('no finding on the comma that closes a long prepositional aside', () => {
      const text = 'The man, with a long grey coat and a hat from the shop in town, is my father.';
      const [s] = parts().analyser!.parseText(text);
      const slot = s.tree.words.findIndex((w) => w.form === 'town') + 1;
      assert.ok(closesAsideAt(s.tree, treeInfo(s.tree), slot));
      assert.deepEqual(found(text), []);
    });
    it('the same subject without the opening comma is still a subject–verb comma', () => {
      assert.deepEqual(found('The man with a long grey coat and a hat from the shop in town, is my father.'), ['subject-verb-comma@he shop in town']);
    });
  });

  describe('the separator of a list without a coordinator (its guard removed: the model keeps it)', () => {
    it('no finding on the comma before "etc." misspelt', () => {
      const text = 'It comes with everything, water bowl, blanket, ect.';
      assert.deepEqual(found(text), []);
    });
    it('a run with its coordinator is no open list, and one earlier comma makes none', () => {
      const text = 'After the meeting, we, went home.';
      assert.deepEqual(found(text, {}), ['subject-verb-comma@the meeting, we']);
    });
  });

  describe('a fronted clause followed by a proper name (frontedClauseCommaAt)', () => {
    it('no finding on the comma after the clause when the tagger misses its verb', () => {
      const text = 'Unless Professor Maria Lopez steps in, Oxford will lose the case.';
      const { tree, slot } = parsed(text, 'in');
      assert.ok(frontedClauseCommaAt(tree, slot));
      assert.deepEqual(found(text), []);
    });
    it('a comma inside the fronted clause, between its subject and verb, is still reported', () => {
      // "Unless the professor, steps in Oxford …" was the example until the parser with the neural scorer, which, with
      // "steps" a plural noun, reads the comma as the model's ordinary doubt (0.56) rather than a subject–verb comma.
      const text = 'Unless the professor, helps us we will lose the case.';
      const { tree, slot } = parsed(text, 'professor');
      assert.ok(!frontedClauseCommaAt(tree, slot));
      assert.deepEqual(found(text).filter((f) => f.startsWith('subject-verb')), ['subject-verb-comma@s the professor']);
    });
  });

  describe('a fronted clause after a focusing adverb (frontedClauseCommaAt)', () => {
    it('no finding on the comma that closes "Even if …"', () => {
      const text = 'Even if the local leaders stay strong enough to keep the rebels out, the long conflict remains a problem.';
      const { tree, slot } = parsed(text, 'out');
      assert.ok(frontedClauseCommaAt(tree, slot));
      assert.deepEqual(found(text), []);
    });
    it("a learner's comma inside it is still reported", () => {
      assert.deepEqual(found('Even when the old bridge, was closed the ferry kept running.', {}), ['subject-verb-comma@ the old bridge']);
    });
  });

  describe('a fronted clause after an inline enumerator (frontedClauseCommaAt)', () => {
    it('no finding on the comma that closes "3) If …" or "(3) When …, never …"', () => {
      for (const [text, after] of [
        ['First calm down, 2) check the doors 3) If the door is open, close it.', 'open'],
        ['(3) When traveling, never leave a country hungry.', 'traveling'],
      ]) {
        const { tree, slot } = parsed(text, after);
        assert.ok(frontedClauseCommaAt(tree, slot), text);
        assert.deepEqual(found(text, {}), [], text);
      }
    });
  });

  describe('an apposition to a gerund that heads a noun phrase (gerundAppositionAt)', () => {
    it('no finding on the comma before it; a gerund after a verb keeps its object comma a candidate', () => {
      const text = 'The activities encourage critical thinking, the heart of a quality education.';
      const { tree, slot } = parsed(text, 'thinking');
      assert.ok(gerundAppositionAt(tree, treeInfo(tree), slot));
      assert.deepEqual(found(text, {}), []);
      assert.deepEqual(found('I enjoy reading, books about history.', {}), ['subject-verb-comma@I enjoy reading']);
    });
  });

  describe('the components of an address (nameChainCommaAt)', () => {
    it('no finding between the capitalised parts of a chain', () => {
      const text = 'The shop is in Queen Street, Block 4, West End Road near the bridge.';
      const { tree, slot } = parsed(text, '4');
      assert.ok(nameChainCommaAt(tree, slot));
      assert.deepEqual(found(text), []);
    });
    it('a comma inside one name, with no chain before it, stays a candidate', () => {
      const text = 'We met President, Obama yesterday.';
      const { tree, slot } = parsed(text, 'President');
      assert.ok(!nameChainCommaAt(tree, slot));
      assert.deepEqual(found(text), ['comma@e met President']);
    });
  });

  describe('a comma before a participial subordinator (participialSubordinatorCommaAt)', () => {
    it('no finding on the comma before "given that", "provided that"', () => {
      const text = 'There is plenty to do, given that the museum opens late.';
      const { tree, slot } = parsed(text, 'do');
      assert.ok(participialSubordinatorCommaAt(tree, slot));
      assert.deepEqual(found(text), []);
      assert.deepEqual(found('We can leave early, provided that the work is done.'), []);
    });
    it('the comma before a verb\'s "that" object, or between an auxiliary and its participle, is still reported', () => {
      const told = parsed('She told me, that she would come later.', 'me');
      assert.ok(!participialSubordinatorCommaAt(told.tree, told.slot));
      assert.deepEqual(found('She told me, that she would come later.', {}), ['subject-verb-comma@She told me']);
      const text = 'He is, saying that he will come.';
      const aux = parsed(text, 'is');
      assert.ok(!participialSubordinatorCommaAt(aux.tree, aux.slot));
      assert.deepEqual(found(text), ['comma@He is']);
    });
  });
});

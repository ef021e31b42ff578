/**
 * Where learners of English put a comma that edited English does not have: between a subject and its verb ("The girl
 * who sits next to me, is from Brazil") and between a verb and its object or object clause ("My parents bought, a
 * new house", "I believe, that …"). These are the commonest comma errors of learners, and the errors the linter
 * most needs to see through, but EWT's writers seldom make them and the corrupted view's random insertions (any
 * empty slot, p 0.06) seldom land exactly there. Measured (journal, "learner commas in the
 * parser's training"): the shipped parser already loses only 0.28 UAS to them on the dev sentences that have such a
 * slot, and one trained with them (`train-parser --learner-commas`) no less, so training with them stays off.
 *
 * Subjects and objects of one word are left out (see below). The slots are found on a gold tree, for training
 * (`views.ts`) and for `eval parser`'s `learnerCommas` measure (`evaluation.ts`); slot i lies between word i and word
 * i + 1 (1-based words), as in `PunctuatedTree`.
 */
import { PunctuatedTree, subtreeSpans } from '../../data/depunct';

const SUBJECTS = new Set(['nsubj', 'nsubj:pass', 'csubj', 'csubj:pass']);
const OBJECTS = new Set(['obj', 'ccomp']);
/** Words that may stand between a subject and its verb without taking the comma's place ("…, has never been"). */
const VERB_GROUP = new Set(['aux', 'aux:pass', 'cop', 'advmod']);
const baseRel = (r: string) => r.split(':')[0];
/** A word written joined to the one before it ("he's", "don't", "gonna"): no comma can stand between them. */
const CLITIC = /^(?:['’].*|n['’]t|na|ta)$/i;

/**
 * The empty slots where a learner's comma would separate a subject from its verb or a verb from its object (or object
 * clause), in increasing order.
 */
export function learnerCommaSlots(tree: PunctuatedTree): number[] {
  const n = tree.words.length;
  const span = subtreeSpans(tree.words);
  const found = new Set<number>();
  const empty = (i: number) => i > 0 && i < n && tree.slots[i].length === 0 && !CLITIC.test(tree.words[i].form);
  for (let w = 1; w <= n; w++) {
    const { deprel, head: h } = tree.words[w - 1];
    if (h === 0) continue;
    const [a, b] = span[w - 1];
    // Learners set these commas off after a subject or before an object of some length ("The girl who sits next to
    // me, is …", "bought, a new house"), hardly after a lone pronoun ("who, called", "called, himself").
    if (b === a) continue;
    if (SUBJECTS.has(deprel) && b < h) {
      // The next word is the verb or one of its own auxiliaries, copula or adverbs ("…, has never been", "…, is from").
      const next = tree.words[b];
      if ((b + 1 === h || (next.head === h && VERB_GROUP.has(next.deprel))) && empty(b)) found.add(b);
    }
    if (OBJECTS.has(baseRel(deprel)) && a === h + 1 && empty(h)) found.add(h);
  }
  return [...found].sort((x, y) => x - y);
}

/** The slots with a comma added at every learner-comma slot (`eval parser`'s `learnerCommas`). */
export function withLearnerCommas(tree: PunctuatedTree, slots: string[][]): string[][] {
  const add = new Set(learnerCommaSlots(tree));
  return slots.map((m, i) => (add.has(i) ? [...m, ','] : m));
}

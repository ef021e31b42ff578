/**
 * A one-word parenthetical adverb between two commas inside the sentence: "It is good teaching, therefore, to keep it
 * short", "The second test, however, failed". Conjunctive and sentence adverbs interrupting a clause are set off on
 * both sides (Quirk et al. 8.134–8.137, 15.55; CMOS 6.25): the pair marks the adverb as a comment on the whole clause,
 * and deleting either comma leaves the other unpaired. A comma-robust parse attaches the adverb to the verb and the
 * commas look stray. Only conjuncts and attitude disjuncts count: degree and focusing adverbs modify the word after
 * them and are never set off alone ("It is, very, good" is a learner's).
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';
import { commaAlone } from '../../guards/commaAlone';

/**
 * Conjuncts and attitude disjuncts (Quirk et al. 8.134–8.137, 8.127): adverbs that link or comment on the clause as a
 * whole, the ones writers set off. A closed class; other adverbs between commas are as often a learner's stray comma
 * after an adverb that belongs to the verb ("…, mostly, in Sadr city", "…, routinely, chant": on EWT train an inserted
 * comma after any adverb found after a comma outnumbers the written pairs four to one).
 */
const CLAUSE_ADVERBS = new Set([
  'however', 'therefore', 'though', 'thus', 'moreover', 'furthermore', 'consequently', 'nevertheless', 'nonetheless',
  'meanwhile', 'instead', 'besides', 'accordingly', 'hence', 'indeed', 'incidentally', 'likewise', 'similarly',
  'otherwise', 'perhaps', 'surely', 'certainly', 'admittedly', 'surprisingly', 'unfortunately', 'fortunately',
  'apparently', 'obviously', 'clearly', 'evidently', 'presumably', 'naturally', 'frankly', 'honestly', 'alas',
]);

/** Whether word k (0-based) is a parenthetical adverb between a comma at slot k and one at slot k + 1. */
function parenthetical(tree: PunctuatedTree, k: number): boolean {
  const words = tree.words;
  if (k < 1 || k + 1 >= words.length || !commaAlone(tree, k) || !commaAlone(tree, k + 1)) return false;
  const w: TreeWord = words[k];
  return CLAUSE_ADVERBS.has(w.form.toLowerCase());
}

/** Slot i holds either comma around a one-word parenthetical adverb. */
export function parentheticalAdverbCommaAt(tree: PunctuatedTree, i: number): boolean {
  return parenthetical(tree, i) || parenthetical(tree, i - 1);
}

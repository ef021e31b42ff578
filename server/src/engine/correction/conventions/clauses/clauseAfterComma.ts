/**
 * A comma followed by a clause of its own: a subject and a finite verb right after the comma, and a finite verb in
 * the clause before it ("The lights went out, two men ran in"; "It is not the prize, it is the game"). Two
 * independent clauses joined by a comma alone are a comma splice; edited prose mends it with a semicolon, a period or
 * a conjunction (the `comma-splice` candidate, and `commaSplices: edited`), never by deleting the comma, which would
 * leave a fused sentence, worse than the splice. Literary and spoken English splices short clauses by choice. A
 * comma-robust parse misreads the second clause's subject as the first verb's object ("lose it"), so the comma looks
 * like one between a verb and its object: the clause is read off words and tags.
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';
import { clauseStartBefore, finiteVerb } from '../../guards/clauseSpan';
import { FINITE_VERB_TAGS } from '../../guards/deletionGuards';

/** Subject pronouns and other words that are a subject on their own ("it's", "that's", "there are"). */
const SUBJECT_WORDS = new Set([
  'i', 'you', 'he', 'she', 'it', 'we', 'they', 'there', 'this', 'that', 'these', 'those', 'everyone', 'everybody',
  'someone', 'somebody', 'nobody', 'everything', 'something', 'nothing',
]);

/** Tags that may open a noun-phrase subject before its noun: determiners, possessives, numbers, adjectives. */
const NOUN_PHRASE_OPENERS = new Set(['DET', 'NUM', 'ADJ']);

/**
 * Relations under which a clause is a complement or a modifier inside the clause before the comma, not a clause of
 * its own: "I think, he is right" (a learner's comma before an object clause), "the man, I met is kind".
 */
const EMBEDDED_RELS = new Set(['ccomp', 'xcomp', 'csubj', 'acl', 'obj', 'nsubj']);

/** The index (0-based) of the finite verb of a clause that opens at word k with its subject, if one does. */
function clauseVerbFrom(words: TreeWord[], slots: string[][], k: number): number | undefined {
  const n = words.length;
  let j = k;
  const unmarked = () => j < n && slots[j].length === 0; // no mark between word j-1 and word j
  // "…, now they'll tell you", "…, then it rains"; not a wh-adverb, which opens a subordinate clause ("…, where
  // there was a victim", "I know, where he lives").
  if (words[j].upos === 'ADV' && words[j].xpos !== 'WRB') j++;
  if (j > k && !unmarked()) return undefined;
  if (j < n && SUBJECT_WORDS.has(words[j].form.toLowerCase())) j++;
  else {
    while (j < n && (NOUN_PHRASE_OPENERS.has(words[j].upos) || words[j].xpos === 'PRP$') && (j === k || unmarked())) j++;
    const nounStart = j;
    while (j < n && (words[j].upos === 'NOUN' || words[j].upos === 'PROPN') && (j === k || unmarked())) j++;
    if (j === nounStart) return undefined;
  }
  while (j < n && unmarked() && (words[j].upos === 'ADV' || words[j].upos === 'PART')) j++;
  return j < n && unmarked() && FINITE_VERB_TAGS.has(words[j].xpos) ? j : undefined;
}

/** The word (0-based) that heads the clause of verb v: v itself, or the predicate an auxiliary or copula v serves. */
function clauseHead(words: TreeWord[], v: number): number {
  const base = words[v].deprel.split(':')[0];
  return (base === 'aux' || base === 'cop') && words[v].head > 0 ? words[v].head - 1 : v;
}

/**
 * Slot i holds a comma between two clauses, each with a finite verb, the one after it opening with its subject, and
 * the parse does not embed the second in the first (as a complement, a relative clause or an object: there the comma
 * is a learner's, "I know, he is right", "the book, I read was good").
 */
export function clauseAfterCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || !tree.slots[i].includes(',')) return false;
  const start = clauseStartBefore(tree, i);
  if (!words.slice(start, i).some(finiteVerb)) return false;
  const v = clauseVerbFrom(words, tree.slots, i);
  if (v === undefined) return false;
  const head = clauseHead(words, v);
  return !EMBEDDED_RELS.has(words[head].deprel.split(':')[0]);
}

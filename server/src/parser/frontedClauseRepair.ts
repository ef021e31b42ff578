/**
 * Repairs a misparse of a fronted adverbial clause left without its comma: "Although some informations are not true we
 * can check them" comes out with "true", the concessive clause's predicate, as the root and "we can check them" its
 * `ccomp`. The parser's training keeps the comma that closes a fronted clause in its corrupted view (`views.ts`
 * `protectedSlots`, so that a dropped comma there does not teach it to read "When the storm ended the town" as verb
 * and object), and so it has rarely seen such a clause without its comma; learners leave it out often.
 *
 * The repair reads a grammatical impossibility: a clause opened by a subordinator is subordinate, so it cannot be the
 * sentence's main clause when a finite clause with a subject of its own follows it. When the root has the sentence's
 * first word as its subordinator (`mark`) and, after it, a clausal dependent with its own subject, a finite verb and no
 * subordinator or coordinator, running to the sentence's end with nothing of the root's after it, that dependent is
 * the main clause: it becomes the root and the fronted clause its `advcl`. A root that takes a bare clause as its
 * complement ("If you think we can do it", "Because I'm sure it works") is left alone: there the clause after it may
 * be its object and the sentence a fragment. The tree stays projective (the fronted clause ends where the main one
 * begins).
 */
import { TreeWord } from '../data/depunct';
import { subordinatorWord } from '../lexicon';
import { treeInfo } from '../data/treeInfo';
import { finiteHead, SUBJECT } from './relativeClauseRepair';

/** The repair's name in the parser's version (bump when it changes what it returns). */
export const FRONTED_CLAUSE_REPAIR = 'front1';

/** Relations the parser gives the main clause in this misparse. */
const MISREAD = /^(ccomp|parataxis|dep|conj|advcl)$/;
/** Dependents that make a clause subordinate or coordinate. */
const LINKED = /^(mark|cc)$/;

/**
 * Verbs and adjectives that take a bare clause as their complement ("think we can", "sure it works"), by lower-cased
 * form: the clause after such a root may be its object, not the main clause.
 */
const CLAUSE_TAKERS: ReadonlySet<string> = new Set(
  (
    'say says said saying think thinks thought thinking know knows knew known believe believes believed hope hopes hoped ' +
    'guess guessed feel feels felt mean means meant suppose supposed realize realized realise realised understand ' +
    'understood see sees saw seen hear heard find finds found show showed shown tell told ask asked wonder wondered ' +
    'agree agreed decide decided expect expected remember remembered forget forgot notice noticed doubt claim claimed ' +
    'mention mentioned read learn learned promise promised wish wished worry worried fear feared bet assume assumed ' +
    'imagine imagined admit admitted explain explained prove proved suggest suggested ensure insist insisted note ' +
    'noted report reported write wrote written confirm confirmed figure figured pretend pretended argue argued ' +
    'announce announced predict predicted warn warned recommend recommended ' +
    'sure certain aware afraid glad happy sorry confident convinced worried surprised proud lucky thankful grateful'
  ).split(' '),
);

/** The tree with the misparse above repaired; the same array when nothing matched. */
export function repairFrontedClauses(words: readonly TreeWord[]): TreeWord[] {
  const first = words[0];
  if (!first || !subordinatorWord(first)) return words as TreeWord[];
  const r = first.head;
  if (r === 0 || words[r - 1].head !== 0 || CLAUSE_TAKERS.has(words[r - 1].form.toLowerCase())) return words as TreeWord[];
  const t = treeInfo({ words });
  const kids = t.children[r];
  // The fronted clause is a clause, a subject of its own ("When in Rome" is none), in its declarative order (an
  // auxiliary or copula before the subject makes a question: "When did you …").
  const subject = kids.find((k) => SUBJECT.test(words[k - 1].deprel));
  if (subject === undefined || kids.some((k) => k < subject && (words[k - 1].deprel.startsWith('aux') || words[k - 1].deprel === 'cop'))) return words as TreeWord[];
  const c = kids[kids.length - 1];
  if (c < r || !MISREAD.test(words[c - 1].deprel) || t.span[c][1] !== words.length) return words as TreeWord[];
  const own = t.children[c];
  if (!own.some((k) => SUBJECT.test(words[k - 1].deprel)) || own.some((k) => LINKED.test(words[k - 1].deprel))) return words as TreeWord[];
  if (!finiteHead(words, t, c)) return words as TreeWord[];
  const out = words.slice();
  out[c - 1] = { ...out[c - 1], head: 0, deprel: 'root' };
  out[r - 1] = { ...out[r - 1], head: c, deprel: 'advcl' };
  return out;
}

/**
 * A base form the tagger gave a finite verb: "Many people in my country, speak two languages" comes out with "speak"
 * tagged VB (the base form, as after "to" or in a command) although it is the root and has a subject. The linter
 * reads the fine tag to tell a finite verb (its subject–verb comma rule needs one), so the tag matters past the parse.
 *
 * After parsing, the root verb tagged VB becomes VBP when a plural common-noun subject (NNS) of at least two words
 * opens the sentence ("Many people in my country"; a bare noun before a command is as often a vocative, "Students, open
 * your books"; after a fronted phrase, a noun phrase is as often that phrase's, misread: "For info on how GitHub styles
 * these features, see …"), has no preposition of its own, and nothing licenses a base form: no auxiliary or copula of
 * its own ("will speak", "is go") and no auxiliary before it that the parse left unattached (a question's "did",
 * "does"), no subordinator, infinitive "to" or "please". EWT train's gold trees have 22 roots tagged VB with a subject and no auxiliary among ~3,000 such
 * roots, nearly all commands after a vocative name ("Anne, please include this"), which the noun subject rules out.
 * UPOS and the tree stay as parsed.
 */
import { TreeWord } from '../data/depunct';

/** The repair's name in the parser's version (bump when it changes what it returns). */
export const PRESENT_TENSE_REPAIR = 'pres1';

/** Dependents that license a base form: an auxiliary, copula, subordinator or the infinitive marker. */
const LICENSING = /^(aux|cop|mark)/;
/** Plural common nouns: VBP agrees with them, and a singular subject before a base form is a command's topic ("Last thing, send me") as often as a writer's slip. */
const PLURAL_NOUN = new Set(['NNS']);

/** Word w's subtree holds the sentence's first word. */
function opensSentence(words: readonly TreeWord[], w: number): boolean {
  for (let k = 1; k !== 0; k = words[k - 1].head) if (k === w) return true;
  return false;
}

/** The words with the root's tag made VBP where the shape above holds (a copy); the same array otherwise. */
export function repairPresentTense(words: readonly TreeWord[]): TreeWord[] {
  const v = words.findIndex((w) => w.head === 0) + 1;
  const verb = words[v - 1];
  if (!verb || verb.upos !== 'VERB' || verb.xpos !== 'VB') return words as TreeWord[];
  const kids: number[] = [];
  words.forEach((w, i) => w.head === v && kids.push(i + 1));
  if (kids.some((c) => LICENSING.test(words[c - 1].deprel) || words[c - 1].form.toLowerCase() === 'please')) return words as TreeWord[];
  const subject = kids.find((c) => c < v && words[c - 1].deprel === 'nsubj');
  if (subject === undefined || !PLURAL_NOUN.has(words[subject - 1].xpos) || !words.some((w, i) => i + 1 !== subject && w.head === subject)) return words as TreeWord[];
  // The subject opens the sentence: after a fronted phrase, a noun phrase before a command is as often the phrase's
  // own, misread ("For info on how GitHub styles these features, see …"); a subject with a preposition is one too.
  if (!opensSentence(words, subject) || words.some((w) => w.head === subject && w.deprel === 'case')) return words as TreeWord[];
  // An auxiliary before the verb that the parse did not give it is a question's ("did the profilers know").
  if (words.slice(0, v - 1).some((w) => w.upos === 'AUX')) return words as TreeWord[];
  const out = words.slice();
  out[v - 1] = { ...verb, xpos: 'VBP' };
  return out;
}

/**
 * Writers' conventions for appositions (registered in `WRITERS_CONVENTIONS`, `guards/registry.ts`): the comma
 * before an appositive marker or after "that is"; before an appositive that renames or describes the end of the
 * clause before it, or takes it up with "that of …"; closing an appositive after a named subject; and the commas of
 * an apposition whose noun the tagger read as a verb. Each is read off words, marks and tags, since the tree is what
 * goes wrong there; each section below keeps its own grammar and reasons.
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';
import { clauseStartBefore, COPULA_FORMS, finiteVerb } from '../guards/clauseSpan';
import { commaAlone, FINITE_VERB_TAGS } from '../guards/deletionGuards';
import { MEASURE_OF_TIME_NOUNS } from '../../../lexicon';

/**
 * Appositive and exemplifying markers: "such as", "including", "especially", "namely", "for example", "as in", "i.e."
 * open a supplementary phrase that names or illustrates what comes before it (Quirk et al. 17.77–17.80, "appositive
 * indicators"). Whether it is set off is the writer's choice of a non-restrictive reading ("some of them, such as X,
 * are …" vs "cities such as X are …"), so the comma before the marker is never one between a subject and its verb,
 * nor a stray one; a comma-robust parse reads the phrase into the clause and the comma then looks spurious.
 */
/** The markers, as word sequences (lower case). */
const MARKERS: string[][] = [
  ['such', 'as'], ['including'], ['especially'], ['particularly'], ['notably'], ['namely'], ['e.g'], ['i.e'], ['eg'],
  ['ie'], ['for', 'example'], ['for', 'instance'], ['as', 'in'], ['in', 'particular'],
];

/** Slot i holds a comma right before an appositive or exemplifying marker. */
export function appositiveMarkerCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !tree.slots[i].includes(',')) return false;
  return MARKERS.some((m) => m.every((w, k) => i + k < words.length && words[i + k].form.toLowerCase() === w && (k === 0 || tree.slots[i + k].length === 0)));
}

/** "that is" and "that is to say" as the marker "i.e." spelled out. */
const SPELLED_MARKERS: string[][] = [['that', 'is', 'to', 'say'], ['that', 'is']];

/**
 * Slot i holds the comma after "that is" (or "that is to say") where it follows a mark or opens the sentence: the
 * marker "i.e." spelled out ("… chainable; that is, when setting …"), which a comma follows as it does "i.e.", not
 * the clause "that is" ("that is, I think, true" has no mark before it). Seen in Debian's package descriptions
 * (journal, "the new parser, a third genre and its false alarms").
 */
export function spelledMarkerCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (!tree.slots[i]?.includes(',')) return false;
  return SPELLED_MARKERS.some((m) => {
    const s = i - m.length;
    if (s < 0 || !m.every((w, k) => words[s + k].form.toLowerCase() === w && (k === 0 || tree.slots[s + k].length === 0))) return false;
    return s === 0 || tree.slots[s].some((mark) => /^[;,:(\u2013\u2014-]/.test(mark));
  });
}

/**
 * An appositive noun phrase after a complete clause that renames what the clause ends with (Quirk et al. 17.65–17.72,
 * "apposition"; CGEL "supplementary appositives"): the writer repeats its head noun ("all the letter we need, a letter
 * written on your heart"), takes it up with "one" and a relative clause ("another equation emerged, one which would
 * …"), or adds a second predicate noun after a copula's ("Courage is resistance to fear, mastery of fear"). Such an
 * appositive is set off by a comma; a comma-robust parse reads it as the verb's object or a stray noun, and the comma
 * looks like one between a verb and its object. A learner's object after a comma ("I need, a letter") renames nothing
 * before it and stays a candidate.
 */
/** Tags that may come before a noun phrase's head: determiners, numbers, adjectives. */
const PREMODIFIERS = new Set(['DET', 'NUM', 'ADJ']);

/** The index (0-based) of the head of the noun phrase that opens at word k: past its determiners and adjectives. */
function headFrom(words: TreeWord[], k: number): number {
  while (k < words.length && (PREMODIFIERS.has(words[k].upos) || words[k].xpos === 'PRP$')) k++;
  return k;
}

const isVerb = (w: TreeWord) => w.upos === 'VERB' || w.upos === 'AUX';

/** Slot i holds the comma before an appositive that renames the end of the clause before it. */
export function renamingAppositionAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 2 || i >= n || !tree.slots[i].includes(',')) return false;
  const h = headFrom(words, i);
  if (h >= n || (h > i && tree.slots.slice(i + 1, h + 1).some((m) => m.length > 0))) return false;
  const head = words[h];
  const start = clauseStartBefore(tree, i);
  const before = words.slice(start, i);
  // "one which …", "one that …": the pro-form takes up the noun phrase before, its relative clause says more.
  // ("one" is tagged a number, so it is looked for at the phrase's first word as well as at its head.)
  for (const k of [i, h]) {
    const relative = k + 1 < n && tree.slots[k + 1].length === 0 && (['WDT', 'WP'].includes(words[k + 1].xpos) || words[k + 1].form.toLowerCase() === 'that');
    if (k < n && words[k].form.toLowerCase() === 'one' && relative) return true;
  }
  if (head.upos !== 'NOUN') return false;
  // The head after the comma is no subject of a new clause ("…, the car is broken").
  if (h + 1 < n && tree.slots[h + 1].length === 0 && FINITE_VERB_TAGS.has(words[h + 1].xpos)) return false;
  // A repeated head noun: "the letter we need, a letter written …".
  if (h > i && before.some((w) => w.upos === 'NOUN' && w.form.toLowerCase() === head.form.toLowerCase())) return true;
  // A second predicate noun: a copula, then only its noun phrase up to the comma, ending in a noun.
  // A coordinator after the copula opens a new clause, whose subject the comma then follows ("Food is awful and the
  // place, caters …", with "caters" tagged a noun): a subject–verb comma.
  const copula = before.findIndex((w) => w.upos === 'AUX' && COPULA_FORMS.has(w.form.toLowerCase()));
  if (copula < 0 || words[i - 1].upos !== 'NOUN') return false;
  return !before.slice(copula + 1).some((w) => isVerb(w) || w.upos === 'CCONJ');
}

/**
 * A descriptive appositive that ends the sentence: a noun phrase with its own postmodifier that renames or describes
 * the noun phrase the clause before it ends with, without repeating its noun ("he would be tried for receiving, a
 * crime punishable by forty lashes", "The world is your notebook, the pages on which you work"). Supplementary
 * appositives are set off by a comma (Quirk et al. 17.65–17.72; CMOS 6.28); `renamingAppositionAt` covers those that
 * repeat their noun or take it up with "one". A comma-robust parse reads the appositive as the verb's object or a
 * stray noun, and the comma looks like one between a verb and its object. The appositive here must be unmistakable:
 * it opens with a determiner, carries a postmodifier (a prepositional phrase, a relative clause, a participle or an
 * adjective after its noun), holds no finite verb of its own outside that relative clause, and runs to the
 * sentence's end; and the noun phrase it follows is no verb's direct object, since a learner's comma may split a
 * verb's two objects ("She gave the boy, a book that he liked").
 */
/** Words the appositive runs to at most. */
const APPOSITIVE_MAX_WORDS = 15;

/** Tags inside a noun phrase before its head: determiners, possessives, numbers, adjectives, nouns as modifiers. */
const NOUN_PHRASE_TAGS = new Set(['DET', 'NUM', 'ADJ', 'NOUN', 'PROPN']);

/** Fine tags of the wh-words that open a relative clause ("which", "who", "whose", "where"), beside "that". */
const RELATIVE_TAGS = new Set(['WDT', 'WP', 'WP$', 'WRB']);

/**
 * Whether a word can end the noun phrase before the comma: a noun or a name. (A gerund after a preposition was tried
 * too, "tried for receiving, a crime …": on EWT train a comma inserted between a gerund and its object — "by
 * creating, the conditions for …" — has that shape far more often.)
 */
function endsNounPhrase(words: TreeWord[], k: number): boolean {
  return words[k].upos === 'NOUN' || words[k].upos === 'PROPN';
}

/**
 * Whether the noun phrase that ends at word e (0-based) is a verb's direct object: the word before it (past its
 * determiners and modifiers) is a verb other than a copula or auxiliary.
 */
function directObject(words: TreeWord[], e: number): boolean {
  let k = e;
  while (k > 0 && (NOUN_PHRASE_TAGS.has(words[k - 1].upos) || words[k - 1].xpos === 'PRP$')) k--;
  return k > 0 && words[k - 1].upos === 'VERB' && words[k - 1].xpos !== 'VBG';
}

/**
 * Whether the words [from, to) (0-based) are a descriptive appositive: a determiner, its noun phrase, then a
 * postmodifier; a finite verb only after a relative word or a preposition with one.
 */
function isAppositive(words: TreeWord[], from: number, to: number): boolean {
  if (to - from < 3 || to - from > APPOSITIVE_MAX_WORDS || words[from].upos !== 'DET') return false;
  let k = from + 1;
  while (k < to && (NOUN_PHRASE_TAGS.has(words[k].upos) || words[k].xpos === 'PRP$') && words[k].upos !== 'DET') k++;
  const head = words[k - 1];
  if (k === from + 1 || k >= to || (head.upos !== 'NOUN' && head.upos !== 'ADJ')) return false; // nothing after the head: no postmodifier
  const post = words[k];
  const modifier = post.upos === 'ADP' || RELATIVE_TAGS.has(post.xpos) || post.form.toLowerCase() === 'that' || post.xpos === 'VBN' || post.xpos === 'VBG';
  if (!modifier) return false;
  // A relative clause may hold its own finite verb; a postmodifier that is no clause may not ("the pages, are").
  const relative = words.slice(k, to).findIndex((w) => RELATIVE_TAGS.has(w.xpos) || w.form.toLowerCase() === 'that');
  const verbs = words.slice(k, relative < 0 ? to : k + relative);
  return !verbs.some((w) => FINITE_VERB_TAGS.has(w.xpos));
}

/** Determiners of time and frequency: a noun phrase they open is an adverbial ("…, this year"), not an appositive. */
const TIME_DETERMINERS = new Set(['each', 'every', 'this', 'next', 'last']);

/**
 * Slot i holds a comma alone before a descriptive appositive that ends the sentence. Not in a question: after an
 * inverted verb the noun phrase before the comma may be the subject and the one after it the predicate ("Is the
 * plan, a good one?").
 */
export function descriptiveAppositionAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 2 || i >= n - 2 || !commaAlone(tree, i) || tree.slots[n].includes('?')) return false;
  if (TIME_DETERMINERS.has(words[i].form.toLowerCase()) || words.slice(i + 1, i + 3).some((w) => MEASURE_OF_TIME_NOUNS.has(w.form.toLowerCase()))) return false;
  for (let k = i + 1; k < n; k++) if (tree.slots[k].length > 0) return false; // it runs to the sentence's end
  if (!endsNounPhrase(words, i - 1) || directObject(words, i - 1)) return false;
  return isAppositive(words, i, n);
}

/**
 * An appositive that takes up the noun before the comma with a demonstrative pro-form and an "of" phrase ("only one
 * choice for the Arabs, that of fighting"; "two kinds of risk, those of cost and those of delay"). "that of"/"those
 * of" stands for the noun phrase before it (Quirk et al. 6.45, 17.72 on appositives that specify), and the appositive
 * is set off by a comma; a comma-robust parse reads "that" as a verb's complementizer or object and the comma as one
 * between a verb and its object. The appositive is a noun phrase to the next mark, with no finite verb: a learner's
 * comma before a complement clause ("I told my friend, that of all the students he was the best") has one and stays
 * a candidate, and "of course" is no "of" phrase.
 */
/** Slot i holds the comma before "that of …"/"those of …" renaming the noun before it. */
export function demonstrativeAppositiveAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i + 2 >= words.length || !tree.slots[i].includes(',')) return false;
  if (!['that', 'those'].includes(words[i].form.toLowerCase()) || words[i + 1].form.toLowerCase() !== 'of') return false;
  if (tree.slots[i + 1].length > 0 || tree.slots[i + 2].length > 0 || words[i + 2].form.toLowerCase() === 'course') return false;
  // What it takes up: a noun right before the comma.
  if (words[i - 1].upos !== 'NOUN' && words[i - 1].upos !== 'PROPN') return false;
  for (let k = i + 2; k < words.length && tree.slots[k].length === 0; k++) if (finiteVerb(words[k]) || words[k].upos === 'AUX') return false;
  return true;
}

/**
 * The comma that closes an appositive after a named subject (Quirk et al. 17.65, "nonrestrictive apposition"): the
 * writer names the subject, opens an appositive that says who the person is with a comma or a dash, and closes it with
 * a comma before the verb ("Masoud Shojai, head of the association and the fair organizer, said"; "Holly - the
 * owner, knows exactly how …"). A comma-robust parse reads the appositive's noun as the subject and the closing comma
 * as one between a subject and its verb; it is a convention, not an error. A learner's comma after a subject with no
 * name and opening mark before it ("The owner of the shop, knows …") has nothing to close and stays a candidate.
 */
/** Marks that open an appositive after a name: a comma, or a dash (ASCII hyphen spaced, or an em/en dash). */
const OPENERS = new Set([',', '-', '—']);

/** The longest appositive read between the opening mark and the closing comma, in words. */
const MAX_APPOSITIVE_WORDS = 15;

/** Tags an appositive noun phrase may not contain: a verb or a clause marker would make it a clause of its own. */
const CLAUSAL = new Set(['VERB', 'AUX', 'SCONJ', 'PRON']);

/** Marks a noun phrase may hold inside it (quotes around a name, a possessive's apostrophe is a word). */
const INNER_MARKS = new Set(['“', '”', '‘', '’']);

const isName = (w: TreeWord) => w.upos === 'PROPN';

/** Slot i holds a comma that closes an appositive opened after the named subject of the verb that follows. */
export function namedSubjectAppositiveAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 3 || i >= words.length || !tree.slots[i].includes(',')) return false;
  if (!FINITE_VERB_TAGS.has(words[i].xpos)) return false;
  for (let j = i - 1; j >= Math.max(1, i - MAX_APPOSITIVE_WORDS); j--) {
    const slot = tree.slots[j];
    if (slot.length === 0) {
      if (CLAUSAL.has(words[j].upos) && words[j].xpos !== 'PRP$') return false;
      continue;
    }
    if (!slot.some((m) => OPENERS.has(m))) {
      if (slot.every((m) => INNER_MARKS.has(m)) && !CLAUSAL.has(words[j].upos)) continue;
      return false;
    }
    // The opening mark: a name right before it that opens its clause (the sentence's start, or after a mark).
    if (slot.length !== 1 || !isName(words[j - 1])) return false;
    let k = j - 1;
    while (k > 0 && isName(words[k - 1]) && tree.slots[k].length === 0) k--;
    const opensClause = k === 0 || tree.slots[k].length > 0;
    // The appositive begins with a noun phrase's first word, not a verb or a clause ("Holly, I think, knows" is
    // a comment clause's business).
    return opensClause && i - j >= 1 && ['DET', 'NOUN', 'ADJ', 'PROPN', 'NUM'].includes(words[j].upos);
  }
  return false;
}

/**
 * A noun the tagger's coarse tag calls a verb while its fine tag calls it a noun ("your exercise-book": "book" VERB
 * but NN), read back as a noun by its position, so that the guards for appositions see the noun phrase it heads
 * ("The world is your exercise-book, the pages on which …"). The tagger's two tag sets are predicted apart and
 * disagree where a word is both a noun and a verb; after a determiner, a possessive or an adjective, with its phrase
 * ending at a mark, the word is the noun of that phrase. The apposition guards then judge the re-read sentence with
 * all their own conditions.
 */
/** Fine tags of what opens or modifies a noun phrase before its noun. */
const NOUN_PHRASE_MODIFIERS = new Set(['DT', 'PRP$', 'WP$', 'JJ', 'JJR', 'JJS', 'NN', 'POS', 'CD']);

/**
 * Whether word k (0-based), before a mark, is a noun the coarse tag reads as a verb: fine tag a noun's after a noun
 * phrase's modifier, a gerund after a noun or adjective, or a name with a digit in it.
 */
export function misreadAsVerb(tree: PunctuatedTree, k: number): boolean {
  const w = tree.words[k];
  const before = tree.words[k - 1];
  if (w.upos !== 'VERB' || before === undefined || tree.slots[k + 1].length === 0) return false;
  // A name with a digit in it ("libusb-1.0", "Qt6") is no verb, whatever its tags.
  if (/\p{L}/u.test(w.form) && /\d/.test(w.form)) return true;
  // A gerund after a noun or an adjective heads a noun phrase ("critical thinking", "language guessing"): a verb's
  // -ing form follows its auxiliary or its subject, not a modifier (seen in Debian's package descriptions).
  if (w.xpos === 'VBG') return NOUN_PHRASE_MODIFIERS.has(before.xpos) || before.xpos === 'NNS' || before.xpos === 'NNP';
  return (w.xpos === 'NN' || w.xpos === 'NNS') && NOUN_PHRASE_MODIFIERS.has(before.xpos);
}

const asNoun = (w: TreeWord): TreeWord => ({ ...w, upos: 'NOUN' });

/** Slot i holds the comma of an apposition once the sentence's misread nouns are read as nouns. */
export function misreadNounCommaAt(tree: PunctuatedTree, i: number): boolean {
  const misread = tree.words.map((_, k) => misreadAsVerb(tree, k));
  if (!misread.includes(true)) return false;
  const fixed = { ...tree, words: tree.words.map((w, k) => (misread[k] ? asNoun(w) : w)) };
  return descriptiveAppositionAt(fixed, i) || renamingAppositionAt(fixed, i);
}

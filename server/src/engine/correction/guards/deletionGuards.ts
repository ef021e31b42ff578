/**
 * Deletion guards: slots where a written comma is never a deletion candidate (and, for `openerClosedElsewhere`, no
 * introductory style finding is made) because the parse is known to mislead there. Each reads the words, marks and
 * tags rather than the attachment that goes wrong: a comma-robust parser reads fronted openers, asides, answer words,
 * letter formulas and question tags into the clause, and the comma the writer set by convention then looks like one
 * between a subject and its verb, or a stray one. `categories.ts` names the rule; these say where not to apply it.
 *
 * Last, `commaAlone`, the lone-comma test the guards and conventions share.
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';
import { hasSubject, TreeInfo } from '../../treeInfo';
import { introductoryAt, subjectVerbAt } from '../pipeline/categories';

/**
 * Fine tags of a finite verb, a clause's mark: after one, the comma may well sit between a subject and its verb; a
 * bracket without one holds no clause (`sentenceGuards.ts`).
 */
export const FINITE_VERB_TAGS: ReadonlySet<string> = new Set(['VBD', 'VBZ', 'VBP', 'MD']);

/** Fine tags of the wh-words that open a clause inside a phrase ("on what GFM relates to", "where it runs"). */
const EMBEDDING_TAGS = new Set(['WDT', 'WP', 'WP$', 'WRB']);

/** Words an aside between two commas runs to at most ("if set", "I'm guessing was the owner", "returned from the call"). */
const ASIDE_MAX_WORDS = 8;

/**
 * Words an aside runs to at most when its first word announces a modifier: a preposition, a subordinator, a wh-word
 * or a participle ("a reprint, with a new cover by the same artist, is"). Such a word cannot continue the clause the
 * comma interrupted, so the comma that opened it belongs to the aside, however long; an aside with no such first word
 * is held to `ASIDE_MAX_WORDS`, past which the earlier comma is more likely a clause's or a list's of its own.
 */
const MARKED_ASIDE_MAX_WORDS = 15;

/** Whether a word opens a modifier phrase or clause (see `MARKED_ASIDE_MAX_WORDS`). */
function opensModifier(w: { upos: string; xpos: string }): boolean {
  return w.upos === 'ADP' || w.upos === 'SCONJ' || EMBEDDING_TAGS.has(w.xpos) || w.xpos === 'VBG' || w.xpos === 'VBN';
}

/**
 * Slot i is a subject–verb comma's place, and the nearest comma before it, two to `ASIDE_MAX_WORDS` words back (or
 * `MARKED_ASIDE_MAX_WORDS` before a word that opens a modifier), does not close a sentence-initial opener: then the comma at i most likely closes the
 * aside that comma opened — a parenthetical, an apposition, an interjected clause ("AZURE_LOG_LEVEL, if set, takes
 * precedence", "The one guy who was there, I'm guessing was the owner, was …"). A parser reads such asides into the
 * clause (there "set" the subject of "takes", "the owner" that of "was"), so the words, not the tree, tell. Deleting
 * the comma would leave the opener alone: no deletion candidate. A learner's comma after a long subject has no such
 * partner ("The girl who sits next to me, is …"), nor does one after a fronted opener's comma ("When I came home, my
 * brother, was asleep").
 */
export function closesAsideAt(tree: PunctuatedTree, info: TreeInfo, i: number): boolean {
  const w = subjectVerbAt(info, i);
  if (w === undefined || (info.base(w) !== 'nsubj' && info.base(w) !== 'csubj')) return false;
  for (let j = i - 1; j >= Math.max(1, i - MARKED_ASIDE_MAX_WORDS); j--) {
    if (!tree.slots[j].includes(',')) continue;
    // One word between the commas is the subject itself ("That's it, I, know"), and a coordinator opens the next
    // clause, not an aside ("…, but I, thought"): those commas are a learner's, after a subject.
    if (i - j < 2 || tree.words[j].upos === 'CCONJ') return false;
    if (i - j > ASIDE_MAX_WORDS && !opensModifier(tree.words[j])) return false;
    return introductoryAt(info, j) === undefined && !frontedClauseCommaAt(tree, j) && !frontedPhraseCommaAt(tree, j);
  }
  return false;
}

/**
 * Tags that a subject or an object of EWT never has (train: 6 of ~26,000 nsubj/obj/iobj are ADV or INTJ, none the
 * others): such a "subject" or "object" is a misparse ("you know, whatever" read with "whatever" the object of
 * "know"), and the comma the tree puts between it and its verb says nothing about the writer's punctuation.
 */
const NEVER_SUBJECT_OR_OBJECT = new Set(['ADV', 'INTJ', 'ADP', 'SCONJ', 'CCONJ', 'PART', 'AUX']);

/** Whether the subject or object of a subject–verb comma at slot i has a tag no subject or object has. */
export function implausibleArgumentAt(tree: PunctuatedTree, info: TreeInfo, i: number): boolean {
  const w = subjectVerbAt(info, i);
  return w !== undefined && NEVER_SUBJECT_OR_OBJECT.has(tree.words[w - 1].upos);
}

/**
 * Whether the subject that slot i separates from its verb belongs to a bare participle: the "verb" is tagged VBN or
 * VBG, and neither an auxiliary or copula of it nor the word right before the subject (an inverted auxiliary: "where
 * is the station, located") is finite. "the one, baked-in DOM" read with "one" the subject of "baked", "reported as
 * `Foo/bar`, using the case …" with "using" the verb of "Foo/bar": in English a subject goes with a finite verb, and a
 * bare participle after the comma begins a modifier, so the comma is not one between a subject and its verb. Only
 * participles: a finite verb the tagger takes for a noun ("the place, caters to …", "that, Speak") keeps its comma a
 * candidate.
 */
export function subjectWithoutFiniteVerbAt(tree: PunctuatedTree, info: TreeInfo, i: number): boolean {
  const w = subjectVerbAt(info, i);
  if (w === undefined || (info.base(w) !== 'nsubj' && info.base(w) !== 'csubj')) return false;
  const h = info.head(w);
  if (tree.words[h - 1].xpos !== 'VBN' && tree.words[h - 1].xpos !== 'VBG') return false;
  const before = info.span[w][0] - 1;
  const auxiliaries = [...info.children[h].filter((c) => info.base(c) === 'aux' || info.base(c) === 'cop'), ...(before >= 1 ? [before] : [])];
  return !auxiliaries.some((v) => FINITE_VERB_TAGS.has(tree.words[v - 1].xpos));
}

/**
 * Whether the subject that slot i separates from its verb is more likely the object of the verb right before it, in
 * a telegraphic description that leaves a third-person subject out: that verb is a present-tense third-person form
 * (VBZ) with no subject of its own, the noun phrase follows it with no mark between, and the "subject's" verb is a
 * VBZ too. "Accepts a `string`, returns a `string`.", "Compiles the query, returns a function.": two like predicates
 * share the omitted subject, the noun phrase after the first is its object, and the comma separates the predicates.
 * Only an omitted subject leaves a VBZ without one (an imperative is VB, an omitted "I" gives VBP: "Hope you, are
 * well" keeps its comma a candidate); the parser reads the second predicate as a clause complement of the first.
 */
export function objectReadAsSubjectAt(tree: PunctuatedTree, info: TreeInfo, i: number): boolean {
  const w = subjectVerbAt(info, i);
  if (w === undefined || info.base(w) !== 'nsubj') return false;
  const v = info.span[w][0] - 1; // the word right before the subject
  const h = info.head(w);
  if (v < 1 || tree.slots[v].length > 0 || hasSubject(info, v)) return false;
  return tree.words[v - 1].xpos === 'VBZ' && tree.words[h - 1].xpos === 'VBZ';
}

/** Fine tags of a word that, right before a form in -ing, makes that form a noun phrase's head ("critical thinking"). */
const GERUND_MODIFIER_TAGS = new Set(['JJ', 'JJR', 'JJS', 'NN', 'NNS', 'NNP', 'NNPS', 'DT', 'PRP$', 'POS']);

/**
 * Whether the object that slot i separates from its verb is rather an apposition to a gerund heading a noun phrase:
 * the "verb" is a form in -ing right after an adjective, noun, determiner or possessive ("encourage critical
 * thinking, the heart of a quality education", "group sharing, emphasis on reliability"). After a verb, an auxiliary
 * or a preposition the -ing form is a verb that takes objects ("I enjoy reading, books", "interested in learning,
 * English"), and the comma stays a candidate.
 */
export function gerundAppositionAt(tree: PunctuatedTree, info: TreeInfo, i: number): boolean {
  const w = subjectVerbAt(info, i);
  if (w === undefined || (info.base(w) !== 'obj' && info.base(w) !== 'iobj') || i < 2) return false;
  return tree.words[i - 1].xpos === 'VBG' && tree.slots[i - 1].length === 0 && GERUND_MODIFIER_TAGS.has(tree.words[i - 2].xpos);
}

/** An inline enumerator's label: a number of one or two digits or a single letter, followed by ")" ("3)", "(b)"). */
const ENUMERATOR_LABEL = /^(\d{1,2}|\p{L})$/u;

/**
 * The first word (0-based) of the clause slot i lies in: after the last colon or inline enumerator before it ("3) If
 * hostile, kill him"), else the sentence's first.
 */
function clauseStart(tree: PunctuatedTree, i: number): number {
  for (let k = i - 1; k >= 1; k--) {
    if (tree.slots[k].includes(':')) return k;
    if (tree.slots[k][0] === ')' && ENUMERATOR_LABEL.test(tree.words[k - 1].form)) return k;
  }
  return 0;
}

/**
 * The first word (0-based) of the opener whose comma slot i may hold, if slot i holds a comma after at least two of
 * its words and is the first comma since it began. It begins at the sentence's first word, or after the last colon
 * before the slot: a colon ends a label or an introduction, and a new clause starts after it ("**Notice:** As of
 * v3.1.0, the tool …", "Tip: if the option is set, the …"), which the sentence splitter keeps with its label.
 */
function openerBefore(tree: PunctuatedTree, i: number): number | undefined {
  if (i >= tree.words.length || !tree.slots[i].includes(',')) return undefined;
  const start = clauseStart(tree, i);
  if (i < start + 2) return undefined;
  for (let j = start + 1; j < i; j++) if (tree.slots[j].includes(',')) return undefined;
  return start;
}

/**
 * Answer words and interjections (a closed class): at the head of a sentence the comma after one is how a reader tells
 * the answer "No, sir." from the determiner of "No sir would …", and writers set them off by convention ("Yes, those
 * who …", "Well, it depends"). The tagger reads "No" as a determiner and the model then calls the comma unnecessary.
 * Imperatives used as discourse markers ("See, …", "Look, …") are left out: "See, the attached file" is a learner's
 * comma between a verb and its object.
 */
const ANSWER_WORDS = new Set(['yes', 'no', 'yeah', 'yep', 'nope', 'well', 'oh', 'ah', 'ok', 'okay', 'hey', 'alas']);

/**
 * Slot i holds the comma after an answer word or interjection that opens the sentence, or the clause after a colon
 * ("A: No, sir."), alone or after a coordinator ("But no, …").
 */
export function interjectionCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !tree.slots[i].includes(',')) return false;
  const start = clauseStart(tree, i);
  if (i - 1 !== start && !(i - 2 === start && words[start].upos === 'CCONJ')) return false;
  const word = words[i - 1].form.toLowerCase();
  // "No" right before a noun is most often its determiner, written apart by mistake ("No, service.", "no, place to
  // sit"); that comma stays a candidate, though a vocative ("No, sir.") then looks the same.
  if (word === 'no' && (words[i].upos === 'NOUN' || words[i].upos === 'PROPN')) return false;
  return ANSWER_WORDS.has(word) || words[i - 1].upos === 'INTJ';
}

/** Formulas that open or close a letter or an e-mail, which writers set off with a comma ("Dear All,", "Kind regards,"). */
const SALUTATION_OPENERS = new Set(['dear', 'hi', 'hello']);
const LETTER_CLOSINGS = new Set([
  'regards', 'kind regards', 'best regards', 'kindest regards', 'warm regards', 'warmest regards', 'best wishes',
  'sincerely', 'yours sincerely', 'sincerely yours', 'yours truly', 'yours faithfully', 'thanks', 'many thanks',
  'thank you', 'cheers', 'best',
]);

/**
 * Slot i holds the comma after a salutation ("Dear All", "Hi John", at most four words) or a letter's closing formula
 * ("Kindest regards") that opens the sentence. E-mail and letter text often reaches the linter with the salutation or
 * the closing and the next line joined in one sentence ("Kindest regards, Visit …"); the tree then makes the formula a
 * subject or an object, and the comma looks like one between subject and verb. It is the letter's convention. "Love"
 * is left out: as a verb it opens a learner's "Love, this park" (a comma between verb and object) as often.
 */
export function letterFormulaCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !tree.slots[i].includes(',')) return false;
  for (let j = 1; j < i; j++) if (tree.slots[j].length > 0) return false;
  const opener = words.slice(0, i).map((w) => w.form.toLowerCase());
  return (SALUTATION_OPENERS.has(opener[0]) && i <= 4) || LETTER_CLOSINGS.has(opener.join(' '));
}

/** Words that end a sentence as a question tag after a comma ("…, right?", "…, isn't it?"). */
const TAG_WORDS = new Set(['right', 'ok', 'okay', 'eh', 'huh', 'correct', 'yes', 'no', 'yeah']);

/** Tags of an inverted question's subject right after its auxiliary ("is it", "does the bus", "can John"). */
const INVERTED_SUBJECTS = new Set(['PRON', 'DET', 'PROPN']);

/**
 * Slot i holds the comma before a question tag that ends the sentence: a tag word ("You're in, right?") or an
 * auxiliary with a pronoun ("It works, doesn't it?", "You can come, can't you?"). The tag is a clause of its own
 * that the comma sets off; a parser reads "right" as the predicate's modifier and the comma as spurious. The same
 * holds for a whole inverted question after the comma ("What is it, is it a bird?"): deleting the comma would leave a
 * run-on, which a question mark or a semicolon mends.
 */
export function questionTagCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 1 || i >= n || !tree.slots[i].includes(',') || !tree.slots[n].includes('?')) return false;
  const tag = words.slice(i);
  if (tag.length === 1) return TAG_WORDS.has(tag[0].form.toLowerCase());
  if (tag[0].upos !== 'AUX') return false;
  const rest = tag.slice(1).filter((w) => w.upos !== 'PART');
  return rest.length > 0 && INVERTED_SUBJECTS.has(rest[0].upos);
}

/** Words that open a fronted adverbial clause. */
const SUBORDINATORS = new Set([
  'if', 'when', 'whenever', 'while', 'because', 'although', 'though', 'since', 'after', 'before', 'unless', 'until',
  'once', 'as', 'where', 'wherever', 'whereas',
]);

/**
 * Tags that open a main clause's subject right after a fronted clause's comma ("…, the scheduler", "…, it", "…, Gaza"):
 * a determiner, a pronoun or a proper name begins a noun phrase, and after a complete fronted clause a noun phrase is
 * the main clause's subject. A common noun is left out: bare, it as often continues the fronted clause's own object.
 */
const SUBJECT_OPENERS = new Set(['DET', 'PRON', 'PROPN']);

/**
 * Slot i holds the first comma of a sentence that opens with a subordinator (after a focusing adverb or a coordinator,
 * "Even if", "But when", too), with a verb before the slot or at least
 * two words before it and a determiner or pronoun after it: the comma that closes a fronted adverbial clause ("If a
 * job fails, the scheduler retries it"). Writers put it there by convention. A parser that misreads the clause — the
 * main clause's subject taken for the clause verb's object ("When the storm ended, the town was quiet" read as "ended
 * the town"), or a verb tagged as a noun (e11 tags both "fails" and "retries" in the example as nouns) — would make it
 * look like a comma between subject and verb or verb and object, so the engine never deletes it. Read off the words
 * and marks, not the tree, because the tree is what goes wrong; the determiner or pronoun after the comma stands in
 * for the verb the tagger missed, and keeps a comma inside the clause ("When the storm, ended …") a candidate.
 */
export function frontedClauseCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const start = openerBefore(tree, i);
  if (start === undefined) return false;
  // A focusing adverb ("Even if", "Only when", "Just as") or a coordinator ("But if") may come first: it modifies or
  // links the clause as a whole, and the sentence still opens with the fronted clause.
  const o = (words[start].upos === 'ADV' || words[start].upos === 'CCONJ') && start + 1 < i && isSubordinator(words[start + 1]) ? start + 1 : start;
  if (!isSubordinator(words[o])) return false;
  // An imperative main clause, also after an adverb: "When decoding, be sure …", "If a function, use it", "When
  // traveling, never leave …".
  if (words[i].xpos === 'VB' || (words[i].upos === 'ADV' && words[i + 1]?.xpos === 'VB')) return true;
  return words.slice(o + 1, i).some((w) => w.upos === 'VERB' || w.upos === 'AUX') || (i >= o + 3 && SUBJECT_OPENERS.has(words[i].upos));
}

/** A subordinator opening a fronted clause: a listed one, or a word tagged SCONJ. */
function isSubordinator(w: { form: string; upos: string }): boolean {
  return SUBORDINATORS.has(w.form.toLowerCase()) || w.upos === 'SCONJ';
}

/** Fine tags of a word that modifies a noun after it: adjectives, determiners, possessives. */
const DANGLING_MODIFIER_TAGS = new Set(['JJ', 'JJR', 'JJS', 'DT', 'PDT', 'WDT', 'PRP$', 'WP$']);

/** Parts of speech that can continue a noun phrase after a determiner: its noun, or modifiers ("an apparently …"). */
const NOUN_PHRASE_CONTINUATIONS = new Set(['NOUN', 'PROPN', 'ADJ', 'ADV', 'NUM', 'X', 'SYM']);

/** Predeterminers: they come before an article or possessive in one noun phrase ("all the …", "both my …"). */
const PREDETERMINERS = new Set(['all', 'both', 'half']);

/**
 * Whether word `next` can go on with the noun phrase that determiner `det` opened: its noun or a modifier, a
 * participle used as an adjective ("the planned changes"), an article after a predeterminer ("all the …", Quirk et
 * al. 5.14), "of" after a quantifying pronoun ("those of you"), or a relative pronoun ("those who …").
 */
function continuesNounPhrase(det: { form: string }, next: { form: string; upos: string; xpos: string }): boolean {
  const lower = next.form.toLowerCase();
  if (NOUN_PHRASE_CONTINUATIONS.has(next.upos) || next.xpos === 'VBN' || next.xpos === 'VBG' || lower === 'of' || lower === 'not') return true;
  // A relative clause after a demonstrative standing as a pronoun belongs to it ("those who believe").
  if (next.xpos === 'WP' || next.xpos === 'WDT') return true;
  return PREDETERMINERS.has(det.form.toLowerCase()) && (next.xpos === 'PRP$' || ['the', 'a', 'an', 'this', 'that', 'these', 'those'].includes(lower));
}

/**
 * Slot i holds the first comma of a sentence that opens with a fronted phrase rather than a clause: a preposition
 * ("By default, integers are returned", "At the time of writing, the latest …") or a participle ("Using a cache, the
 * server …") and the word after the comma is not a finite verb, or with an infinitive of purpose ("To use these, call …").
 * A comma-robust parser reads such openers into whatever follows ("default" a compound of "integers", "call" the
 * object of "use"), and the comma then looks unnecessary or like one between a verb and its object; but writers set
 * these openers off by convention, and technical prose is full of them. A finite verb right after the comma ("In my
 * opinion the film, was boring") keeps the subject–verb comma a candidate. Read off words and tags, as
 * `frontedClauseCommaAt`, because the tree is what goes wrong.
 */
export function frontedPhraseCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const o = openerBefore(tree, i);
  if (o === undefined) return false;
  const first = words[o];
  // "To configure linkify-it, access …": after an infinitive of purpose the main clause is most often an imperative,
  // which the tagger reads as any verb form (VB, VBP, even VBZ there), so the verb after the comma cannot tell an
  // imperative from a subject's verb: the comma is kept whatever follows ("To use these, call …": "these" is the
  // infinitive's object).
  const infinitive = first.form.toLowerCase() === 'to' && (words[o + 1].upos === 'VERB' || (words[o + 1].upos === 'ADV' && words[o + 2].upos === 'VERB'));
  if (infinitive) return true;
  // A phrase holds no finite verb of its own ("From the AP comes, this story" is an inversion, "Having a pet isn't,
  // easy" a clause); one inside a clause the phrase embeds is fine ("For info on what GFM relates to, see …").
  let embedded = false;
  for (let j = o; j < i; j++) {
    if (EMBEDDING_TAGS.has(words[j].xpos) || (j > o && words[j].upos === 'SCONJ')) embedded = true;
    else if (!embedded && FINITE_VERB_TAGS.has(words[j].xpos)) return false;
  }
  const opens = first.upos === 'ADP' || (first.upos === 'VERB' && (first.xpos === 'VBG' || first.xpos === 'VBN'));
  // Nor does a prepositional phrase end on a modifier whose noun comes after the comma ("For more, details", "for
  // Books that, Speak": that comma splits a phrase). A determiner dangles only if what follows can continue its noun
  // phrase: before a determiner, pronoun, preposition or verb it stands alone as a pronoun ("After all, any man …",
  // "After all, everyone …", "after all, isn't that …", "Above all, never …"), and the phrase ends at the comma.
  const determiner = words[i - 1].xpos === 'DT' || words[i - 1].xpos === 'PDT';
  const dangling = DANGLING_MODIFIER_TAGS.has(words[i - 1].xpos) && (!determiner || continuesNounPhrase(words[i - 1], words[i]));
  return opens && !dangling && !FINITE_VERB_TAGS.has(words[i].xpos);
}

/**
 * The sentence's opener is already closed by the writer, at a comma other than slot i: the sentence's first comma
 * closes a fronted clause or phrase (`frontedClauseCommaAt`, `frontedPhraseCommaAt`) and lies either before i, or
 * after it with no finite verb of a main clause in between. An introductory element is set off once, at its end;
 * where the writer marked that end, an element the parse ends elsewhere has its edge in the wrong place: it runs past
 * the comma ("Although X offers Y, there are‸ also …") or stops inside the opener ("In addition‸ to braces, …", "As a
 * shortcut‸ to avoid Z, …"). A finite verb between the slot and the comma may begin the main clause ("When it rained‸
 * the roads were wet, and …" lacks its comma), so it keeps the slot open; one inside a wh-clause the opener embeds
 * does not ("In a few cases‸ where Bash had no answers, we …").
 */
export function openerClosedElsewhere(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  let j = 1;
  while (j < words.length && !tree.slots[j].includes(',')) j++;
  if (j >= words.length || j === i || !(frontedClauseCommaAt(tree, j) || frontedPhraseCommaAt(tree, j))) return false;
  if (j < i) return true;
  let embedded = false;
  for (let k = i; k < j; k++) {
    if (EMBEDDING_TAGS.has(words[k].xpos)) embedded = true;
    else if (!embedded && FINITE_VERB_TAGS.has(words[k].xpos)) return false;
  }
  return true;
}

/** Parts of speech that leave a constituent open when they end it: a preposition without its object, a verb or auxiliary without its. */
const AWAITS_COMPLEMENT = new Set(['ADP', 'VERB', 'AUX']);

/**
 * Slot i holds the comma that closes a coordinated insertion: the nearest comma before it, two or more words back, is
 * followed by a coordinator, and the words before both commas await a complement (`awaitsComplement`): "use of, or
 * taking of any action in reliance upon, this information", "He supported, and she opposed, the bill", "the right to,
 * and actually do, grant us". That is right-node raising: two conjuncts share the complement after the second comma, and the
 * commas set off the second conjunct, inserted between the first and what they share. A parser gives the shared
 * complement to the second conjunct alone, and the comma before it looks stray, or like one between a verb and its
 * object. A comma that cuts a preposition or verb from its complement with no such insertion ("I am interested in,
 * this job"), or after a coordinated clause that ends otherwise ("…, and my brother ate, them"), stays a candidate.
 */
export function closesCoordinatedInsertionAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || !tree.slots[i].includes(',') || !awaitsComplement(words[i - 1])) return false;
  for (let j = i - 1; j >= 1; j--) {
    if (!tree.slots[j].includes(',')) continue;
    return i - j >= 2 && words[j].upos === 'CCONJ' && awaitsComplement(words[j - 1]);
  }
  return false;
}

/**
 * A word that awaits a complement the conjuncts of right-node raising can share: a preposition or a verb, and
 * (READMEs, "the right to, and actually do, grant us"; journal, "a coordinated insertion between "to" or an auxiliary
 * and its verb") an auxiliary or the infinitive "to" before the shared verb.
 */
function awaitsComplement(w: TreeWord): boolean {
  return AWAITS_COMPLEMENT.has(w.upos) || (w.upos === 'PART' && w.form.toLowerCase() === 'to');
}

/**
 * Slot i holds a comma of a parenthetical "say" (= for example) after a word that awaits its complement: the one that
 * opens it ("returned from, say `.https()`", "could stand for, let us say "x is …"") or the one that closes it ("could
 * cost, say, ten dollars", where "say" may be read as a verb and the comma as one before its object). Writers often leave out
 * the closing comma; neither is ever the error (READMEs and fortunes; journal, "the comma before a parenthetical
 * "say""). A subject's comma before the verb "say" ("People, say that …") is no such aside: the word before it awaits
 * nothing.
 */
export function parentheticalSayCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !commaAlone(tree, i)) return false;
  return opensSayAside(tree, i) || (words[i - 1].form.toLowerCase() === 'say' && opensSayAside(tree, i - 1));
}

/** Whether the lone comma at slot j, after a word awaiting its complement, opens "say" or "let us say". */
function opensSayAside(tree: PunctuatedTree, j: number): boolean {
  const words = tree.words;
  if (j < 1 || !commaAlone(tree, j) || !awaitsComplement(words[j - 1])) return false;
  const next = words.slice(j, j + 3).map((w) => w.form.toLowerCase());
  return next[0] === 'say' || (next[0] === 'let' && (next[1] === 'us' || next[1] === "'s") && next[2] === 'say');
}

/**
 * Slot i holds the comma that closes an aside opened by ", as well as": the nearest comma before it (no other mark
 * between) is followed by "as well as", three or more words back ("To ignore all children within a directory, as well
 * as the entry itself, append …", READMEs; journal, "the comma that closes an "as well as" aside"). Read without the
 * aside, the words after the comma belong to what came before it, however the parser hangs them. With no opening comma
 * ("My brother as well as my sister, is") the comma stays a candidate.
 */
export function closesAsWellAsAsideAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 4 || i >= words.length || !commaAlone(tree, i)) return false;
  for (let j = i - 1; j >= 1; j--) {
    if (tree.slots[j].length === 0) continue;
    const as = words.slice(j, j + 3).map((w) => w.form.toLowerCase()).join(' ');
    return commaAlone(tree, j) && as === 'as well as' && i - j >= 4;
  }
  return false;
}

/** Words a list item runs to at most ("carrier", "litter box", "a small bed"). */
const LIST_ITEM_MAX_WORDS = 3;

/** Participial subordinators whose form is also a past tense. */
const PAST_FORM_SUBORDINATORS = new Set(['provided', 'granted']);

/**
 * Slot i holds a comma before a participle that, with the complementizer after it, opens an adverbial clause: "given
 * that", "provided that", "assuming that", "considering that", "seeing that". These participles have grammaticalised
 * into subordinators (no subject of their own: the clause after "that" is what the sentence is conditioned on), and a
 * trailing adverbial clause is set off by a comma when it adds a reason or condition after the fact, which the tree
 * cannot tell from a restrictive one: prefer silence. The parser attaches the participle to the verb before the comma
 * ("sights to see, given that …" read as "see given"), and the comma then looks stray. A participle after an auxiliary is a
 * verb form ("He is, saying that …", a learner's comma), and a comma right before "that" after a verb ("She told me,
 * that …") is a learner's between a verb and its object: both stay candidates.
 */
export function participialSubordinatorCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i + 1 >= words.length || !tree.slots[i].includes(',') || tree.slots[i + 1].length > 0) return false;
  // The tagger may call an -ed one a past tense ("provided/VBD that"): those are taken by their form.
  const participle = words[i].xpos === 'VBN' || words[i].xpos === 'VBG' || (words[i].xpos === 'VBD' && PAST_FORM_SUBORDINATORS.has(words[i].form.toLowerCase()));
  const complementizer = words[i + 1].upos === 'SCONJ' && words[i + 1].form.toLowerCase() === 'that';
  return participle && complementizer && words[i - 1].upos !== 'AUX';
}

/** Whether a word is written with a capital or is a number: a name's or an address's component ("Sector 37", "Leeds"). */
function nameLike(w: { form: string; upos: string }): boolean {
  return w.upos === 'NUM' || /^\p{Lu}/u.test(w.form);
}

/**
 * Slot i separates two components of a chain of names, each set off by commas: the words on both sides of the slot
 * and of the comma one to `LIST_ITEM_MAX_WORDS` words before it are capitalised or numbers ("Indian Oil Building,
 * Sector 37, Taj Express Road", "Kelly Cloud, Senior Vice President, Enron"). Addresses, titles and places are
 * written as such chains, and the comma is the only sign of where one name ends and the next begins (without it they
 * read as one name, "Sector 37 Taj Express Road"). The parser joins the components into one noun phrase, and the comma
 * then looks stray. A comma inside one name ("President, Bush" with no chain before it) stays a candidate, and the
 * sentence's first word, capitalised by position, counts as no name.
 */
export function nameChainCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (!tree.slots[i]?.includes(',') || !betweenNames(words, i)) return false;
  for (let j = i - 1; j >= Math.max(1, i - LIST_ITEM_MAX_WORDS); j--) if (tree.slots[j].includes(',')) return nameLike(words[j - 1]) && j >= 2 && nameLike(words[j]);
  return false;
}

/** Whether slot j lies between a name-like word and a capitalised proper noun. */
function betweenNames(words: readonly TreeWord[], j: number): boolean {
  return j >= 2 && j < words.length && nameLike(words[j - 1]) && words[j].upos === 'PROPN' && /^\p{Lu}/u.test(words[j].form);
}

/**
 * Whether slot k holds a comma and no other mark: the guards for writers' conventions judge a lone comma only, since
 * a comma beside another mark (`,”`, `,—`) belongs to a quotation or a dash and is no deletion candidate alone.
 */
export function commaAlone(tree: PunctuatedTree, k: number): boolean {
  const marks = tree.slots[k];
  return marks !== undefined && marks.length === 1 && marks[0] === ',';
}

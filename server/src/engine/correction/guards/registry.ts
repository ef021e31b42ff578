/**
 * The registry of guards: each vetoes a correction the candidate generator (`candidates.ts`) would otherwise weigh,
 * because the parse is known to mislead there. Like a rule (`engine/registry/`), a guard is one object: its id, what it
 * vetoes, what it recognises, and why it exists (the failure of the learned model it answers). The generator asks the
 * registry, not the guards one by one, and records each veto with the guard's id when asked to
 * (`GuardVeto`), so `puncteme explain --candidates` can name the guard that hid a correction.
 */
import { PunctuatedTree } from '../../../data/depunct';
import { TreeInfo } from '../../treeInfo';
import { CandidateCategory } from '../pipeline/candidates';
import {
  adverbialOpenerCommaAt,
  asyndeticListCommaAt,
  closesAsideAt,
  closesAsWellAsAsideAt,
  closesCoordinatedInsertionAt,
  frontedClauseCommaAt,
  frontedPhraseCommaAt,
  gerundAppositionAt,
  implausibleArgumentAt,
  interjectionCommaAt,
  letterFormulaCommaAt,
  nameChainCommaAt,
  objectReadAsSubjectAt,
  parentheticalSayCommaAt,
  participialSubordinatorCommaAt,
  questionTagCommaAt,
  subjectWithoutFiniteVerbAt,
} from './deletionGuards';
import { WRITERS_CONVENTIONS, writersConventionAt } from '../conventions/writersConventions';
import { anyGuardSkipped, guardSkipped, guardTrace } from './skipped';

/** What a guard vetoes. */
export type GuardTarget =
  /** Every correction at a slot (insertions too), where the commas are not English punctuation. */
  | 'every-correction-at-slot'
  /** Deleting a lone written comma (whatever its category). */
  | 'lone-comma-deletion'
  /** Deleting a lone comma the parse puts between a subject or object and its verb. */
  | 'subject-verb-comma-deletion';

export interface GuardSpec {
  id: string;
  vetoes: GuardTarget;
  /** What it recognises, in a line. */
  description: string;
  /** Why it exists: the failure of the model it answers, as recorded where it was found. */
  reason: string;
}

/** A guard read off the words, marks and tags at one slot. */
export interface SlotGuard {
  id: string;
  description: string;
  reason: string;
  at(tree: PunctuatedTree, i: number): boolean;
}

/** What the lone-comma guards read of a slot besides the tree. */
export interface LoneCommaSlot {
  tree: PunctuatedTree;
  info: TreeInfo;
  category: CandidateCategory;
  /** The comma ends a plain subject (`plainSubjects.ts`): a coordinator ahead then makes it no list's. */
  plainSubject: boolean;
  onlyComma(j: number): boolean;
}

interface LoneCommaGuard extends GuardSpec {
  at(slot: LoneCommaSlot, i: number): boolean;
}

/** A veto the generator recorded: the guard, the slot, and the category of the correction it hid. */
export interface GuardVeto {
  guard: string;
  slot: number;
  category: CandidateCategory;
  action: 'delete' | 'insert';
}

const PARSE_MISLEADS = 'The parse misreads the construction there and the error model called the writer\'s comma unnecessary; read off words and tags, since the tree is what goes wrong.';

/** Guards for the slots where the commas separate a call's arguments or a bracket's items (`judged` in candidates.ts). */
export const SLOT_GUARDS: readonly GuardSpec[] = [
  {
    id: 'call-arguments',
    vetoes: 'every-correction-at-slot',
    description: 'Slots inside the argument list of a call written as code in prose ("parseJson(string, reviver?)").',
    reason: 'Package READMEs drew findings in most of their API headings: the parser reads argument names as nonsense English.',
  },
  {
    id: 'bracket-fragment',
    vetoes: 'every-correction-at-slot',
    description: 'Slots inside a bracketed fragment without a finite verb: a list of items or a label with its value.',
    reason: 'Documentation writes every option\'s type and default this way, and the parser read the lists as clauses.',
  },
];

const listCategory = (s: LoneCommaSlot) => s.category === 'comma' || s.category === 'subject-verb-comma';
const subjectVerb = (s: LoneCommaSlot) => s.category === 'subject-verb-comma';
const misread = (id: string, description: string, reason: string, at: (tree: PunctuatedTree, info: TreeInfo, i: number) => boolean): LoneCommaGuard => ({
  id,
  vetoes: 'subject-verb-comma-deletion',
  description,
  reason,
  at: (s, i) => subjectVerb(s) && at(s.tree, s.info, i),
});
const convention = (id: string, description: string, at: (tree: PunctuatedTree, i: number) => boolean): LoneCommaGuard => ({
  id,
  vetoes: 'lone-comma-deletion',
  description,
  reason: PARSE_MISLEADS,
  at: (s, i) => at(s.tree, i),
});

/**
 * Slot i holds the comma of an emphatic repetition ("far, far too much", "very, very good", "no, no"): a word
 * repeated, the first copy followed by the comma alone. Writers set the copies apart by convention, and parsers read
 * the first copy as a modifier of the second, which makes the comma look spurious.
 */
export function repetitionCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  return i >= 1 && i < words.length && words[i - 1].form.toLowerCase() === words[i].form.toLowerCase() && /^\p{L}+$/u.test(words[i].form);
}

/**
 * The guards of a lone written comma's deletion, in the order they are asked (the first that fires is named). A comma
 * shortly followed by another, or by a coordinator ("A, B and C"), is most likely a list's: parses of lists are
 * fragile, and a list comma read as one between a verb and its object, or a subject and its verb, must not be deleted.
 * A plain subject's comma is no list's for a coordinator a few words on alone ("The food, is fresh and tastes great").
 */
const LONE_COMMA_GUARDS: readonly LoneCommaGuard[] = [
  {
    id: 'list-comma-ahead',
    vetoes: 'lone-comma-deletion',
    description: 'Another lone comma follows within four words: the comma is most likely one of a list\'s ("a mouse, rat, hamster").',
    reason: 'Parses of lists are fragile: a list comma read as one between a verb and its object, or a subject and its verb, was deleted.',
    at: (s, i) => listCategory(s) && [1, 2, 3, 4].some((d) => i + d < s.info.n && s.onlyComma(i + d)),
  },
  {
    id: 'list-coordinator-ahead',
    vetoes: 'lone-comma-deletion',
    description: 'A coordinator two or three words on, after a comma that ends no plain subject ("A, B and C").',
    reason: 'Parses of lists are fragile: a list comma read as one between a verb and its object, or a subject and its verb, was deleted.',
    at: (s, i) => listCategory(s) && !s.plainSubject && [2, 3].some((d) => i + d <= s.info.n && s.tree.words[i + d - 1].upos === 'CCONJ'),
  },
  {
    id: 'asyndetic-list',
    vetoes: 'lone-comma-deletion',
    description: 'The comma ends an item of a list without a coordinator ("everything, litter box, carrier, etc.").',
    reason: 'A parser made an item the subject of what follows, and the separator looked like a subject–verb comma.',
    at: (s, i) => listCategory(s) && asyndeticListCommaAt(s.tree, i),
  },
  {
    id: 'name-chain',
    vetoes: 'lone-comma-deletion',
    description: 'The comma separates components of a chain of names ("Indian Oil Building, Sector 37, Taj Express Road").',
    reason: 'The parser joins the components into one noun phrase, and the comma that ends each looked stray.',
    at: (s, i) => listCategory(s) && nameChainCommaAt(s.tree, i),
  },
  misread('implausible-argument', 'The "subject" or "object" has a tag no subject or object has (ADV, INTJ, ADP…).', 'In EWT train 6 of about 26,000 subjects and objects have such tags: the comma the tree puts there is a misparse\'s.', implausibleArgumentAt),
  misread('subject-without-finite-verb', 'The "verb" after the subject is a bare participle ("the one, baked-in DOM").', 'A subject goes with a finite verb: the parser read a modifier after the comma as the subject\'s verb.', subjectWithoutFiniteVerbAt),
  misread('object-read-as-subject', 'Two like predicates share an omitted subject ("Compiles the query, returns a function.").', 'The parser reads the object of the first predicate as the subject of the second.', objectReadAsSubjectAt),
  misread('closes-aside', 'The comma closes an aside that a comma two to fifteen words back opened ("AZURE_LOG_LEVEL, if set, takes precedence").', 'A parser reads such asides into the clause, and the closing comma looked like one between subject and verb.', closesAsideAt),
  misread('gerund-apposition', 'The "object" is an apposition to a gerund heading a noun phrase ("critical thinking, the heart of …").', 'The parser reads the -ing noun as a verb and the apposition as its object.', gerundAppositionAt),
  convention('fronted-clause', 'The comma that closes a fronted adverbial clause ("If a job fails, the scheduler retries it").', frontedClauseCommaAt),
  convention('fronted-phrase', 'The comma after a fronted prepositional, participial or infinitive phrase ("By default, integers are returned").', frontedPhraseCommaAt),
  convention('interjection', 'The comma after an answer word or interjection that opens the sentence ("No, sir.").', interjectionCommaAt),
  convention('adverbial-opener', 'The comma after a clause\'s first word that prepositions and adverbs share ("Afterwards, the doctor came").', adverbialOpenerCommaAt),
  convention('letter-formula', 'The comma after a salutation or a letter\'s closing formula ("Dear All,", "Kind regards,").', letterFormulaCommaAt),
  convention('question-tag', 'The comma before a question tag or an inverted question that ends the sentence ("You\'re in, right?").', questionTagCommaAt),
  {
    id: 'writers-convention',
    vetoes: 'lone-comma-deletion',
    description: 'One of the writers\' conventions (`writersConventions.ts`), each registered under its own id.',
    reason: PARSE_MISLEADS,
    at: (s, i) => writersConventionAt(s.tree, i) !== undefined,
  },
  convention('closes-coordinated-insertion', 'The comma that closes a coordinated insertion ("He supported, and she opposed, the bill").', closesCoordinatedInsertionAt),
  convention('participial-subordinator', 'The comma before "given that", "provided that" and the like.', participialSubordinatorCommaAt),
  convention('parenthetical-say', 'A comma of a parenthetical "say" ("could cost, say, ten dollars").', parentheticalSayCommaAt),
  convention('closes-as-well-as-aside', 'The comma that closes an aside opened by ", as well as".', closesAsWellAsAsideAt),
  convention('emphatic-repetition', 'The comma of an emphatic repetition ("far, far too much", "no, no").', repetitionCommaAt),
];

/** Every registered guard, for docs and tests; the writers' conventions under their own ids. */
export const GUARDS: readonly GuardSpec[] = [
  ...SLOT_GUARDS,
  ...LONE_COMMA_GUARDS.filter((g) => g.id !== 'writers-convention').map(({ id, vetoes, description, reason }) => ({ id, vetoes, description, reason })),
  ...WRITERS_CONVENTIONS.map(({ id, description, reason }) => ({ id, vetoes: 'lone-comma-deletion' as const, description, reason })),
  {
    id: 'uncut-comma',
    vetoes: 'lone-comma-deletion',
    description: 'A comma the tree files under no rule is weighed only where it cuts a word from what it needs (`cutComplements.ts`).',
    reason: 'Calibrated on random corrupted commas, the model called a writer\'s comma at a constituent\'s edge unnecessary at 0.86–0.88 and was nearly always wrong on other genres (docs/journal/benchmarks.md).',
  },
];

/** The guard that vetoes deleting the lone comma at slot i, if any (a writers' convention by its own id). */
export function loneCommaVeto(slot: LoneCommaSlot, i: number): string | undefined {
  if (anyGuardSkipped || guardTrace.fired) {
    const fired = loneCommaGuardsAt(slot, i);
    if (fired.length > 0) guardTrace.fired?.(slot.tree, i, fired);
    return fired.find((id) => !guardSkipped(id));
  }
  const guard = LONE_COMMA_GUARDS.find((g) => g.at(slot, i));
  return guard?.id === 'writers-convention' ? writersConventionAt(slot.tree, i) : guard?.id;
}

/** Every guard that would veto deleting the lone comma at slot i, in the order they are asked (for measuring). */
function loneCommaGuardsAt(slot: LoneCommaSlot, i: number): string[] {
  return LONE_COMMA_GUARDS.flatMap((g) =>
    g.id === 'writers-convention' ? WRITERS_CONVENTIONS.filter((c) => c.at(slot.tree, i)).map((c) => c.id) : g.at(slot, i) ? [g.id] : [],
  );
}

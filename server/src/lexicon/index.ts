/**
 * The lexicon: the word classes that more than one part of the program reads, in one place, so that the parser's
 * repairs and the linter's rules agree on what a transition, a subordinator or a noun of time is. Each list says what
 * it is for; a list only one file reads stays in that file. The measure-of-time and bare-time lists are narrower than
 * `TIME_NOUNS`: each is the list its rule was written with, and widening one would change what the rule reports.
 */
import { TreeWord } from '../data/depunct';

/** Sentence-initial transitions that edited prose sets off with a comma: lower case, words separated by one space. */
export const TRANSITIONS: readonly string[] = [
  // conjunctive adverbs
  'however',
  'moreover',
  'furthermore',
  'nevertheless',
  'nonetheless',
  'consequently',
  'additionally',
  'conversely',
  'likewise',
  'similarly',
  'meanwhile',
  'otherwise',
  'incidentally',
  'alternatively',
  // sentence adverbs of comment
  'unfortunately',
  'fortunately',
  // transitional phrases
  'for example',
  'for instance',
  'in addition',
  'on the other hand',
  'in other words',
  'as a result',
  'in contrast',
  'on the contrary',
  'in conclusion',
  'in summary',
  'by the way',
  // the enumerating and opinion transitions of essays
  'firstly',
  'secondly',
  'thirdly',
  'lastly',
  'first of all',
  'in my opinion',
  // and the essay's others that the guides set off and that cannot run on into the clause
  'on the one hand',
  'last but not least',
  'in any case',
  'in my view',
  'from my point of view',
  'in brief',
];

/**
 * Subordinators that open an adverbial clause (not "as", "that", "whether", which open other things too); the parser's
 * fronted-clause repair (`parser/frontedClauseRepair.ts`) and the linter's fronted-clause comma
 * (`introductoryConvention.ts`) ask the same.
 */
const SUBORDINATORS: ReadonlySet<string> = new Set([
  'although', 'though', 'because', 'since', 'while', 'whereas', 'if', 'unless', 'when', 'whenever', 'once', 'after', 'before', 'until',
]);

/** Subordinators UD annotates as the clause's `advmod`. */
const WH_SUBORDINATORS: ReadonlySet<string> = new Set(['when', 'whenever']);

/** Word w opens an adverbial clause as its subordinator: its `mark`, or for "when"/"whenever" its `advmod` (UD's). */
export function subordinatorWord(w: TreeWord): boolean {
  const form = w.form.toLowerCase();
  return SUBORDINATORS.has(form) && (w.deprel === 'mark' || (w.deprel === 'advmod' && WH_SUBORDINATORS.has(form)));
}

/**
 * Nouns of time that head adverbials ("This morning", "Last week", "Every day"): a noun phrase headed by one before a
 * comma is most often a fronted adverbial, not a subject or an apposition's anchor ("The next morning, the family
 * went …").
 */
export const TIME_NOUNS: ReadonlySet<string> = new Set([
  'morning', 'afternoon', 'evening', 'night', 'day', 'days', 'week', 'weeks', 'weekend', 'month', 'months', 'year',
  'years', 'time', 'times', 'today', 'tonight', 'yesterday', 'tomorrow', 'moment', 'hour', 'hours', 'minute', 'minutes',
  'season', 'summer', 'winter', 'spring', 'autumn', 'fall',
]);

/**
 * Nouns that measure time and a "couple" of them: after a comma, a noun phrase of them is an adverbial ("three times,
 * a day", "…, the day before …"), not an appositive (Quirk et al. 8.55 on noun phrases as adverbials;
 * `appositions.ts`). Plain units only: "today" or "season" head no such measure.
 */
export const MEASURE_OF_TIME_NOUNS: ReadonlySet<string> = new Set(['time', 'times', 'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'hour', 'hours', 'minute', 'minutes', 'couple', 'night', 'morning', 'evening']);

/**
 * Singular nouns of time that a bare noun phrase on them makes an adverbial ("this week", "last year"), though parsers
 * often make it the verb's object ("…, it announced this week"; `spliceStyle.ts`).
 */
export const BARE_TIME_NOUNS: ReadonlySet<string> = new Set(['day', 'week', 'month', 'year', 'morning', 'afternoon', 'evening', 'night', 'weekend', 'time', 'today', 'yesterday', 'tonight']);

/**
 * Commas that literary, spoken and edited English sets by convention where a comma-robust parse sees none: before a
 * vocative, between the halves of a comparative correlative, around a comment clause, at the gap of a gapped clause,
 * after a stranded auxiliary, before an appositive marker, after an opener inside the sentence (after a
 * semicolon, an opening quote or a coordinator), before a clause of its own (a splice is mended by a semicolon, not by
 * deleting its comma), after an interruption its first word announces, before an appositive that renames the end of
 * the clause before it, before a supplementary adverbial after a complete clause, after a fronted verbless clause,
 * between the predicates of a series, around a reporting clause ("…," he said, smiling), on either side of an
 * adverbial aside ("that, when exposed to air, bread …") or a parenthetical adverb (", therefore,"), before a
 * descriptive appositive that ends the sentence ("…, a crime punishable by …"), after an imperative used as a
 * discourse marker ("See, the two of them …"), after an aside an appositive marker opened (", such as X, …"),
 * before an afterthought adverb that ends the sentence ("…, either."), after a one-word adverb, an adverb and
 * participle, or a comparison that opens the sentence ("Meanwhile, …", "Briefly stated, …", "More than ever, …"),
 * between list items with parallel relative clauses ("parents who …, teachers who …") or between the infinitives of
 * a series ("to perceive …, to see …, to jump …"), before a noun phrase offered as the answer to a wh-question
 * ("What did you buy, a car?"), around a "what is worse" comment or an auxiliary chain coordinated between commas
 * ("have been, and are being, evolved"), and in a series, aside or apposition whose verb or noun the
 * tagger misread ("…, walks over to", "your exercise-book, the pages …"); after "that is" spelled for "i.e."; and (session
 * 10b, from the new parser's false alarms) closing an appositive after a named subject, in a list after a degree
 * word's adjective ("more compact, ISO …"), before an imperative after a prepositional object, before "that of …",
 * before "as" of reason, closing a wh-relative clause or an aside after a relative pronoun, in a "not …, only …"
 * contrast, before a concessive inversion ("invite them as we may") and between prepositional phrases that repeat
 * their preposition. Each is read off words, marks and tags,
 * since the tree is what goes wrong there; none is ever a deletion candidate (`candidates.ts`). One concept per file, each with its grammar.
 */
import { PunctuatedTree } from '../../data/depunct';
import { adverbialAsideCommaAt } from './adverbialAsides';
import { appositiveMarkerCommaAt, spelledMarkerCommaAt } from './appositiveMarkers';
import { candidateAnswerCommaAt } from './candidateAnswers';
import { clauseAfterCommaAt } from './clauseAfterComma';
import { commentClauseCommaAt } from './commentClauses';
import { correlativeCommaAt } from './comparativeCorrelatives';
import { commentWhClauseCommaAt } from './commentWhClauses';
import { comparativeOpenerCommaAt } from './comparativeOpeners';
import { concessiveInversionCommaAt } from './concessiveInversions';
import { coordinatedAuxiliaryCommaAt } from './coordinatedAuxiliaries';
import { degreePredicateCommaAt } from './degreePredicates';
import { demonstrativeAppositiveAt } from './demonstrativeAppositives';
import { descriptiveAppositionAt } from './descriptiveAppositions';
import { discourseImperativeCommaAt } from './discourseImperatives';
import { embeddedOpenerCommaAt } from './embeddedOpeners';
import { finalAdverbCommaAt } from './finalAdverbs';
import { gappingCommaAt } from './gapping';
import { imperativeAfterNounCommaAt } from './imperativeAfterNoun';
import { infinitiveSeriesCommaAt } from './infinitiveSeries';
import { interruptionCloseAt } from './interruptions';
import { markedAsideCloseAt } from './markedAsideClose';
import { misreadNounCommaAt } from './misreadNouns';
import { misreadVerbCommaAt } from './misreadVerbs';
import { namedSubjectAppositiveAt } from './namedSubjectAppositives';
import { negatedContrastCommaAt } from './negatedContrasts';
import { oneWordOpenerCommaAt } from './oneWordOpeners';
import { parallelRelativeCommaAt } from './parallelRelatives';
import { participleOpenerCommaAt } from './participleOpeners';
import { parentheticalAdverbCommaAt } from './parentheticalAdverbs';
import { predicateSeriesCommaAt } from './predicateSeries';
import { reasonAsCommaAt } from './reasonAsClauses';
import { relativeClauseCloseAt } from './relativeClauseClose';
import { supplementCloseAt } from './unclosedSupplements';
import { relativePronounAsideAt } from './relativePronounAsides';
import { repeatedPrepositionCommaAt } from './repeatedPrepositions';
import { renamingAppositionAt } from './renamingAppositions';
import { reportingClauseCommaAt } from './reportingClauses';
import { strandedAuxiliaryCommaAt } from './strandedAuxiliary';
import { supplementaryAdverbialAt } from './supplementaryAdverbials';
import { verblessClauseCommaAt } from './verblessClauses';
import { vocativeCommaAt } from './vocatives';

/** The conventions, by name (for tests and for measuring each alone). */
export const WRITERS_CONVENTIONS: ReadonlyArray<readonly [string, (tree: PunctuatedTree, i: number) => boolean]> = [
  ['vocative', vocativeCommaAt],
  ['comparative-correlative', correlativeCommaAt],
  ['comment-clause', commentClauseCommaAt],
  ['gapping', gappingCommaAt],
  ['stranded-auxiliary', strandedAuxiliaryCommaAt],
  ['appositive-marker', appositiveMarkerCommaAt],
  ['spelled-marker', spelledMarkerCommaAt],
  ['embedded-opener', embeddedOpenerCommaAt],
  ['clause-after-comma', clauseAfterCommaAt],
  ['interruption', interruptionCloseAt],
  ['renaming-apposition', renamingAppositionAt],
  ['supplementary-adverbial', supplementaryAdverbialAt],
  ['verbless-clause', verblessClauseCommaAt],
  ['predicate-series', predicateSeriesCommaAt],
  ['reporting-clause', reportingClauseCommaAt],
  ['adverbial-aside', adverbialAsideCommaAt],
  ['descriptive-apposition', descriptiveAppositionAt],
  ['parenthetical-adverb', parentheticalAdverbCommaAt],
  ['discourse-imperative', discourseImperativeCommaAt],
  ['marked-aside-close', markedAsideCloseAt],
  ['final-adverb', finalAdverbCommaAt],
  ['one-word-opener', oneWordOpenerCommaAt],
  ['misread-verb', misreadVerbCommaAt],
  ['participle-opener', participleOpenerCommaAt],
  ['comparative-opener', comparativeOpenerCommaAt],
  ['parallel-relative', parallelRelativeCommaAt],
  ['infinitive-series', infinitiveSeriesCommaAt],
  ['misread-noun', misreadNounCommaAt],
  ['candidate-answer', candidateAnswerCommaAt],
  ['comment-wh-clause', commentWhClauseCommaAt],
  ['coordinated-auxiliaries', coordinatedAuxiliaryCommaAt],
  ['named-subject-appositive', namedSubjectAppositiveAt],
  ['degree-predicate', degreePredicateCommaAt],
  ['imperative-after-noun', imperativeAfterNounCommaAt],
  ['relative-clause-close', relativeClauseCloseAt],
  ['supplement-close', supplementCloseAt],
  ['relative-pronoun-aside', relativePronounAsideAt],
  ['reason-as', reasonAsCommaAt],
  ['negated-contrast', negatedContrastCommaAt],
  ['concessive-inversion', concessiveInversionCommaAt],
  ['repeated-preposition', repeatedPrepositionCommaAt],
  ['demonstrative-appositive', demonstrativeAppositiveAt],
];

/**
 * Conventions left out of the check, by name, from the environment variable PUNCTEME_SKIP_CONVENTIONS
 * (comma-separated): for measuring what each one changes on the benchmarks without editing code. Empty by default.
 */
const SKIPPED = new Set((process.env.PUNCTEME_SKIP_CONVENTIONS ?? '').split(',').filter(Boolean));

/** Slot i holds a comma that one of the conventions sets: never a deletion candidate. */
export function writersConventionAt(tree: PunctuatedTree, i: number): boolean {
  return WRITERS_CONVENTIONS.some(([name, at]) => !SKIPPED.has(name) && at(tree, i));
}

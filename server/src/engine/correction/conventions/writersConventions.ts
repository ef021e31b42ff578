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
import { PunctuatedTree } from '../../../data/depunct';
import type { SlotGuard } from '../guards/registry';
import { adverbialAsideCommaAt } from './asides/adverbialAsides';
import { appositiveMarkerCommaAt, spelledMarkerCommaAt } from './asides/appositiveMarkers';
import { candidateAnswerCommaAt } from './asides/candidateAnswers';
import { clauseAfterCommaAt } from './clauses/clauseAfterComma';
import { commentClauseCommaAt } from './asides/commentClauses';
import { correlativeCommaAt } from './clauses/comparativeCorrelatives';
import { commentWhClauseCommaAt } from './asides/commentWhClauses';
import { comparativeOpenerCommaAt } from './clauses/comparativeOpeners';
import { concessiveInversionCommaAt } from './clauses/concessiveInversions';
import { coordinatedAuxiliaryCommaAt } from './asides/coordinatedAuxiliaries';
import { degreePredicateCommaAt } from './clauses/degreePredicates';
import { demonstrativeAppositiveAt } from './asides/demonstrativeAppositives';
import { descriptiveAppositionAt } from './asides/descriptiveAppositions';
import { discourseImperativeCommaAt } from './clauses/discourseImperatives';
import { embeddedOpenerCommaAt } from './clauses/embeddedOpeners';
import { finalAdverbCommaAt } from './clauses/finalAdverbs';
import { gappingCommaAt } from './clauses/gapping';
import { imperativeAfterNounCommaAt } from './clauses/imperativeAfterNoun';
import { infinitiveSeriesCommaAt } from './clauses/infinitiveSeries';
import { interruptionCloseAt } from './asides/interruptions';
import { markedAsideCloseAt } from './asides/markedAsideClose';
import { misreadNounCommaAt } from '../guards/misreadNouns';
import { misreadVerbCommaAt } from '../guards/misreadVerbs';
import { namedSubjectAppositiveAt } from './asides/namedSubjectAppositives';
import { negatedContrastCommaAt } from './clauses/negatedContrasts';
import { oneWordOpenerCommaAt } from './clauses/oneWordOpeners';
import { parallelRelativeCommaAt } from './clauses/parallelRelatives';
import { participleOpenerCommaAt } from './clauses/participleOpeners';
import { parentheticalAdverbCommaAt } from './asides/parentheticalAdverbs';
import { predicateSeriesCommaAt } from './clauses/predicateSeries';
import { reasonAsCommaAt } from './clauses/reasonAsClauses';
import { relativeClauseCloseAt } from './asides/relativeClauseClose';
import { supplementCloseAt } from '../candidates/unclosedSupplements';
import { relativePronounAsideAt } from './asides/relativePronounAsides';
import { repeatedPrepositionCommaAt } from './clauses/repeatedPrepositions';
import { renamingAppositionAt } from './asides/renamingAppositions';
import { reportingClauseCommaAt } from './asides/reportingClauses';
import { strandedAuxiliaryCommaAt } from './clauses/strandedAuxiliary';
import { supplementaryAdverbialAt } from './clauses/supplementaryAdverbials';
import { verblessClauseCommaAt } from './clauses/verblessClauses';
import { vocativeCommaAt } from './asides/vocatives';
import { guardSkipped } from '../guards/skipped';

/**
 * Why the conventions exist, as their files record it: the parse misread the sentence and the error model called the
 * writer's conventional comma unnecessary (false alarms read on EWT and on the READMEs and fortunes of the benchmark
 * sets), and the grammars (Quirk et al., CGEL, CMOS) say the comma is the convention. The later ones came from reading
 * the false alarms of the retrained parser.
 */
const EARLY = 'False alarms where a comma-robust parse misreads the construction and the error model then calls its conventional comma unnecessary; the grammars cited in its file set the comma.';
const LATE = "Read among the retrained parser's false alarms on clean text: the parse misreads the construction and its conventional comma looked unnecessary.";

/** The conventions, registered as guards (`guards.ts`): each vetoes deleting a lone comma it explains. */
export const WRITERS_CONVENTIONS: readonly SlotGuard[] = [
  { id: 'vocative', description: 'the comma before a vocative ("Where are you going, Sam?")', reason: EARLY, at: vocativeCommaAt },
  { id: 'comparative-correlative', description: 'the comma between the halves of a comparative correlative ("The more you read, the more you know")', reason: EARLY, at: correlativeCommaAt },
  { id: 'comment-clause', description: 'the commas around a comment clause ("It was, I think, the best option")', reason: EARLY, at: commentClauseCommaAt },
  { id: 'gapping', description: 'the comma that stands for the verb a gapped clause leaves out ("Art is long, life short")', reason: EARLY, at: gappingCommaAt },
  { id: 'stranded-auxiliary', description: 'the comma after an auxiliary stranded by ellipsis ("those who can, do")', reason: EARLY, at: strandedAuxiliaryCommaAt },
  { id: 'appositive-marker', description: 'the comma before an appositive marker (", such as", ", including")', reason: EARLY, at: appositiveMarkerCommaAt },
  { id: 'spelled-marker', description: 'the comma after "that is" spelled for "i.e."', reason: EARLY, at: spelledMarkerCommaAt },
  { id: 'embedded-opener', description: 'the comma after an opener inside the sentence (after a semicolon, an opening quote or a coordinator)', reason: EARLY, at: embeddedOpenerCommaAt },
  { id: 'clause-after-comma', description: 'the comma before a clause of its own (a splice is mended by a semicolon, not by deleting its comma)', reason: EARLY, at: clauseAfterCommaAt },
  { id: 'interruption', description: 'the comma that closes an interruption its first word announces ("It may worsen, not ease, the problem")', reason: EARLY, at: interruptionCloseAt },
  { id: 'renaming-apposition', description: 'the comma before an appositive that renames the end of the clause before it', reason: EARLY, at: renamingAppositionAt },
  { id: 'supplementary-adverbial', description: 'the comma before a supplementary adverbial after a complete clause ("…, overriding the default")', reason: EARLY, at: supplementaryAdverbialAt },
  { id: 'verbless-clause', description: 'the comma after a fronted verbless clause ("If in doubt, ask")', reason: EARLY, at: verblessClauseCommaAt },
  { id: 'predicate-series', description: 'the commas between the predicates of a series ("She lays the egg, rolls it over, then leaves")', reason: EARLY, at: predicateSeriesCommaAt },
  { id: 'reporting-clause', description: 'the commas around a reporting clause ("…," he said, smiling)', reason: EARLY, at: reportingClauseCommaAt },
  { id: 'adverbial-aside', description: 'the commas around an adverbial aside inside its clause ("that, when exposed to air, bread …")', reason: EARLY, at: adverbialAsideCommaAt },
  { id: 'descriptive-apposition', description: 'the comma before a descriptive appositive that ends the sentence ("…, a crime punishable by …")', reason: EARLY, at: descriptiveAppositionAt },
  { id: 'parenthetical-adverb', description: 'the commas around a parenthetical adverb (", therefore,")', reason: EARLY, at: parentheticalAdverbCommaAt },
  { id: 'discourse-imperative', description: 'the comma after an imperative used as a discourse marker ("See, the two of them …")', reason: EARLY, at: discourseImperativeCommaAt },
  { id: 'marked-aside-close', description: 'the comma that closes an aside an appositive marker opened (", such as X, …")', reason: EARLY, at: markedAsideCloseAt },
  { id: 'final-adverb', description: 'the comma before an afterthought adverb that ends the sentence ("…, either.")', reason: EARLY, at: finalAdverbCommaAt },
  { id: 'one-word-opener', description: 'the comma after a one-word adverbial opener ("Meanwhile, …")', reason: EARLY, at: oneWordOpenerCommaAt },
  { id: 'misread-verb', description: 'the commas of a series or aside whose verb the tagger read as a plural noun ("…, walks over to the bed")', reason: EARLY, at: misreadVerbCommaAt },
  { id: 'participle-opener', description: 'the comma after an adverb-and-participle opener ("Briefly stated, …")', reason: EARLY, at: participleOpenerCommaAt },
  { id: 'comparative-opener', description: 'the comma after a comparison that opens the sentence ("More than ever, …")', reason: EARLY, at: comparativeOpenerCommaAt },
  { id: 'parallel-relative', description: 'the comma between list items with parallel relative clauses ("parents who …, teachers who …")', reason: EARLY, at: parallelRelativeCommaAt },
  { id: 'infinitive-series', description: 'the commas between the infinitives of a series ("to perceive …, to see …")', reason: EARLY, at: infinitiveSeriesCommaAt },
  { id: 'misread-noun', description: 'the commas of an apposition whose noun the tagger read as a verb ("your exercise-book, the pages …")', reason: EARLY, at: misreadNounCommaAt },
  { id: 'candidate-answer', description: 'the comma before a noun phrase offered as the answer to a wh-question ("What did you buy, a car?")', reason: EARLY, at: candidateAnswerCommaAt },
  { id: 'comment-wh-clause', description: 'the commas around a "what is worse" comment', reason: EARLY, at: commentWhClauseCommaAt },
  { id: 'coordinated-auxiliaries', description: 'the commas around an auxiliary chain coordinated between commas ("have been, and are being, evolved")', reason: EARLY, at: coordinatedAuxiliaryCommaAt },
  { id: 'named-subject-appositive', description: 'the comma that closes an appositive after a named subject', reason: LATE, at: namedSubjectAppositiveAt },
  { id: 'degree-predicate', description: 'the comma in a list after a degree word\'s adjective ("more compact, ISO …")', reason: LATE, at: degreePredicateCommaAt },
  { id: 'imperative-after-noun', description: 'the comma before an imperative after a prepositional object', reason: LATE, at: imperativeAfterNounCommaAt },
  { id: 'relative-clause-close', description: 'the comma that closes a wh-relative clause a comma opened', reason: LATE, at: relativeClauseCloseAt },
  { id: 'supplement-close', description: 'the comma that closes a relative clause or apposition the writer opened with a comma', reason: EARLY, at: supplementCloseAt },
  { id: 'relative-pronoun-aside', description: 'the comma that closes an aside right after a relative pronoun ("who, every week …, won\'t")', reason: LATE, at: relativePronounAsideAt },
  { id: 'reason-as', description: 'the comma before "as" of reason ("…, as it could corrupt data")', reason: LATE, at: reasonAsCommaAt },
  { id: 'negated-contrast', description: 'the comma in a "not …, only …" contrast', reason: LATE, at: negatedContrastCommaAt },
  { id: 'concessive-inversion', description: 'the comma before a concessive inversion ("invite them as we may")', reason: LATE, at: concessiveInversionCommaAt },
  { id: 'repeated-preposition', description: 'the comma between prepositional phrases that repeat their preposition ("to the horizon, to the sky")', reason: LATE, at: repeatedPrepositionCommaAt },
  { id: 'demonstrative-appositive', description: 'the comma before "that of …" taking up the noun before it', reason: LATE, at: demonstrativeAppositiveAt },
];

/** The convention that sets the comma at slot i, if any: it is never a deletion candidate. */
export function writersConventionAt(tree: PunctuatedTree, i: number): string | undefined {
  return WRITERS_CONVENTIONS.find((g) => !guardSkipped(g.id) && g.at(tree, i))?.id;
}

/**
 * Which omissions the `introductoryComma: auto` habit may report (`introductoryHabit.ts`): those where the set-off
 * comma model (`setOffCommas/`, learned from edited English on the parse of comma-less text) finds the element a
 * fronted phrase and gives the comma at least even odds.
 *
 * Why: the convention covers an element by its description (first word, kind, length), never by whether the parse
 * read it right, and the habit trusts it. On clean edited dev 10 of the 13 omissions the habit step reported were
 * misparses — an adjective of the subject (`The discovered⟦,⟧ XSS issue`), an inverted sentence (`Described
 * below⟦,⟧ are`), a subject taken for the phrase (`As interaction⟦,⟧ with other libraries will`) — to which the model
 * gives 0.04–0.73, or which are no fronted phrase at all; the 3 real ones it gives 0.82–0.97 (journal, "The
 * introductory-comma habit's false alarms on misparsed elements").
 */
import { AnalysedSentence } from '../../sentence';
import { SetOffCommasModel } from '../../setOffCommas/model';
import { frontedCommaProbability } from '../../setOffCommas/frontedProbability';
import { treeInfo } from '../../treeInfo';
import { SentenceHabit } from './introductoryHabit';
import { DecisionTrace } from '../pipeline/decisionTrace';
import { CommaGapsModel } from '../../commaGaps/model';
import { gapDecision } from '../../commaGaps/findings';

/** The least probability of the comma, by the set-off model, at which the habit reports an omission: even odds. */
export const HABIT_MIN_FRONTED_PROBABILITY = 0.5;

/** The sentence's part of the habit, its pending omissions kept only where the set-off model backs them. */
export function withFrontedEvidence(habit: SentenceHabit, s: AnalysedSentence, model: SetOffCommasModel, trace?: DecisionTrace): SentenceHabit {
  if (!habit.pending.length) return habit;
  const info = treeInfo(s.tree);
  const pending = habit.pending.filter((p) => {
    if (p.slot === undefined) return true;
    const prob = frontedCommaProbability(s, info, model, p.slot);
    const backed = prob !== undefined && prob >= HABIT_MIN_FRONTED_PROBABILITY;
    if (!backed && trace)
      trace({
        stage: 'habit-evidence',
        kind: 'introductory-comma/insert',
        changes: [{ slot: p.slot, marks: [','] }],
        effect: 'dropped',
        reason: prob === undefined ? 'the set-off model finds no fronted phrase here' : `the set-off model gives the comma ${prob.toFixed(3)} < ${HABIT_MIN_FRONTED_PROBABILITY}`,
      });
    return backed;
  });
  return pending.length === habit.pending.length ? habit : { ...habit, pending };
}

/**
 * The least probability of a missing comma, by the comma-gap model, at which the habit reports an omission. Chosen on
 * dev: at even odds (0.5) it still reported an email header run into its sentence on clean EWT dev (`Sean Boyle
 * 08/17/2000 11:21 AM⟦,⟧ I spoke`, 0.600); at 0.65 that goes and edited dev keeps the same real findings.
 *
 * Why a second model: with the convention read off edited English the habit holds in more documents, and on clean
 * edited dev it reported 25 new omissions, 11 of them misparses the set-off model backs at 0.50–0.93 because it reads
 * the same wrong parse: a fronted phrase cut before a contact relative clause (`With other tactics⟦,⟧ we use, …`,
 * `Since not every question⟦,⟧ you might have …`), a gerund subject (`Shifting to a completely different model⟦,⟧ all
 * of the sudden, could …`). The gap model reads words around the gap and not the parse's edges; it gave those 9 of 11
 * less than 0.5 and 9 of the 14 real ones more (journal, "Introductory commas: the convention read off edited
 * English").
 */
export const HABIT_MIN_GAP_PROBABILITY = 0.65;

/**
 * The sentence's part of the habit, its pending omissions the comma-gap model does not back at
 * `HABIT_MIN_GAP_PROBABILITY` marked `errorProneOnly`: a writer whose document is full of punctuation errors makes
 * this one far more often than an edited writer with a habit, so there the set-off model's backing is enough.
 */
export function withGapEvidence(habit: SentenceHabit, s: AnalysedSentence, gaps: CommaGapsModel, prior: () => Float64Array | undefined, trace?: DecisionTrace): SentenceHabit {
  if (!habit.pending.length) return habit;
  const commaPrior = prior();
  let weak = 0;
  const pending = habit.pending.map((p) => {
    if (p.slot === undefined) return p;
    const d = gapDecision(s, gaps, p.slot, commaPrior);
    if (!d || d.head !== 'missing' || d.p >= HABIT_MIN_GAP_PROBABILITY) return p;
    weak++;
    trace?.({
      stage: 'habit-evidence',
      kind: 'introductory-comma/insert',
      changes: [{ slot: p.slot, marks: [','] }],
      effect: 'deferred',
      reason: `the comma-gap model gives a missing comma ${d.p.toFixed(3)} < ${HABIT_MIN_GAP_PROBABILITY}: reported only in an error-prone document`,
    });
    return { ...p, errorProneOnly: true };
  });
  return weak ? { ...habit, pending } : habit;
}

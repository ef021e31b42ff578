/**
 * A comma's deletion needs the comma-gap model's agreement that the comma is stray. The punctuation model judges a
 * written comma under the parser's one tree, and the parser was trained to read through stray commas; where it reads
 * through one the writer meant (`Thus, the sampling rate` with `Thus` as a verb; `expect to work, as well as …` with
 * `as well as` an object), the model calls the comma stray with high confidence. On clean edited-english dev, 48 of
 * the default's 120 findings were such deletions and 38 of those false alarms, at confidences that did not
 * tell them from the real ones (0.80–0.99 both). The comma-gap model (`commaGaps/`), trained on edited-english with
 * the writers' errors planted, reads the words and marks around the gap as well as the parse, and gave 22 of those
 * false alarms P(stray) < 0.15 and the real ones 0.17–0.84 (journal, "Deletions need the comma-gap model's
 * agreement"). So a deletion of a lone comma is kept only where that probability reaches `STRAY_AGREEMENT`, chosen on
 * edited-english dev, at the kinds of gap where the model was shown stray commas (9 of the 22 false alarms), and not
 * for the conventions' deletions, which decide themselves.
 */
import { AnalysedSentence } from '../../sentence';
import { gapHead, gapKind, GapKind } from '../../commaGaps/features';
import { gapView } from '../../commaGaps/findings';
import { CommaGapsModel, gapProbabilityAt } from '../../commaGaps/model';
import { ScoredCandidate } from './decide';
import { candidateNote, DecisionTrace } from './decisionTrace';
import { adaptedConfidence } from './writerErrorRate';
import { isConventionKind } from './conventionKinds';

/**
 * The kinds of gap where a comma-gap model whose file names none (`CommaGapsHeader.strayKinds`) was shown stray commas
 * in training: the four the shipped recipe plants (`research/commaGaps/examples.ts` without `--comma-added-rate`).
 * Elsewhere (`other`: after a preposition or a determiner, inside a verb group or a name, before `than`, the shapes a
 * learner's stray comma takes) such a model never saw one, and its probability is no evidence: the learner sentences
 * of the engine's tests get P 0.003–0.064 there. A model trained with the generic stray comma planted names `other`
 * too, and is asked there (journal, "The learned scorer refitted on a comma-gap model shown learners' stray commas").
 */
const TRAINED_STRAY_KINDS: ReadonlySet<GapKind> = new Set<GapKind>(['subject-verb', 'verb-object', 'restrictive', 'after-coordinator']);

/** The comma-gap model's P(the written comma is stray) that a deletion of it needs (edited-english dev). */
export const STRAY_AGREEMENT = 0.15;

export interface StrayAgreement {
  /** Whether a scored candidate may go on as edited prose is decided (dropped with a note otherwise). */
  edited(c: ScoredCandidate): boolean;
  /**
   * The same in an error-prone document (`writerErrorRate.ts`), where stray commas are `PRIOR_ODDS` times likelier a
   * priori, so the comma-gap model's probability is read at those odds too.
   */
  errorProne(c: ScoredCandidate): boolean;
}

/**
 * Anything but the deletion of a lone comma goes on; that deletion, at a gap of a kind the comma-gap model was trained
 * on, only where the model agrees the comma is stray.
 */
export function strayAgreement(s: AnalysedSentence, gaps: CommaGapsModel, prior: Float64Array | undefined, trace?: DecisionTrace): StrayAgreement {
  // Asked of a candidate by both decisions (edited, then error-prone): the model is read once a candidate.
  const asked = new Map<ScoredCandidate, number | undefined>();
  const strayAt = (c: ScoredCandidate): number | undefined => {
    if (!asked.has(c)) asked.set(c, strayProbability(c));
    return asked.get(c);
  };
  const strayProbability = (c: ScoredCandidate): number | undefined => {
    const { candidate } = c;
    if (candidate.action !== 'delete' || candidate.changes.size !== 1) return undefined;
    // A convention decides its own kind (`conventionKinds.ts`): edited grammar for shapes the comma-gap model was not
    // shown stray (a pseudo-cleft's `What I want to say, is`: P 0.10; `The teacher, and the students were`: P 0.002).
    if (isConventionKind(candidate.variant)) return undefined;
    const [i] = [...candidate.changes.keys()];
    if (gapHead(s, i) !== 'stray') return undefined;
    const g = gapView(s, prior);
    return (gaps.strayKinds ?? TRAINED_STRAY_KINDS).has(gapKind(g, i, 'stray')) ? gapProbabilityAt(gaps, g, i, 'stray') : undefined;
  };
  return {
    edited(c) {
      const p = strayAt(c);
      if (p === undefined || p >= STRAY_AGREEMENT) return true;
      trace?.(candidateNote('stray-agreement', c.candidate, 'dropped', `the comma-gap model's P(the comma is stray) ${p.toFixed(3)} < ${STRAY_AGREEMENT}`));
      return false;
    },
    errorProne(c) {
      const p = strayAt(c);
      return p === undefined || adaptedConfidence(p) >= STRAY_AGREEMENT;
    },
  };
}

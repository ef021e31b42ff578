/**
 * A comma's deletion needs the comma-gap model's agreement that the comma is stray. The punctuation model judges a
 * written comma under the parser's one tree, and the parser was trained to read through stray commas; where it reads
 * through one the writer meant (`the ability to lead, no matter where …` read with `no matter` as the object of
 * `lead`; `Thus, the sampling rate` with `Thus` as a verb; a closing comma of an aside), the model calls the comma
 * stray with high confidence. On clean edited-english dev, 40 of the default's 120 findings were such deletions and
 * about 31 of them false alarms, at confidences that did not tell them from the real ones (0.80–0.99 both). The
 * comma-gap model (`commaGaps/`), trained on edited-english with the writers' errors planted, reads the words and
 * marks around the gap as well as the parse: it gave those false alarms P(stray) < 0.15 and the real ones 0.17–0.86
 * (journal, "Deletions need the comma-gap model's agreement"). So a deletion of a lone comma is kept only where that
 * probability reaches `STRAY_AGREEMENT`, chosen on edited-english dev. This holds for the conventions' deletions too
 * (`conventionKinds.ts`): exempting them kept one learner probe (a pseudo-cleft, `What I want to say, is`: P 0.10) but
 * also a false alarm on clean edited dev, one on EWT dev and one on the genre texts.
 */
import { AnalysedSentence } from '../../sentence';
import { gapHead } from '../../commaGaps/features';
import { gapView } from '../../commaGaps/findings';
import { CommaGapsModel, gapProbabilityAt } from '../../commaGaps/model';
import { ScoredCandidate } from './decide';
import { candidateNote, DecisionTrace } from './decisionTrace';
import { adaptedConfidence } from './writerErrorRate';

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
 * Anything but the deletion of a lone comma goes on; that deletion only where the comma-gap model agrees the comma
 * is stray.
 */
export function strayAgreement(s: AnalysedSentence, gaps: CommaGapsModel, prior: Float64Array | undefined, trace?: DecisionTrace): StrayAgreement {
  const strayAt = (c: ScoredCandidate): number | undefined => {
    const { candidate } = c;
    if (candidate.action !== 'delete' || candidate.changes.size !== 1) return undefined;
    const [i] = [...candidate.changes.keys()];
    return gapHead(s, i) === 'stray' ? gapProbabilityAt(gaps, gapView(s, prior), i, 'stray') : undefined;
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

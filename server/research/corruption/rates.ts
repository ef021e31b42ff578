/**
 * How often writers make each kind of punctuation error, in errors per 1,000 sentences of edited-like prose: the mix
 * the benchmark's overall score and the scorer's training corruptions are weighted by. No test set enters.
 *
 * Two sources, each rate naming its own:
 * - EWT: web writers' own punctuation measured on EWT train as written against edited-english train (silver trees),
 *   `npx tsx server/research/corruption/measureRates.ts` (2026-11-29; table in BENCHMARKS, "Learned correction
 *   scorer"). An omission rate is 1 − (EWT comma rate / edited comma rate) at one kind of site, times the sites per
 *   1,000 edited sentences; a rate of marks is EWT's excess per 1,000 sentences over edited-english's.
 * - PROBES: the 38 differing pairs of `examples/probes/learner-pairs.tsv` (learner-style errors with corrections),
 *   counted by kind, scaled so that the introductory comma, the one kind both sources measure, agrees: 6 pairs ≙ 65
 *   per 1,000, so one pair ≙ 10.8. Used for the kinds EWT's writers do not show but learners do (subject–verb commas).
 * Kinds neither source shows get the weight of one probe pair, and say so.
 */
import type { ErrorKind } from '../eval/corrupt';

const PROBE_PAIR = 65 / 6;

export interface ErrorRate {
  /** Errors of this kind per 1,000 sentences. */
  per1k: number;
  source: string;
}

export const WRITER_ERROR_RATES: Partial<Record<ErrorKind, ErrorRate>> = {
  'introductory-comma-missing': { per1k: 282 * 0.23, source: 'EWT: 282 introductory sites per 1k edited sentences; EWT writes the comma at 53.0%, edited 68.8% (23.0% omitted)' },
  'clause-coordinator-comma-missing': { per1k: 67 * 0.481, source: 'EWT: 67 clause-coordinator sites per 1k; EWT 37.3% vs edited 71.9% (48.1% omitted)' },
  'relative-clause-comma-missing': { per1k: 21 * 0.173, source: "EWT: 21 ', which' clause sites per 1k; EWT 44.2% vs edited 53.4% (17.3% omitted)" },
  'appositive-comma-missing': { per1k: 145 * 0.29 * 0.173, source: "EWT: 145 appositions per 1k, 29.0% set off in edited prose, omitted at the ', which' clauses' 17.3% (EWT's own appositions mix restrictive ones, so no direct measure)" },
  'aside-closing-comma-missing': { per1k: 94 * 0.171 * 0.173, source: "EWT shows no excess (21.9% vs 17.1% at 94 opened asides per 1k); set at the ', which' clauses' omission share 17.3%" },
  'subject-verb-comma-added': { per1k: 10 * PROBE_PAIR, source: 'PROBES: 10 of 38 pairs (EWT writers: 1.0% vs edited 1.1%, no excess)' },
  'verb-object-comma-added': { per1k: 5 * PROBE_PAIR, source: 'PROBES: 5 of 38 pairs (before a complementizer or object)' },
  'restrictive-clause-comma-added': { per1k: 1 * PROBE_PAIR, source: 'PROBES: 1 of 38 pairs (EWT: 0.6% before that-clauses vs edited 1.0%, no excess)' },
  'comma-after-coordinator': { per1k: 1 * PROBE_PAIR, source: 'PROBES: 1 of 38 pairs (EWT 0.6% = edited 0.6%)' },
  'comma-splice': { per1k: 5 * PROBE_PAIR, source: 'PROBES: 5 of 38 pairs (EWT 51.4% vs edited 48.3% at unjoined clause joins: silver parses read many edited joins as splices, so no direct measure)' },
  'fused-sentence': { per1k: 1 * PROBE_PAIR, source: 'no evidence in either source (issue 29 lists it from learner essays): one probe pair' },
  'quote-transposition': { per1k: 3 * PROBE_PAIR, source: 'PROBES: 3 of 38 pairs (EWT 7.3 vs edited 6.7 per 1k: the documentation sources write logical quotes)' },
  'doubled-mark': { per1k: 2 * PROBE_PAIR, source: 'PROBES: 2 of 38 pairs (EWT excess 0.8 per 1k)' },
  'stacked-marks': { per1k: 2 * PROBE_PAIR, source: 'PROBES: 2 of 38 pairs (?. and a.m..)' },
  'unbalanced-bracket': { per1k: 1 * PROBE_PAIR, source: 'PROBES: 1 of 38 pairs (EWT excess 3.4 per 1k)' },
  'semicolon-colon-confusion': { per1k: 1 * PROBE_PAIR, source: 'no evidence in either source (issue 29 asks for it): one probe pair' },
  'final-mark-missing': { per1k: 1 * PROBE_PAIR, source: 'EWT excess 46 per 1k includes headings and list items; one probe pair (none in the probes)' },
};

/** The kinds the benchmark and the scorer's training draw, in a fixed order. */
export const BENCH_KINDS = Object.keys(WRITER_ERROR_RATES) as ErrorKind[];

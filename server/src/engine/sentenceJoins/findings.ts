/**
 * Findings of the sentence joins (`joins.ts`): a comma splice or a fused sentence where the boundary model is sure
 * enough, with two fixes, each only a mark and at most one capital: a semicolon (the first fix of a splice, as the
 * punctuation model's splice findings give it) and a period with the next word capitalised (the first fix of a fused
 * sentence, whose words show no sign that the writer meant them as one).
 */
import { PlainEdit, PlainFinding, PlainFix } from '../finding';
import { AnalysedSentence } from '../sentence';
import { SentenceJoin, sentenceJoins } from './joins';
import { JoinModel } from './model';
import { sentenceEndProbabilities } from './endTagger';
import { PunctTagger } from '../../restore/punctTagger';
import { adaptedConfidence, adaptedThreshold } from '../correction/pipeline/writerErrorRate';
import { logit } from '../correction/pipeline/calibration';
import type { DecisionNote, DecisionTrace } from '../correction/pipeline/decide';

/**
 * The least P(boundary) reported, per kind, chosen on edited-english dev (never held out) with the corruption
 * generator's splices and fused sentences (`server/research/sentenceJoins/calibrate.ts`; journal, "Comma splices,
 * fused sentences, semicolons and colons"): the lowest threshold whose precision on the corrupted joins is at least
 * 0.9 and whose findings on the written dev text stay within about 0.3 per 1,000 sentences (splices: at 0.95, recall
 * 0.03 and 0.23 per 1,000; fused: at 0.93, recall 0.11 and 0.23 per 1,000, with the first model; the model trained with
 * EWT's joins too, at the same thresholds and with the tagger's reading: recall 0.17 at 1.36 per 1,000, and 0.17 at
 * 0.45; journal, "Sentence joins without the sentence-length buckets"). A document whose other findings mark it as
 * error-prone gets the joins down to the adapted threshold, as the punctuation model's decisions do
 * (`correction/pipeline/writerErrorRate.ts`: splices from 0.86, fused sentences from 0.82; on dev at 0.85, recall 0.22 and 0.19
 * at precision 0.94 and 0.97).
 */
export const JOIN_THRESHOLD: Readonly<Record<SentenceJoin['kind'], number>> = { 'comma-splice': 0.95, 'fused-sentence': 0.93 };

/**
 * A second reader of sentence joins (`endTagger.ts`): where the lower-case tagger, reading the words alone, finds a
 * sentence end less likely than not, a join's probability is lowered to logit p_join + 2 · logit P_tagger(end); it is
 * never raised. Read both ways (w = 2, fused threshold 0.97; journal, "The lower-case tagger as a second reader of
 * sentence joins"), the tagger found more fused sentences but also read a fronted clause's end as a sentence's
 * (`As we are proposing a Windows specific tool⟦→.⟧ This is`, edited dev; its window does not see the `As`) and added
 * false splices, while what it took away were the join model's false alarms on clean edited dev (`the innovative
 * advancements⟦→.⟧ Many are making`, `As Unicode gives … to code points⟦,→;⟧ this algorithm`; journal, "The
 * lower-case tagger lowering comma splices too"). The tagger is asked only where a join reaches the least threshold
 * its kind is reported at.
 */
const END_TAGGER_WEIGHT = 2;

/** A join's probability, the join model's `p` lowered where the tagger's P(end) `e` is below one half. */
export function joinWithEndTagger(p: number, e: number): number {
  return Math.min(p, 1 / (1 + Math.exp(-(logit(p) + END_TAGGER_WEIGHT * logit(e)))));
}

/** The joins that reach their kind's `floor`, read again with the tagger (`joinWithEndTagger`). */
function withEndTagger(s: AnalysedSentence, text: string, joins: SentenceJoin[], floor: (kind: SentenceJoin['kind']) => number, endTagger?: () => PunctTagger | undefined): SentenceJoin[] {
  const asks = (j: SentenceJoin) => j.p >= floor(j.kind);
  const tagger = endTagger && joins.some(asks) ? endTagger() : undefined;
  if (!tagger) return joins;
  const ends = sentenceEndProbabilities(tagger, s, text);
  return joins.map((j) => (asks(j) ? { ...j, p: joinWithEndTagger(j.p, ends[j.slot - 1]) } : j));
}

export const MORE_PROBABLE_THAN_NOT = 0.5;

/** The words on each side of a join must be a sentence each, not a stray word the tokenizer left at an edge. */
const MIN_SIDE_WORDS = 3;

/** The letter starting the word after the slot, if it is lower case (it becomes the capital of the next sentence). */
function capitalEdit(s: AnalysedSentence, text: string, i: number): PlainEdit[] {
  const t = s.tokens[s.wordTokens[i]];
  const c = text[t.start];
  const upper = c?.toUpperCase();
  return c && upper !== c && upper.length === 1 ? [{ start: t.start, end: t.start + 1, newText: upper }] : [];
}

function joinFinding(s: AnalysedSentence, text: string, j: SentenceJoin): PlainFinding {
  const before = s.tokens[s.wordTokens[j.slot - 1]];
  const comma = (s.slotTokens[j.slot] ?? []).map((k) => s.tokens[k]).find((t) => t.punct && t.text === ',');
  const capital = capitalEdit(s, text, j.slot);
  const mark = (m: string): PlainEdit => (comma ? { start: comma.start, end: comma.end, newText: m } : { start: before.end, end: before.end, newText: m });
  const semicolon: PlainFix = { title: 'Join them with a semicolon', edits: [mark(';')] };
  const period: PlainFix = { title: 'End the first sentence with a period', edits: [mark('.'), ...capital] };
  const splice = j.kind === 'comma-splice';
  const range = comma ?? before;
  return {
    ruleId: j.kind,
    message: splice
      ? 'Comma splice: the words on each side of this comma read as two sentences. Join them with a semicolon, end the first with a period, or add a conjunction after the comma.'
      : 'Two sentences run together with no mark between them: end the first with a period, or join them with a semicolon.',
    severity: 'warning',
    confidence: j.p,
    start: range.start,
    end: range.end,
    fixes: splice ? [semicolon, period] : [period, semicolon],
    explanation:
      `The sentence-boundary model (trained on edited and web English with the marks removed), reading the words around this spot and checked by a punctuation tagger reading the words alone, finds that one sentence ends here and another begins (probability ${j.p.toFixed(2)}), ` +
      `but ${splice ? 'only a comma separates them' : 'nothing separates them'}.`,
  };
}

/**
 * The comma splices and fused sentences of one analysed sentence at or above their kind's threshold (or at or above
 * `minConfidence`, when the user sets one); with `adapt`, also those an error-prone document would add, at their
 * adapted confidence. `trace` is told of each join more probable than not that is not reported here.
 */
export function sentenceJoinFindings(
  s: AnalysedSentence,
  text: string,
  model: JoinModel,
  minConfidence?: number,
  adapt = false,
  trace?: DecisionTrace,
  /** The lower-case tagger, the second reader of joins, when the model directory has it (asked for lazily). */
  endTagger?: () => PunctTagger | undefined,
): { findings: PlainFinding[]; adaptive: PlainFinding[] } {
  const n = s.tree.words.length;
  const out = { findings: [] as PlainFinding[], adaptive: [] as PlainFinding[] };
  if (n < 2 * MIN_SIDE_WORDS && !trace) return out;
  // The least probability a fused sentence can be reported at (the user's, or the adapted threshold): the tagger,
  // which only lowers, is asked from there (with a trace, from where the trace notes a join).
  const floor = (kind: SentenceJoin['kind']) => (trace ? MORE_PROBABLE_THAN_NOT : Math.max(MORE_PROBABLE_THAN_NOT, minConfidence ?? (adapt ? adaptedThreshold(JOIN_THRESHOLD[kind]) : JOIN_THRESHOLD[kind])));
  // Without a trace, the model is asked only at the slots a finding can come from (each slot costs ~70 hashed features).
  const joins = sentenceJoins(s, model, trace ? undefined : { first: MIN_SIDE_WORDS, last: n - MIN_SIDE_WORDS });
  for (const j of withEndTagger(s, text, joins, floor, endTagger)) {
    const note = (effect: DecisionNote['effect'], reason: string) =>
      j.p >= MORE_PROBABLE_THAN_NOT && trace?.({ stage: 'sentence-join', kind: j.kind, changes: [{ slot: j.slot, marks: [j.kind === 'comma-splice' ? ';' : '.'] }], effect, reason: `P(sentence end) ${j.p.toFixed(3)}: ${reason}` });
    if (j.slot < MIN_SIDE_WORDS || n - j.slot < MIN_SIDE_WORDS) {
      note('dropped', `a side has fewer than ${MIN_SIDE_WORDS} words`);
      continue;
    }
    // A user's minConfidence replaces the threshold, but a join less probable than not is never reported.
    const threshold = Math.max(MORE_PROBABLE_THAN_NOT, minConfidence ?? JOIN_THRESHOLD[j.kind]);
    if (j.p >= threshold) out.findings.push(joinFinding(s, text, j));
    else if (adapt && minConfidence === undefined && j.p >= adaptedThreshold(threshold)) {
      out.adaptive.push({ ...joinFinding(s, text, j), confidence: adaptedConfidence(j.p) });
      note('deferred', `< ${threshold.toFixed(3)}, reported only in an error-prone document (from ${adaptedThreshold(threshold).toFixed(3)})`);
    } else note('dropped', `< ${threshold.toFixed(3)}`);
  }
  return out;
}

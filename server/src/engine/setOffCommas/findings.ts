/**
 * Missing commas around a non-restrictive relative clause or an apposition, and after a fronted phrase, decided by the
 * set-off comma model (`model.ts`) at the candidates of `candidates.ts`. The punctuation model's own candidates almost
 * never add these (held-out edited-english, corrupted: recall 0.00 for relative clauses and appositions, 0.23 for
 * introductory phrases; journal, "Set-off commas learned from edited English"), because the comma-less parse and the
 * web writers' model both read the phrase as one that takes no comma. A pair is reported as one finding with one fix.
 */
import { PlainFinding } from '../finding';
import { AnalysedSentence, Reparse } from '../sentence';
import { subjectOf, treeInfo, TreeInfo } from '../treeInfo';
import { SetOffCandidate } from './candidates';
import { setOffFeatures } from './features';
import { SetOffCommasModel, setOffProbability } from './model';
import { DecisionTrace } from '../correction/pipeline/decide';
import { candidatesWithTrials, trialFeatures } from './trialCandidates';

export interface SetOffOptions {
  minConfidence?: number;
  /** `off` (the user's introductoryComma setting): no fronted-phrase findings. */
  introductory?: boolean;
  /** Records each candidate the model leaves out, and why (`DecisionTrace`). */
  trace?: DecisionTrace;
  /** Parses the sentence with trial commas (`trialCandidates.ts`); without it only the parse as written is read. */
  reparse?: Reparse;
  /**
   * The comma-gap model's least probability of a missing comma over the given slots (`commaGaps/`), when it is asked:
   * a candidate below its kind's threshold is reported where that model backs every comma (`GAP_AGREEMENT`).
   */
  gapBacking?: (slots: readonly number[]) => number | undefined;
}

/**
 * Where the two models agree, a candidate under its kind's threshold is reported: the set-off model gives at least
 * `minP` and the comma-gap model (`commaGaps/`: words around the gap, not the parse's edges) at least `minGap` to a
 * missing comma at each of its slots. Neither alone reaches the kind's precision within the clean budget there (the
 * gap model's own thresholds for these kinds are 0.96 and never), but the errors of one are mostly not the other's.
 * Chosen on edited dev (`server/research/setOffCommas/gapAgreement.ts`; journal, "Set-off commas, continued"): for
 * appositions, at 0.4 / 0.85 (0.1 let in two EWT dev false alarms, `Thx dp⟦,⟧ Debra Perlingiere`), 7 more corrupted
 * candidates right and none wrong, no more clean candidates. Relative clauses at 0.32 / 0.8: at 0.25 they added a
 * clean EWT dev finding (`see Unconfirmed Sources⟦,⟧ which has some fun with my Weblog`, set-off 0.315) and on
 * held-out a restrictive "which" (their clean candidates near that floor are restrictive clauses as often as
 * omissions); at 0.32, 3 more dev relative items right, none wrong, and the clean edited and EWT dev findings the same
 * (journal, "Set-off commas, third part"). Introductory commas have their own evidence
 * (`correction/style/introductoryHabit.ts`).
 */
export const GAP_AGREEMENT: Readonly<Partial<Record<SetOffCandidate['kind'], { minP: number; minGap: number }>>> = {
  appositive: { minP: 0.4, minGap: 0.85 },
  relative: { minP: 0.32, minGap: 0.8 },
};

function quoteOf(text: string, s: AnalysedSentence, from: number, to: number, max = 8): string {
  const words = to - from + 1;
  const start = s.tokens[s.wordTokens[from - 1]].start;
  const last = words > max ? from + max - 1 : to;
  const end = s.tokens[s.wordTokens[last - 1]].end;
  return text.slice(start, end) + (words > max ? ' …' : '');
}

function messageOf(text: string, s: AnalysedSentence, c: SetOffCandidate): { message: string; title: string } {
  const phrase = quoteOf(text, s, c.left + 1, c.right);
  if (c.kind === 'introductory') return { message: `A comma goes after the opening phrase "${phrase}", before the main clause.`, title: `Add a comma after "${phrase}"` };
  const what = c.kind === 'relative' ? 'relative clause' : 'apposition';
  const pair = c.slots.length === 2 ? 'commas before and after it' : c.slots[0] === c.left ? 'a comma before it' : 'a comma after it too';
  return {
    message: `"${phrase}" adds information rather than saying which one is meant: as a non-restrictive ${what} it takes ${pair}.`,
    title: c.slots.length === 2 ? `Set off "${phrase}" with commas` : `Add ${pair.replace(' too', '')}`,
  };
}

/**
 * A comma the writer put after the fronted material, before the main clause's subject, already closes it ("However
 * hard I try, I cannot …": the parse hangs "However" alone on the verb, and a comma after it would split the phrase).
 */
function closedLater(s: AnalysedSentence, info: TreeInfo, c: SetOffCandidate): boolean {
  const root = info.children[0][0] ?? 0;
  const subject = subjectOf(info, root);
  const end = subject !== undefined ? info.span[subject][0] - 1 : root - 1;
  return s.tree.slots.slice(c.right + 1, end + 1).some((m) => m.includes(','));
}

/**
 * "However hard I try, …": "however" before an adjective or adverb is a degree word, not a transition, though the
 * parse may hang it alone on the verb (the introductory-comma tests' `However hard I try, I cannot finish it.`).
 * Measured failure of the model it stops: it gives `However⟦,⟧` 0.941 there, 0.966 without the writer's comma, and
 * 0.961 / 0.946 in `However much it costs, we will pay.` / `However long it takes, we wait.` (threshold 0.8), since
 * edited text writes a comma after a sentence-initial transition "however" almost always.
 */
function degreeHowever(s: AnalysedSentence, c: SetOffCandidate): boolean {
  const [first, second] = s.tree.words;
  return c.right === 1 && /^however$/i.test(first.form) && (second?.upos === 'ADJ' || second?.upos === 'ADV');
}

/** A finding with the text it bears on: from its left edge to its right edge (for a fronted phrase, from the start). */
export interface SetOffFinding {
  finding: PlainFinding;
  reach: { start: number; end: number };
  /** The candidate's kind and the slots its commas go in (for the decision trace). */
  kind: SetOffCandidate['kind'];
  slots: readonly number[];
}

/** The set-off comma findings of one sentence, at the model's thresholds or at `minConfidence` when the user sets one. */
export function setOffCommaFindings(s: AnalysedSentence, text: string, model: SetOffCommasModel, options: SetOffOptions = {}): SetOffFinding[] {
  const info = treeInfo(s.tree);
  const out: SetOffFinding[] = [];
  const n = s.tree.words.length;
  const endOf = (i: number) => (i >= 1 ? s.tokens[s.wordTokens[i - 1]].end : s.start);
  const startAfter = (i: number) => (i < n ? s.tokens[s.wordTokens[i]].start : s.end);
  const left = (c: SetOffCandidate, reason: string) =>
    options.trace?.({ stage: 'set-off-model', kind: `set-off/${c.kind}`, changes: c.slots.map((slot) => ({ slot, marks: [','] })), effect: 'dropped', reason });
  for (const r of candidatesWithTrials(s, info, options.reparse)) {
    const c = r.c;
    if (c.kind === 'introductory') {
      const why = options.introductory === false ? 'introductoryComma is ignore' : closedLater(s, info, c) ? 'a comma after the fronted material already closes it' : degreeHowever(s, c) ? '"however" is a degree word here' : undefined;
      if (why) {
        left(c, why);
        continue;
      }
    }
    const threshold = model.thresholds[c.kind];
    if (!(threshold <= 1)) {
      left(c, 'the model reports no such kind (no threshold reaches precision)');
      continue;
    }
    const p = setOffProbability(model, [...setOffFeatures(r.s, r.info, c), ...trialFeatures(r)]);
    // The probabilities are calibrated to writers' error rate (`model.ts`), at which a comma-less "which" clause is an
    // omission about one time in eleven, so a kind's threshold, chosen on dev within the clean budget, may lie below
    // even odds; a threshold the user sets is never taken below them.
    const least = options.minConfidence === undefined ? threshold : Math.max(0.5, options.minConfidence);
    // Below the threshold, the comma-gap model's backing (`GAP_AGREEMENT`); the finding then carries that model's
    // probability (calibrated to writers' rate as this one's is), the less certain of the two never being above it.
    const agreement = p < least ? GAP_AGREEMENT[c.kind] : undefined;
    const backing = agreement && p >= agreement.minP ? options.gapBacking?.(c.slots) : undefined;
    const agreed = backing !== undefined && agreement !== undefined && backing >= Math.max(agreement.minGap, options.minConfidence ?? 0);
    if (p < least && !agreed) {
      left(c, `probability ${p.toFixed(3)} < ${least.toFixed(3)}${backing !== undefined ? ` (the comma-gap model backs it at ${backing.toFixed(3)})` : ''}`);
      continue;
    }
    const confidence = agreed ? backing! : p;
    const edits = c.slots.map((i) => {
      const at = s.tokens[s.wordTokens[i - 1]].end;
      return { start: at, end: at, newText: ',' };
    });
    const { message, title } = messageOf(text, s, c);
    const reason =
      c.kind === 'introductory'
        ? 'editors of edited English write a comma after an opening phrase like this one'
        : `editors of edited English set off a ${c.kind === 'relative' ? 'relative clause' : 'phrase'} like this one with commas`;
    out.push({ kind: c.kind, slots: c.slots, reach: { start: endOf(c.left), end: startAfter(c.right) }, finding: {
      ruleId: c.kind === 'introductory' ? 'introductory-comma' : 'nonrestrictive-comma',
      message,
      // Below even odds the model itself says the comma is more likely right as written than not: reported (its
      // threshold was chosen within the clean budget), but as a note, so that a CI run failing on warnings does not
      // fail on it.
      severity: confidence < 0.5 ? 'info' : 'warning',
      confidence,
      // A missing comma has no width: the finding covers the word it follows, as the other comma findings do.
      start: s.tokens[s.wordTokens[c.slots[0] - 1]].start,
      end: edits[edits.length - 1].end,
      fixes: [{ title, edits }],
      explanation: `Learned from edited English: ${reason} (probability ${p.toFixed(2)}, read from its words and the parse of the sentence ${r.source === 'parse' ? 'as written' : `with a comma tried ${r.source === 'open' ? 'before' : 'after'} the ${c.kind === 'relative' ? 'clause' : 'phrase'}`}${agreed ? `; the comma-gap model, reading the words around each gap, finds the comma${c.slots.length > 1 ? 's' : ''} missing with probability ${backing!.toFixed(2)}` : ''}).`,
    } });
  }
  return out;
}

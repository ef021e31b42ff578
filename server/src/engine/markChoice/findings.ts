/**
 * Semicolon/colon confusions: at every slot where the writer put `;` or `:` alone between two words, the
 * semicolon/colon model (`model.ts`) gives the probability that an editor wrote a colon there; a written semicolon
 * the model is sure should be a colon ("We need three things; flour, eggs and milk") is reported with a colon as its
 * fix (and a written colon it is sure should be a semicolon, when the model file sets a threshold for that: the shipped
 * one does not, `model.ts`). The punctuation model's candidates never weigh
 * the swap (held-out edited-english, corrupted: recall 0.000; journal, "Learned correction scorer (issue 29)").
 */
import { PlainFinding } from '../finding';
import { AnalysedSentence, slotMarks } from '../sentence';
import { treeInfo } from '../treeInfo';
import { markChoiceFeatures } from './features';
import { colonProbability, MarkChoiceModel } from './model';
import type { DecisionTrace } from '../correction/pipeline/decide';
import { bracketFragmentSlots } from '../correction/guards/sentenceGuards';

/**
 * The semicolon/colon findings of one sentence: at the model's thresholds, or at `minConfidence` when the user sets one.
 * `trace` is told of each other mark more probable than not that is not reported.
 */
export function markChoiceFindings(s: AnalysedSentence, model: MarkChoiceModel, minConfidence?: number, trace?: DecisionTrace): PlainFinding[] {
  const n = s.tree.words.length;
  const out: PlainFinding[] = [];
  let info;
  let fragment: boolean[] | undefined;
  for (let i = 1; i < n; i++) {
    const marks = slotMarks(s, i);
    if (!isChoiceSlot(s, i, marks)) continue;
    // A semicolon inside a bracket that holds no finite verb separates its items ("(Brown, 2015; Lee & Park, 2018)"),
    // and no clause stands before it for a colon to introduce. The model cannot learn this: edited-english's bracketed
    // fragments hold colons of labels ("(default: 10)"), not lists of citations, and it gave the citation list above
    // P(colon) 0.98.
    fragment ??= bracketFragmentSlots(s);
    if (marks[0].norm === ';' && fragment[i]) continue;
    info ??= treeInfo(s.tree);
    const colon = colonProbability(model, markChoiceFeatures(s.tree, info, i));
    const wroteSemicolon = marks[0].norm === ';';
    const p = wroteSemicolon ? colon : 1 - colon;
    // A user's minConfidence replaces the threshold, but the other mark is never asked for when it is less probable, nor
    // in a direction the model file switches off (a threshold above 1).
    const threshold = wroteSemicolon ? model.colonThreshold : model.semicolonThreshold;
    const least = Math.max(0.5, minConfidence ?? threshold);
    if (threshold > 1 || p < least) {
      if (p >= 0.5 && trace) {
        const reason = threshold > 1 ? 'the model file switches this direction off' : `< ${least.toFixed(3)}`;
        trace({ stage: 'mark-choice', kind: 'semicolon-colon', changes: [{ slot: i, marks: [wroteSemicolon ? ':' : ';'] }], effect: 'dropped', reason: `P(${wroteSemicolon ? 'colon' : 'semicolon'}) ${p.toFixed(3)} ${reason}` });
      }
      continue;
    }
    const tok = (s.slotTokens[i] ?? []).map((k) => s.tokens[k]).find((t) => t.punct && (t.text === ';' || t.text === ':'));
    if (!tok) continue;
    const want = wroteSemicolon ? ':' : ';';
    out.push({
      ruleId: 'semicolon-colon',
      message: wroteSemicolon
        ? 'A colon, not a semicolon, introduces what follows here (a list, an explanation or an example after a complete clause).'
        : 'A semicolon, not a colon, joins these two closely related clauses.',
      severity: 'warning',
      confidence: p,
      start: tok.start,
      end: tok.end,
      fixes: [{ title: `Write ${want === ':' ? 'a colon' : 'a semicolon'}`, edits: [{ start: tok.start, end: tok.end, newText: want }] }],
      explanation: `Trained on where editors of edited English write a colon and where a semicolon, the semicolon/colon model reads the words and the parse around this mark and finds that an editor would write "${want}" here (probability ${p.toFixed(2)}).`,
    });
  }
  return out;
}

/** A slot between two words that holds one written mark, a semicolon or a colon: the only slots the model is asked about. */
function isChoiceSlot(s: AnalysedSentence, i: number, marks = slotMarks(s, i)): boolean {
  return marks.length === 1 && (marks[0].norm === ';' || marks[0].norm === ':') && s.tree.slots[i].length === 1;
}

/** Whether `markChoiceFindings` would ask the model anything of this sentence (so its file is read only then). */
export function asksMarkChoice(s: AnalysedSentence): boolean {
  for (let i = 1; i < s.tree.words.length; i++) if (isChoiceSlot(s, i)) return true;
  return false;
}

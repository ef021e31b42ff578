/**
 * British (logical) quote placement, decided by the model: `.”` and `,”` stay when the mark belongs to the quotation;
 * when the MAP underlying tree T′ puts the mark outside the quoted constituent ([“ a disaster ”] .) the American
 * surface came from the channel's transposition (”. ↦ .”), and British style writes the underlying order, `”.`.
 */
import { PlainFinding } from '../../finding';
import { EngineModel } from '../../punctModel';
import { AnalysedSentence } from '../../sentence';

/** Confidence of a style finding whose underlying order the model has chosen. */
const CONFIDENCE = 0.8;

export function britishQuoteFindings(s: AnalysedSentence, model: EngineModel): PlainFinding[] {
  const n = s.tree.words.length;
  const sites: Array<{ slot: number; k: number }> = [];
  for (let i = 0; i <= n; i++) {
    const slot = s.tree.slots[i];
    for (let k = 0; k + 1 < slot.length; k++) if ((slot[k] === ',' || slot[k] === '.') && slot[k + 1] === '”') sites.push({ slot: i, k });
  }
  if (sites.length === 0) return [];
  const u = model.viterbi(s.tree);
  const out: PlainFinding[] = [];
  for (const { slot, k } of sites) {
    const mark = s.tree.slots[slot][k];
    const under = u.underlying[slot] ?? [];
    const q = under.indexOf('”');
    const m = under.indexOf(mark);
    if (q < 0 || m < 0 || q > m) continue;
    const toks = s.slotTokens[slot].map((t) => s.tokens[t]);
    const a = toks[k];
    const b = toks[k + 1];
    if (!a || !b || !a.punct || !b.punct || a.end !== b.start) continue;
    out.push({
      ruleId: 'quote-placement',
      message: `British style puts the ${mark === ',' ? 'comma' : 'period'} outside the closing quotation mark: ${b.text}${a.text} here, not ${a.text}${b.text} as written.`,
      severity: 'info',
      confidence: CONFIDENCE,
      start: a.start,
      end: b.end,
      fixes: [{ title: `Write "${b.text}${a.text}"`, edits: [{ start: a.start, end: b.end, newText: b.text + a.text }] }],
      explanation: `Underlying punctuation (most probable tree T′): ${u.bracketing}\nThe ${mark === ',' ? 'comma' : 'period'} belongs to the sentence, not to the quotation: underlyingly "${under.join(' ')}". American style transposes it inside (”${mark} ↦ ${mark}”); British style writes the underlying order.`,
    });
  }
  return out;
}

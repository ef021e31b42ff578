/**
 * Text edits that turn a slot's written marks into a candidate's marks, touching only the marks that change (the
 * writer's spacing and line breaks stay as they were).
 */
import { PlainEdit, minimalEdit } from '../../finding';
import { renderSlot } from '../../render';
import { AnalysedSentence, SlotMark, slotRegion } from '../../sentence';

export function slotTextEdits(s: AnalysedSentence, text: string, i: number, next: readonly SlotMark[]): PlainEdit[] {
  const region = slotRegion(s, i);
  const toks = (s.slotTokens[i] ?? []).map((t) => s.tokens[t]).filter((t) => t.punct);
  const old = toks.map((t) => t.text);
  const now = next.map((m) => m.text);
  let k = 0;
  while (k < old.length && k < now.length && old[k] === now[k]) k++;
  let tail = 0;
  while (tail < old.length - k && tail < now.length - k && old[old.length - 1 - tail] === now[now.length - 1 - tail]) tail++;
  const removed = old.length - k - tail;
  const added = now.slice(k, now.length - tail);
  if (removed === 1 && added.length === 0) {
    const t = toks[k];
    // Drop the mark; if it stood between spaces (`word , next`), drop one of them too.
    const spaced = text[t.start - 1] === ' ' && text[t.end] === ' ';
    return [{ start: t.start, end: t.end + (spaced ? 1 : 0), newText: '' }];
  }
  if (removed === 0 && added.length === 1) {
    const at = k === 0 ? region.start : toks[k - 1].end;
    return [{ start: at, end: at, newText: added[0] }];
  }
  if (removed === 1 && added.length === 1) return [{ start: toks[k].start, end: toks[k].end, newText: added[0] }];
  const n = s.tree.words.length;
  const rendered = renderSlot(next, i === 0, i === n).text;
  return [minimalEdit(region.start, text.slice(region.start, region.end), rendered)];
}

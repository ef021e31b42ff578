/**
 * Scoring suggested fixes against a corruption's gold repair, slot by slot (an M²-style edit comparison where the
 * unit is "slot i should read s"): a suggested slot edit is right when the gold repair of that slot accepts it.
 */
import { Rendered } from './draft';
import { Corruption } from './corrupt';

export interface PlainEdit {
  start: number;
  end: number;
  newText: string;
}

/** The slots a set of edits changes, with their new compact (space-free) text. */
export function slotEdits(r: Rendered, edits: readonly PlainEdit[]): Map<number, string> {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let text = '';
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) continue; // overlapping edits: keep the first
    text += r.text.slice(at, e.start) + e.newText;
    at = e.end;
  }
  text += r.text.slice(at);
  // Where an old offset lands in the new text. Word ends do not move with insertions made exactly at them (those
  // belong to the slot after); word starts do (an insertion right before a word belongs to the slot before).
  const mapPos = (p: number, isStart: boolean): number => {
    let shift = 0;
    for (const e of sorted) {
      const before = isStart ? e.end <= p : e.end < p || (e.end === p && e.start < p);
      if (before) shift += e.newText.length - (e.end - e.start);
    }
    return p + shift;
  };
  const out = new Map<number, string>();
  const compact = (s: string) => s.replace(/\s+/g, '');
  r.regions.forEach((reg, i) => {
    const before = compact(r.text.slice(reg.start, reg.end));
    const after = compact(text.slice(mapPos(reg.start, false), mapPos(reg.end, true)));
    if (before !== after) out.set(i, after);
  });
  return out;
}

export interface Tally {
  tp: number;
  fp: number;
  fn: number;
}

export function f05(t: Tally): { precision: number; recall: number; f05: number } {
  const precision = t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp);
  const recall = t.tp + t.fn === 0 ? 0 : t.tp / (t.tp + t.fn);
  const b2 = 0.25;
  const f05 = precision + recall === 0 ? 0 : ((1 + b2) * precision * recall) / (b2 * precision + recall);
  return { precision, recall, f05 };
}

/** Slot edits proposed on a corrupted sentence, each judged against the gold repair. */
export function judge(c: Corruption, proposed: Map<number, string>): { correct: number[]; wrong: number[]; missed: number[] } {
  const correct: number[] = [];
  const wrong: number[] = [];
  for (const [i, s] of proposed) (c.gold.get(i)?.includes(s) ? correct : wrong).push(i);
  const missed = [...c.gold.keys()].filter((i) => !correct.includes(i));
  return { correct, wrong, missed };
}

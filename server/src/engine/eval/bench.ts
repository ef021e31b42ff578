/**
 * The lint benchmark: systems run on a corruption suite (each corrupted sentence and its original), their first fixes
 * mapped onto slots and judged against the gold repair; precision, recall and F0.5 per category and overall; speed.
 */
import { PunctuatedTree } from '../../data/depunct';
import { treeInfo } from '../treeInfo';
import { commaCategory } from '../correction/categories';
import { Rendered } from './draft';
import { judge, PlainEdit, slotEdits, Tally } from './score';
import { SuiteItem } from './suite';

/** A system under test: proposes fixes (first fix of each finding) for a text. */
export interface System {
  name: string;
  propose(text: string): Promise<Array<{ ruleId: string; edits: PlainEdit[] }>> | Array<{ ruleId: string; edits: PlainEdit[] }>;
}

export interface ItemResult {
  id: string;
  category: string;
  correct: number;
  wrong: Array<{ slot: number; category: string; text: 'corrupted'; now: string; ruleId: string }>;
  missed: number;
}

/** Category of a slot edit that is not in the gold repair, read off the gold tree (same for every system). */
export function slotCategory(tree: PunctuatedTree, slot: number, before: string, after: string): string {
  const n = tree.words.length;
  const marks = (before + after).replace(/[,]/g, '');
  if (slot === n && /[.!?]/.test(before + after)) return /(.)\1/.test(before + after) ? 'doubled-mark' : 'sentence-final';
  if (/["“”()\[\]]/.test(marks)) return /[,.]/.test(before + after) ? 'quote-placement' : 'unbalanced-pair';
  if (/,,/.test(before + after)) return 'doubled-mark';
  if (marks === '' && slot > 0 && slot < n) {
    const c = commaCategory(treeInfo(tree), slot, (j) => tree.slots[j].includes(','));
    return c === 'serial-comma' ? 'comma' : c;
  }
  if (/;/.test(before + after)) return 'comma-splice';
  return 'other';
}

function compact(r: Rendered, i: number): string {
  return r.text.slice(r.regions[i].start, r.regions[i].end).replace(/\s+/g, '');
}

export async function runItem(sys: System, item: SuiteItem): Promise<ItemResult> {
  const res: ItemResult = { id: item.id, category: item.corruption.category, correct: 0, wrong: [], missed: 0 };
  const matched = new Set<number>();
  // As in the M² scorers, only the corrupted sentence is linted; its original gives the gold repair. (False alarms
  // on clean text are measured apart, on EWT test.)
  const r = item.corrupted;
  for (const p of await sys.propose(r.text)) {
    const changed = slotEdits(r, p.edits);
    const j = judge(item.corruption, changed);
    j.correct.forEach((i) => matched.add(i));
    res.correct += j.correct.length;
    for (const i of j.wrong) {
      const cat = item.corruption.gold.has(i) ? item.corruption.category : slotCategory(r.sentence.tree, i, compact(r, i), changed.get(i)!);
      res.wrong.push({ slot: i, category: cat, text: 'corrupted', now: changed.get(i)!, ruleId: p.ruleId });
    }
  }
  res.missed = [...item.corruption.gold.keys()].filter((i) => !matched.has(i)).length;
  return res;
}

/** Tallies per category (gold category for hits and misses, slot category for false alarms) and overall. */
export function tally(results: readonly ItemResult[]): Map<string, Tally> {
  const t = new Map<string, Tally>();
  const get = (c: string) => {
    let x = t.get(c);
    if (!x) t.set(c, (x = { tp: 0, fp: 0, fn: 0 }));
    return x;
  };
  for (const r of results) {
    get(r.category).tp += r.correct;
    get(r.category).fn += r.missed;
    for (const w of r.wrong) get(w.category).fp++;
    get('overall').tp += r.correct;
    get('overall').fn += r.missed;
    get('overall').fp += r.wrong.length;
  }
  return t;
}

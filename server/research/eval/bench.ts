/**
 * The lint benchmark: systems run on a corruption suite (each corrupted sentence and its original), their first fixes
 * mapped onto slots and judged against the gold repair; precision, recall and F0.5 per category and overall; speed.
 */
import { PunctuatedTree } from '../../src/data/depunct';
import { treeInfo } from '../../src/engine/treeInfo';
import { commaCategory } from '../../src/engine/correction/pipeline/categories';
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
  // As in the M² scorers, only the corrupted sentence is linted; its original gives the gold repair. (False alarms
  // on clean text are measured apart, on EWT test.)
  return judgeItem(item, await sys.propose(item.corrupted.text));
}

/** Judges a system's proposals (offsets into the item's corrupted text) against the item's gold repair. */
function judgeItem(item: SuiteItem, proposals: ReadonlyArray<{ ruleId: string; edits: PlainEdit[] }>): ItemResult {
  const res: ItemResult = { id: item.id, category: item.corruption.category, correct: 0, wrong: [], missed: 0 };
  const matched = new Set<number>();
  const r = item.corrupted;
  for (const p of proposals) {
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

/**
 * The suite's items grouped by the treebank document their sentence comes from (ids `doc-NNNN`), in suite order: an
 * error-dense document, every sentence with its corruption, as a learner's essay is (`bench:lint --suite-docs`).
 */
export function suiteDocuments(items: readonly SuiteItem[]): SuiteItem[][] {
  const docs = new Map<string, SuiteItem[]>();
  for (const it of items) {
    const doc = it.id.replace(/-\d+$/, '');
    if (!docs.has(doc)) docs.set(doc, []);
    docs.get(doc)!.push(it);
  }
  return [...docs.values()];
}

/** Texts joined by a space into one, with the offset where each starts (a document made of sentences). */
export function joinWithSpaces(texts: readonly string[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  for (const t of texts) {
    if (text) text += ' ';
    starts.push(text.length);
    text += t;
  }
  return { text, starts };
}

/** Lints a document's corrupted sentences as one text (joined by a space) and judges each sentence's own proposals. */
export async function runDocument(sys: System, items: readonly SuiteItem[]): Promise<ItemResult[]> {
  const { text, starts } = joinWithSpaces(items.map((it) => it.corrupted.text));
  const proposals = await sys.propose(text);
  return items.map((it, k) => {
    const lo = starts[k];
    const hi = lo + it.corrupted.text.length;
    const own = proposals
      .filter((p) => p.edits.length > 0 && p.edits.every((e) => e.start >= lo && e.end <= hi))
      .map((p) => ({ ruleId: p.ruleId, edits: p.edits.map((e) => ({ ...e, start: e.start - lo, end: e.end - lo })) }));
    return judgeItem(it, own);
  });
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

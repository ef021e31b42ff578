/**
 * A corruption suite: treebank sentences, each paired with one corrupted copy. Categories are balanced greedily (each
 * sentence goes to the least-used category that applies to it), so rare error types get enough examples.
 */
import { ConlluSentence } from '../../src/data/conllu';
import { goldSentence } from './goldSentence';
import { draftOf, renderDraft, Rendered } from './draft';
import { applicableCategories, corrupt, Corruption, CorruptionCategory, corruptionsOfKind } from './corrupt';
import { pick, seededRng } from './rng';

export interface SuiteItem {
  id: string;
  original: Rendered;
  corrupted: Rendered;
  corruption: Corruption;
}

export interface SuiteOptions {
  seed?: number;
  /** Stop after this many items. */
  limit?: number;
}

export function buildSuite(sentences: readonly ConlluSentence[], opts: SuiteOptions = {}): SuiteItem[] {
  const rng = seededRng(opts.seed ?? 1);
  const used = new Map<CorruptionCategory, number>();
  const items: SuiteItem[] = [];
  sentences.forEach((s, k) => {
    if (opts.limit !== undefined && items.length >= opts.limit) return;
    const g = goldSentence(s);
    if (!g) return;
    const d = draftOf(g);
    const cats = applicableCategories(d);
    if (cats.length === 0) return;
    const least = Math.min(...cats.map((c) => used.get(c) ?? 0));
    const cat = pick(rng, cats.filter((c) => (used.get(c) ?? 0) === least));
    const c = corrupt(d, rng, cat);
    if (!c) return;
    used.set(cat, least + 1);
    items.push({ id: s.sentId ?? String(k), original: renderDraft(d), corrupted: renderDraft(c.draft), corruption: c });
  });
  return items;
}

/**
 * Every corruption of one kind in every sentence (`bench:lint -- --kind-suite`): rare kinds get one or two items in
 * the balanced suite (a dropped closing comma of an apposition: 3 in the fit half), too few to measure them by.
 */
export function kindSuite(sentences: readonly ConlluSentence[], kind: RegExp): SuiteItem[] {
  const items: SuiteItem[] = [];
  sentences.forEach((s, k) => {
    const g = goldSentence(s);
    if (!g) return;
    const d = draftOf(g);
    corruptionsOfKind(d, (x) => kind.test(x)).forEach((c, j) =>
      items.push({ id: `${s.sentId ?? String(k)}${j ? `#${j}` : ''}`, original: renderDraft(d), corrupted: renderDraft(c.draft), corruption: c }),
    );
  });
  return items;
}

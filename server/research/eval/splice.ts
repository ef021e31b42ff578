/**
 * Comma splices made from two consecutive sentences of one treebank paragraph, each an independent clause:
 * "It was late. We went home." → "It was late, we went home." The gold tree attaches the second clause to the first
 * as `parataxis` (as UD annotates run-ons); the gold repair of the joining slot is a period or a semicolon.
 */
import { ConlluSentence } from '../../src/data/conllu';
import { PunctuatedTree } from '../../src/data/depunct';
import { treeInfo, hasSubject } from '../../src/engine/treeInfo';
import { goldSentence, GoldSentence } from './goldSentence';
import { Draft, draftOf, renderDraft } from './draft';
import { Corruption } from './corrupt';
import { SuiteItem } from './suite';

function isClause(tree: PunctuatedTree): boolean {
  const info = treeInfo(tree);
  const root = info.children[0][0];
  return tree.words.length >= 3 && root !== undefined && hasSubject(info, root) && /^(VERB|AUX|ADJ|NOUN|PRON|PROPN)$/.test(tree.words[root - 1].upos);
}

/** The two sentences joined by a comma, or undefined when they do not make a clean splice. */
export function spliceDraft(a: ConlluSentence, b: ConlluSentence): { original: Draft; corrupted: Draft } | undefined {
  const ga = goldSentence(a);
  const gb = goldSentence(b);
  if (!ga || !gb) return undefined;
  return spliceGold(ga, gb);
}

/**
 * Two analysed sentences of one paragraph joined into one: by a comma (a comma splice), or with `fused` by nothing at
 * all (a fused sentence, "It was late we went home"). Undefined when they do not make a clean splice.
 */
export function spliceGold(ga: GoldSentence, gb: GoldSentence, fused = false): { original: Draft; corrupted: Draft } | undefined {
  const ta = ga.sentence.tree;
  const tb = gb.sentence.tree;
  if (!isClause(ta) || !isClause(tb)) return undefined;
  const da = draftOf(ga);
  const db = draftOf(gb);
  const n1 = ta.words.length;
  const endA = da.slots[n1];
  if (endA.length !== 1 || endA[0].norm !== '.' || db.slots[0].length > 0 || da.abbrev[n1]) return undefined;
  const first = tb.words[0];
  const keepCase = first.upos === 'PROPN' || first.form === 'I' || /^[A-Z]{2,}/.test(first.form);
  const rootA = ta.words.findIndex((w) => w.head === 0) + 1;
  const words = [
    ...ta.words,
    ...tb.words.map((w, k) => ({ ...w, form: k === 0 && !keepCase ? w.form[0].toLowerCase() + w.form.slice(1) : w.form, head: w.head === 0 ? rootA : w.head + n1, deprel: w.head === 0 ? 'parataxis' : w.deprel })),
  ];
  const tree: PunctuatedTree = { id: `${ta.id}+${tb.id}`, words, slots: [...ta.slots.slice(0, n1), ta.slots[n1], ...tb.slots.slice(1)] };
  const dbWords = db.words.map((w, k) => ({
    text: k === 0 && !keepCase ? w.text[0].toLowerCase() + w.text.slice(1) : w.text,
    firstWord: w.firstWord + n1,
    lastWord: w.lastWord + n1,
  }));
  const base: Draft = {
    words: [...da.words, ...dbWords],
    slots: [...da.slots.slice(0, n1), da.slots[n1], ...db.slots.slice(1)],
    abbrev: [...da.abbrev.slice(0, n1 + 1), ...db.abbrev.slice(1)],
    regions: [...da.regions.slice(0, n1), ' ', ...db.regions.slice(1)],
    changed: new Array<boolean>(words.length + 1).fill(false),
    gold: { text: '', sentence: { ...ga.sentence, tree } },
  };
  // The original keeps the period (and the capital); the corrupted copy has a comma and a lower-case start.
  const original: Draft = { ...base, words: [...da.words, ...db.words.map((w, k) => ({ ...w, text: w.text, firstWord: dbWords[k].firstWord, lastWord: dbWords[k].lastWord }))], regions: [...da.regions.slice(0, n1), da.regions[n1] + ' ', ...db.regions.slice(1)] };
  const corrupted: Draft = { ...base, slots: base.slots.map((s, i) => (i === n1 ? (fused ? [] : [{ norm: ',', text: ',' }]) : s)), changed: base.changed.map((_, i) => i === n1) };
  return { original, corrupted };
}

/** Up to `limit` splice items from consecutive sentences of the same paragraph. */
export function spliceItems(sentences: readonly ConlluSentence[], limit: number): SuiteItem[] {
  const out: SuiteItem[] = [];
  for (let k = 0; k + 1 < sentences.length && out.length < limit; k++) {
    const a = sentences[k];
    const b = sentences[k + 1];
    if (b.comments.some((c) => c.startsWith('# newpar') || c.startsWith('# newdoc'))) continue;
    const d = spliceDraft(a, b);
    if (!d) continue;
    const n1 = goldSentence(a)!.sentence.tree.words.length;
    const corruption: Corruption = { category: 'comma-splice', error: 'comma-splice', kind: 'two sentences joined by a comma', draft: d.corrupted, gold: new Map([[n1, ['.', ';']]]) };
    out.push({ id: `${a.sentId}+${b.sentId}`, original: renderDraft(d.original), corrupted: renderDraft(d.corrupted), corruption });
    k++; // do not reuse b
  }
  return out;
}

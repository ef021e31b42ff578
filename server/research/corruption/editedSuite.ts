/**
 * The corruption suite of edited-english: every document of one part (its paragraphs as written, each silver sentence
 * located in its paragraph), and items that each put one writer's error (`ErrorKind`) into one sentence of one
 * paragraph — or, for a comma splice or a fused sentence, into the join of two consecutive sentences — with the gold
 * repair of every slot it changed. Items are drawn per kind, at most one per paragraph, in a seeded order, so every
 * kind gets enough items to be measured by (the realistic mix weighs them afterwards, `rates.ts`).
 */
import { EditedPart, readEditedEnglish } from '../editedEnglish';
import { readSilverTrees } from '../silverTrees';
import { silverGold } from './silverSentence';
import { GoldSentence } from '../eval/goldSentence';
import { draftOf, renderDraft, Rendered } from '../eval/draft';
import { applicableErrors, corruptByKind, Corruption, ErrorKind } from '../eval/corrupt';
import { spliceGold } from '../eval/splice';
import { pick, seededRng, shuffled } from '../eval/rng';

export interface LocatedSentence {
  /** Offsets in the paragraph. */
  start: number;
  end: number;
  gold: GoldSentence;
}

export interface SuiteDocument {
  key: string;
  paragraphs: string[];
  /** Per paragraph, its silver sentences in order (sentences the silver file left out are absent). */
  sentences: LocatedSentence[][];
}

export interface EditedItem {
  id: string;
  error: ErrorKind;
  doc: number;
  par: number;
  /** Offsets in the paragraph of the span replaced (one sentence, or two for a splice). */
  start: number;
  end: number;
  original: Rendered;
  corrupted: Rendered;
  corruption: Corruption;
}

/** `keep`: only the documents it accepts (by source and index), e.g. a sample of the train part. */
export function loadSuiteDocuments(part: EditedPart, keep?: (source: string, index: number) => boolean): SuiteDocument[] {
  const docs = readEditedEnglish(undefined, [part]).filter((d) => !keep || keep(d.source, d.index));
  const byKey = new Map<string, SuiteDocument>();
  const out: SuiteDocument[] = docs.map((d) => {
    const doc: SuiteDocument = { key: `${d.source}#${d.index}`, paragraphs: d.paragraphs, sentences: d.paragraphs.map(() => []) };
    byKey.set(doc.key, doc);
    return doc;
  });
  const cursor = new Map<string, number>();
  for (const s of readSilverTrees(part)) {
    const doc = byKey.get(`${s.source}#${s.doc}`);
    if (!doc) continue;
    const para = doc.paragraphs[s.par];
    const ck = `${doc.key}/${s.par}`;
    const at = para.indexOf(s.text, cursor.get(ck) ?? 0);
    if (at < 0) continue;
    cursor.set(ck, at + s.text.length);
    const gold = silverGold(s);
    if (gold) doc.sentences[s.par].push({ start: at, end: at + s.text.length, gold });
  }
  return out;
}

const JOIN_KINDS: ReadonlySet<ErrorKind> = new Set(['comma-splice', 'fused-sentence']);

/** The two sentences joined (by a comma, or by nothing), as an item; undefined when they do not make a clean join. */
function joinItem(doc: SuiteDocument, d: number, p: number, k: number, error: ErrorKind): EditedItem | undefined {
  const [a, b] = [doc.sentences[p][k], doc.sentences[p][k + 1]];
  if (!/^\s+$/.test(doc.paragraphs[p].slice(a.end, b.start))) return undefined;
  const j = spliceGold(a.gold, b.gold, error === 'fused-sentence');
  if (!j) return undefined;
  const n1 = a.gold.sentence.tree.words.length;
  const corruption: Corruption = {
    category: error === 'fused-sentence' ? 'fused-sentence' : 'comma-splice',
    error,
    kind: error === 'fused-sentence' ? 'two sentences run together' : 'two sentences joined by a comma',
    draft: j.corrupted,
    gold: new Map([[n1, ['.', ';']]]),
  };
  return { id: `${doc.key}/${p}/${k}+${k + 1}`, error, doc: d, par: p, start: a.start, end: b.end, original: renderDraft(j.original), corrupted: renderDraft(j.corrupted), corruption };
}

/** Up to `perKind` items of each kind, at most one per paragraph, drawn with `seed`. */
export function buildEditedSuite(docs: readonly SuiteDocument[], kinds: readonly ErrorKind[], perKind: number, seed = 1): EditedItem[] {
  const rng = seededRng(seed);
  const paragraphs: Array<[number, number]> = [];
  docs.forEach((doc, d) => doc.paragraphs.forEach((_, p) => paragraphs.push([d, p])));
  const kindsOf = new Map<LocatedSentence, Set<ErrorKind>>();
  const applicable = (s: LocatedSentence) => {
    let k = kindsOf.get(s);
    if (!k) kindsOf.set(s, (k = new Set(applicableErrors(draftOf(s.gold)))));
    return k;
  };
  const items: EditedItem[] = [];
  for (const error of kinds) {
    let count = 0;
    for (const [d, p] of shuffled(rng, paragraphs)) {
      if (count >= perKind) break;
      const doc = docs[d];
      const sents = doc.sentences[p];
      let item: EditedItem | undefined;
      if (JOIN_KINDS.has(error)) {
        const ks = shuffled(rng, sents.slice(0, -1).map((_, k) => k));
        for (const k of ks) if ((item = joinItem(doc, d, p, k, error))) break;
      } else {
        const ks = sents.map((_, k) => k).filter((k) => applicable(sents[k]).has(error));
        if (ks.length) {
          const k = pick(rng, ks);
          const draft = draftOf(sents[k].gold);
          const c = corruptByKind(draft, rng, error);
          if (c) item = { id: `${doc.key}/${p}/${k}`, error, doc: d, par: p, start: sents[k].start, end: sents[k].end, original: renderDraft(draft), corrupted: renderDraft(c.draft), corruption: c };
        }
      }
      if (item) {
        items.push(item);
        count++;
      }
    }
  }
  return items;
}

/** The paragraph with the item's span replaced by its corrupted text. */
export function corruptedParagraph(doc: SuiteDocument, it: EditedItem): string {
  const para = doc.paragraphs[it.par];
  return para.slice(0, it.start) + it.corrupted.text + para.slice(it.end);
}

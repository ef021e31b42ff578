/**
 * Writer-consistent labels for the learned scorer's corrupted EWT omissions. A comma the corruption removed from an
 * EWT sentence is labelled "put it back" by the corruption alone, yet EWT's web writers leave out a third to a half of
 * the clause commas edited prose writes (`corruption/rates.ts`), and clean EWT documents show the same writers leaving
 * such commas out: trained on those labels, the scorer reported web writers' omissions on clean EWT dev (journal, "The
 * learned scorer refitted on the shipped punctuation model, and the document's register as its feature").
 *
 * So an omitted comma counts as the writer's error only where that writer, in the same treebank document, writes a
 * comma at a site of the same kind in another sentence (the sentence itself left out): a writer who sets off an
 * introductory element elsewhere and not here has slipped; one who never does has a habit, not an error. "A site of
 * the kind" is one the corruption generator could remove a comma of that kind from (`applicableErrors`), so the
 * evidence and the label are defined alike. Edited-english's items keep their labels (edited writers are consistent
 * by construction).
 */
import * as fs from 'fs';
import { parseConllu } from '../../src/data/conllu';
import { goldSentence } from '../eval/goldSentence';
import { draftOf } from '../eval/draft';
import { applicableErrors, ErrorKind } from '../eval/corrupt';
import { GoldSentence } from '../eval/goldSentence';
import { hasSubject, treeInfo, TreeInfo } from '../../src/engine/treeInfo';
import { commaCategory } from '../../src/engine/correction/pipeline/categories';
import { LabelledSentence } from './examples';
import { documentKeyOf } from './documentRegisters';

/** The omissions of a comma a writer may write by habit or not at all (the kinds relabelled). */
export const OMITTED_COMMA_KINDS: ReadonlySet<ErrorKind> = new Set([
  'introductory-comma-missing',
  'clause-coordinator-comma-missing',
  'relative-clause-comma-missing',
  'appositive-comma-missing',
  'aside-closing-comma-missing',
]);

/** Commas of one kind a writer wrote, and the sites of that kind (with a comma or without). */
export interface KindCount {
  commas: number;
  sites: number;
}

/** Per EWT sentence (`ewt#k`, k its index in the file): its document and, per kind, its commas and sites. */
export interface CommaHabits {
  documentOf: Map<string, number>;
  /** Document → kind → its sentences' counts summed. */
  writers: Map<number, Map<ErrorKind, KindCount>>;
  /** Sentence → kind → its counts. */
  counts: Map<string, Map<ErrorKind, KindCount>>;
}

/**
 * One sentence's commas and sites of each omitted kind. Introductory elements and coordinators joining clauses are
 * sites whether or not a comma is written (the generator's own tests of the place, which do not read the comma), so a
 * writer's rate there is counted; a relative clause or an apposition without commas may be restrictive, and an aside
 * needs its opening comma, so for those kinds only the commas written are counted (sites = commas).
 */
export function sentenceCommaCounts(g: GoldSentence): Map<ErrorKind, KindCount> {
  const d = draftOf(g);
  const out = new Map<ErrorKind, KindCount>();
  const add = (k: ErrorKind, comma: boolean) => {
    const c = out.get(k) ?? { commas: 0, sites: 0 };
    c.sites++;
    if (comma) c.commas++;
    out.set(k, c);
  };
  const info = treeInfo(g.sentence.tree);
  const words = g.sentence.tree.words;
  const isComma = (i: number) => d.slots[i].length === 1 && d.slots[i][0].norm === ',';
  const boundary = (i: number) => d.words.some((w) => w.lastWord === i);
  for (let i = 1; i < info.n; i++) {
    if (!boundary(i) || (d.slots[i].length > 0 && !isComma(i))) continue;
    const cat = commaCategory(info, i, (j) => d.slots[j].some((m) => m.norm === ','));
    if (cat === 'introductory-comma') add('introductory-comma-missing', isComma(i));
    else if (cat === 'comma' && beforeClauseCoordinator(info, words, i)) add('clause-coordinator-comma-missing', isComma(i));
  }
  for (const e of applicableErrors(d)) if (e === 'relative-clause-comma-missing' || e === 'appositive-comma-missing' || e === 'aside-closing-comma-missing') add(e, true);
  return out;
}

/** Slot i lies before a coordinator joining two clauses, each with its own subject (the generator's test, `corrupt.ts`). */
function beforeClauseCoordinator(info: TreeInfo, words: ReadonlyArray<{ form: string }>, i: number): boolean {
  const k = i + 1;
  if (k > info.n || info.base(k) !== 'cc' || !/^(and|but|or|nor|so|yet)$/i.test(words[k - 1].form)) return false;
  const conj = info.head(k);
  return conj > k && info.base(conj) === 'conj' && info.span[conj][0] === k && hasSubject(info, conj) && hasSubject(info, info.head(conj));
}

/** The comma habits of each document of an EWT treebank file (`# newdoc id` groups), counted on its sentences as written. */
export function ewtCommaHabits(file: string): CommaHabits {
  const documentOf = new Map<string, number>();
  const writers = new Map<number, Map<ErrorKind, KindCount>>();
  const counts = new Map<string, Map<ErrorKind, KindCount>>();
  let doc = -1;
  parseConllu(fs.readFileSync(file, 'utf8'), file).forEach((s, k) => {
    if (doc < 0 || s.comments.some((c) => c.startsWith('# newdoc id'))) doc++;
    const key = `ewt#${k}`;
    documentOf.set(key, doc);
    const g = goldSentence(s);
    const own = g ? sentenceCommaCounts(g) : new Map<ErrorKind, KindCount>();
    counts.set(key, own);
    const w = writers.get(doc) ?? new Map<ErrorKind, KindCount>();
    for (const [e, c] of own) {
      const t = w.get(e) ?? { commas: 0, sites: 0 };
      w.set(e, { commas: t.commas + c.commas, sites: t.sites + c.sites });
    }
    writers.set(doc, w);
  });
  return { documentOf, writers, counts };
}

/**
 * Whether the writer of sentence `key` writes a comma of `kind` in another sentence of the same document — at least
 * one, and at no less than `minRate` of that kind's other sites.
 */
export function writesKindElsewhere(h: CommaHabits, key: string, kind: ErrorKind, minRate = 0): boolean {
  const doc = h.documentOf.get(key);
  if (doc === undefined) return false;
  const all = h.writers.get(doc)?.get(kind) ?? { commas: 0, sites: 0 };
  const own = h.counts.get(key)?.get(kind) ?? { commas: 0, sites: 0 };
  const [commas, sites] = [all.commas - own.commas, all.sites - own.sites];
  return commas > 0 && commas >= minRate * sites;
}

export interface RelabelCount {
  /** Corrupted omissions whose writer writes the kind elsewhere: positive as before. */
  kept: number;
  /** Corrupted omissions with no such evidence: their positive edits dropped or down-weighted. */
  changed: number;
}

/**
 * Relabels corrupted EWT omissions in place: where the writer shows no comma of the kind elsewhere in the document,
 * each positive edit is dropped (`weight` 0) or counted with `weight` in the fit. Other sentences are left as they are.
 */
export function writerConsistentLabels(sentences: LabelledSentence[], h: CommaHabits, weight: number, minRate = 0): RelabelCount {
  const count: RelabelCount = { kept: 0, changed: 0 };
  for (const s of sentences) {
    if (!s.error || !OMITTED_COMMA_KINDS.has(s.error)) continue;
    const key = documentKeyOf(s.id);
    if (!key.startsWith('ewt#')) continue;
    if (writesKindElsewhere(h, key, s.error, minRate)) {
      count.kept++;
      continue;
    }
    count.changed++;
    if (weight > 0) for (const e of s.edits) if (e.label === 1) e.weight = weight;
    if (weight <= 0) s.edits = s.edits.filter((e) => e.label !== 1);
  }
  return count;
}

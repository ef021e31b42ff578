/**
 * The document register of the learned scorer's training examples (`engine/correction/learned/documentFeatures.ts`),
 * added to examples already built: the register is counted on the text of the example's whole document, as the
 * linter counts it at run time (edited-english: the document's paragraphs, as `bench:edited` lints them; EWT: the
 * treebank's `# newdoc id` groups, sentences of a paragraph joined by a space and paragraphs by a blank line, as
 * `bench:lint --clean-docs` lints them). So EWT's sentences are read in their documents, not one by one, and an
 * example's features need no new analysis (the cached examples keep their other features).
 *
 * The document is counted as written: a corrupted example's one changed mark is not counted in (a comma or so in a
 * document of hundreds of words moves no bin but in the shortest ones).
 */
import * as fs from 'fs';
import { parseConllu } from '../../src/data/conllu';
import { FNV_OFFSET, fnvFrom } from '../../src/parser/fnv';
import { documentRegisterFeatures, registerBins, registerCounts } from '../../src/engine/correction/learned/documentFeatures';
import { loadSuiteDocuments } from '../corruption/editedSuite';
import { EditedPart } from '../editedEnglish';
import { featureTable, LabelledSentence, ScoredEdit } from './examples';
import type { FeatureVector } from '../../src/engine/correction/learned/learnedScorer';

/** Document key (`source#index`) → its register bins, for the edited-english parts named. */
export function editedRegisters(parts: readonly EditedPart[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of parts) for (const d of loadSuiteDocuments(part)) out.set(d.key, registerBins(registerCounts(d.paragraphs.join('\n\n'))));
  return out;
}

/**
 * A treebank file read as `bench:lint --clean-docs` lints it: each sentence's text, and the `# newdoc id` documents
 * (sentences of a paragraph joined by a space, paragraphs by a blank line) with the document of each sentence.
 */
export function ewtDocumentTexts(file: string): { sentences: string[]; documents: string[]; documentOf: number[] } {
  const parsed = parseConllu(fs.readFileSync(file, 'utf8'), file);
  const sentences = parsed.map((s) => s.text ?? s.words.map((w) => w.form).join(' '));
  const documentOf: number[] = [];
  const documents: string[] = [];
  parsed.forEach((s, k) => {
    const newDoc = s.comments.some((c) => c.startsWith('# newdoc id'));
    const newPar = s.comments.some((c) => c.startsWith('# newpar'));
    if (documents.length === 0 || newDoc) documents.push(sentences[k]);
    else documents[documents.length - 1] += (newPar ? '\n\n' : ' ') + sentences[k];
    documentOf[k] = documents.length - 1;
  });
  return { sentences, documents, documentOf };
}

/** `ewt#k` (the k-th sentence of the treebank file, as `ewtDocuments.ts` names it) → its document's register bins. */
export function ewtRegisters(file: string): Map<string, string[]> {
  const { documents, documentOf } = ewtDocumentTexts(file);
  const bins = documents.map((t) => registerBins(registerCounts(t)));
  return new Map(documentOf.map((d, k) => [`ewt#${k}`, bins[d]]));
}

/** Appends features to an example edit's encoded ones (interning their names in the examples' feature table). */
export function appendFeatures(e: ScoredEdit, extra: FeatureVector): void {
  const idx = new Int32Array(e.features.idx.length + extra.length);
  const val = new Float32Array(e.features.val.length + extra.length);
  idx.set(e.features.idx);
  val.set(e.features.val);
  extra.forEach(([name, v], j) => {
    idx[e.features.idx.length + j] = featureTable.id(name);
    val[e.features.val.length + j] = v;
  });
  e.features = { idx, val };
}

/**
 * Example id's sentence (`source#index/p/k`, `ewt#k`) → the register bins of that sentence alone: what the linter
 * reads when a sentence is linted by itself (a learner's probe, a line in a chat box), where the document shows nothing
 * more. Edited-english's parts and EWT train.
 */
export function sentenceRegisters(parts: readonly EditedPart[], ewtFile: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of parts)
    for (const d of loadSuiteDocuments(part))
      d.sentences.forEach((ss, p) => ss.forEach((x, k) => out.set(`${d.key}/${p}/${k}`, registerBins(registerCounts(d.paragraphs[p].slice(x.start, x.end))))));
  parseConllu(fs.readFileSync(ewtFile, 'utf8'), ewtFile).forEach((s, k) => out.set(`ewt#${k}`, registerBins(registerCounts(s.text ?? ''))));
  return out;
}

/** The key of an example's sentence in `sentenceRegisters` (a joined item's: its first sentence's). */
export function sentenceKeyOf(id: string): string {
  const [doc, p, k] = id.split('/');
  return doc.startsWith('ewt#') ? doc : `${doc}/${p}/${(k ?? '').split('+')[0]}`;
}

/** A number in [0, 1) from an id, the same in every run (which examples are read as a sentence alone). */
function unitHash(id: string): number {
  return (fnvFrom(FNV_OFFSET, id) >>> 0) / 2 ** 32;
}

/** The document key of an example's id (`source#index/paragraph/sentence…`). */
export function documentKeyOf(id: string): string {
  return id.split('/')[0];
}

/**
 * Appends the register features of each example's document to its edits' features; returns how many sentences
 * found no document (they keep their features as they were).
 */
export function addDocumentRegister(
  sentences: readonly LabelledSentence[],
  registers: ReadonlyMap<string, readonly string[]>,
  /** This share of the examples (chosen by their id) read as their sentence alone, with these bins. */
  alone?: { share: number; bins: ReadonlyMap<string, readonly string[]> },
): number {
  let missing = 0;
  for (const s of sentences) {
    const own = alone && unitHash(s.id) < alone.share ? alone.bins.get(sentenceKeyOf(s.id)) : undefined;
    const bins = own ?? registers.get(documentKeyOf(s.id));
    if (!bins) {
      missing++;
      continue;
    }
    for (const e of s.edits) appendFeatures(e, documentRegisterFeatures(bins, e.key.split('/')[1], e.key));
  }
  return missing;
}

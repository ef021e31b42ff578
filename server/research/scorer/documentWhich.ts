/**
 * The writer's habit before "which" (`engine/correction/learned/documentFeatures.ts`) added to training examples already
 * built, as `documentRegisters.ts` adds the register: for each example, the "which"s of its document as written less
 * those of its sentence as written, so that the example's own comma (removed or not) never counts. At lint time the
 * engine subtracts the sentence as the writer wrote it from the document as written, which gives the same numbers.
 *
 * Example ids: edited-english `source#index/p/k` (a joined pair `k+k2`, a learner-shaped one `k/tag`); EWT `ewt#k`
 * (the k-th sentence of its treebank file, read in its `# newdoc id` document as `bench:lint --clean-docs` lints it).
 */
import { whichHabitFeatures, whichOthers, whichTally } from '../../src/engine/correction/learned/documentFeatures';
import { loadSuiteDocuments } from '../corruption/editedSuite';
import { EditedPart } from '../editedEnglish';
import { featureTable, LabelledSentence } from './examples';
import { appendFeatures, ewtDocumentTexts } from './documentRegisters';

export type WhichOthersOf = (id: string) => readonly [number, number] | undefined;

/** Edited-english example id → its document's "which"s but its sentence's. */
export function editedWhichOthers(parts: readonly EditedPart[]): WhichOthersOf {
  const docs = new Map(parts.flatMap((part) => loadSuiteDocuments(part)).map((d) => [d.key, { d, tally: whichTally(d.paragraphs.join('\n\n')) }]));
  return (id) => {
    const [key, p, k] = id.split('/');
    const doc = docs.get(key);
    if (!doc || p === undefined || k === undefined) return undefined;
    const [first, last] = k.split('+').map(Number);
    const sentences = doc.d.sentences[Number(p)];
    if (!sentences?.[first]) return undefined;
    const text = doc.d.paragraphs[Number(p)].slice(sentences[first].start, sentences[last ?? first].end);
    return whichOthers(doc.tally, text);
  };
}

/** `ewt#k` of a treebank file → its document's "which"s but its sentence's. */
export function ewtWhichOthers(file: string): WhichOthersOf {
  const { sentences, documents, documentOf } = ewtDocumentTexts(file);
  const tallies = documents.map(whichTally);
  return (id) => {
    const m = /^ewt#(\d+)/.exec(id);
    if (!m) return undefined;
    const k = Number(m[1]);
    return k < sentences.length ? whichOthers(tallies[documentOf[k]], sentences[k]) : undefined;
  };
}

/**
 * Appends the habit's features to every edit that inserts a comma before "which" at its first slot (the edits
 * carrying `rw=which*insert`, as `candidateFeatures` adds them at lint time); returns how many sentences found no
 * document.
 */
export function addWhichHabit(sentences: readonly LabelledSentence[], othersOf: WhichOthersOf): number {
  const marker = featureTable.id('rw=which*insert');
  let missing = 0;
  for (const s of sentences) {
    const edits = s.edits.filter((e) => e.features.idx.includes(marker));
    if (edits.length === 0) continue;
    const others = othersOf(s.id);
    if (!others) {
      missing++;
      continue;
    }
    for (const e of edits) appendFeatures(e, whichHabitFeatures(others, e.key));
  }
  return missing;
}

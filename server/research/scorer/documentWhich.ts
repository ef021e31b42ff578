/**
 * The writer's habit before "which" (`engine/correction/learned/whichHabit.ts`) added to training examples already
 * built, as `documentRegisters.ts` adds the register: for each example, the "which"s of its document as written less
 * those of its sentence as written, so that the example's own comma (removed or not) never counts. At lint time the
 * engine subtracts the sentence as the writer wrote it from the document as written, which gives the same numbers.
 *
 * Example ids: edited-english `source#index/p/k` (a joined pair `k+k2`, a learner-shaped one `k/tag`); EWT `ewt#k`
 * (the k-th sentence of its treebank file, read in its `# newdoc id` document as `bench:lint --clean-docs` lints it).
 */
import * as fs from 'fs';
import { parseConllu } from '../../src/data/conllu';
import { whichHabitFeatures, whichOthers, whichTally } from '../../src/engine/correction/learned/whichHabit';
import { loadSuiteDocuments } from '../corruption/editedSuite';
import { EditedPart } from '../editedEnglish';
import { featureTable, LabelledSentence } from './examples';

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
  const sentences = parseConllu(fs.readFileSync(file, 'utf8'), file);
  const texts = sentences.map((s) => s.text ?? s.words.map((w) => w.form).join(' '));
  const docOf: number[] = [];
  const docs: string[] = [];
  sentences.forEach((s, k) => {
    const newDoc = s.comments.some((c) => c.startsWith('# newdoc id'));
    const newPar = s.comments.some((c) => c.startsWith('# newpar'));
    if (docs.length === 0 || newDoc) docs.push(texts[k]);
    else docs[docs.length - 1] += (newPar ? '\n\n' : ' ') + texts[k];
    docOf[k] = docs.length - 1;
  });
  const tallies = docs.map(whichTally);
  return (id) => {
    const m = /^ewt#(\d+)/.exec(id);
    if (!m) return undefined;
    const k = Number(m[1]);
    return k < texts.length ? whichOthers(tallies[docOf[k]], texts[k]) : undefined;
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
    for (const e of edits) {
      const extra = whichHabitFeatures(others, e.key);
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
  }
  return missing;
}

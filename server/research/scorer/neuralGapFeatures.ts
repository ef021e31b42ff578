/**
 * The BiLSTM gap tagger's features (`engine/correction/learned/neuralGaps.ts`) added to training examples already
 * built, as `documentWhich.ts` adds the writer's "which" habit: each example's sentence is found again (a corrupted
 * item parsed as `examples.ts analyseCorrupted` parses it, a sentence as written from its document's silver or gold
 * analysis, an EWT dev piece parsed as `labelledParsed` parses it), read by the tagger, and every edit gets
 * `neuralGapFeatures` of its changes, the function the engine calls at lint time.
 */
import { Parser } from '../../src/parser';
import { BiLstmTagger } from '../../src/restore/bilstmTagger';
import { AnalysedSentence } from '../../src/engine/sentence';
import { neuralGapFeatures, neuralGapReading } from '../../src/engine/correction/learned/neuralGaps';
import { EditedItem, SuiteDocument } from '../corruption/editedSuite';
import { analyseCorrupted, LabelledSentence } from './examples';
import { appendFeatures } from './documentRegisters';

export type SentenceOf = (id: string) => AnalysedSentence | undefined;

/** Example ids → their sentences, from the item lists, the documents and the pieces the examples were built from. */
export function sentencesOfExamples(parser: Parser, sources: { items?: readonly EditedItem[]; docs?: readonly SuiteDocument[]; pieces?: ReadonlyArray<{ id: string; text: string }> }[]): SentenceOf {
  const items = new Map<string, EditedItem>();
  const docs = new Map<string, SuiteDocument>();
  const pieces = new Map<string, string>();
  for (const s of sources) {
    for (const it of s.items ?? []) items.set(it.id, it);
    for (const d of s.docs ?? []) docs.set(d.key, d);
    for (const p of s.pieces ?? []) pieces.set(p.id, p.text);
  }
  const parsedPieces = new Map<string, AnalysedSentence[]>();
  return (id) => {
    const it = items.get(id);
    if (it) return analyseCorrupted(parser, it);
    const m = /^(.*)\/(\d+)\/(\d+)$/.exec(id);
    if (!m) return undefined;
    const doc = docs.get(m[1]);
    if (doc) return doc.sentences[Number(m[2])]?.[Number(m[3])]?.gold.sentence;
    const piece = `${m[1]}/${m[2]}`;
    const text = pieces.get(piece);
    if (text === undefined) return undefined;
    let parsed = parsedPieces.get(piece);
    if (!parsed) parsedPieces.set(piece, (parsed = parser.parseText(text)));
    return parsed[Number(m[3])];
  };
}

/** Appends the tagger's features to every edit of the sentences; returns how many sentences were not found. */
export function addNeuralGaps(sentences: readonly LabelledSentence[], sentenceOf: SentenceOf, tagger: BiLstmTagger): number {
  let missing = 0;
  for (const x of sentences) {
    if (x.edits.length === 0) continue;
    const s = sentenceOf(x.id);
    if (!s) {
      missing++;
      continue;
    }
    const reading = neuralGapReading(s, tagger);
    const written = (i: number) => (s.tree.slots[i] ?? []).join('');
    for (const e of x.edits) appendFeatures(e, neuralGapFeatures(reading, e.changes, written, e.key.split('/')[1], e.key));
  }
  return missing;
}

/**
 * The BiLSTM gap tagger's features (`engine/correction/learned/neuralGaps.ts`) added to training examples already
 * built, as `documentWhich.ts` adds the writer's "which" habit: each example's sentence is found again, read by the
 * tagger, and every edit gets `neuralGapFeatures` of its changes, the function the engine calls at lint time.
 */
import { Parser } from '../../src/parser';
import { BiLstmTagger } from '../../src/restore/bilstmTagger';
import { AnalysedSentence } from '../../src/engine/sentence';
import { neuralGapFeatures, neuralGapReading } from '../../src/engine/correction/learned/neuralGaps';
import { EditedItem, SuiteDocument } from '../corruption/editedSuite';
import { analyseCorrupted, LabelledSentence } from './examples';
import { appendFeatures } from './documentRegisters';

export type SentenceOf = (id: string) => AnalysedSentence | undefined;

/**
 * Example ids → their sentences. Ids alone do not tell a corrupted item from its sentence as written (both
 * `source#index/p/k`), nor EWT train's sentences from EWT dev's (`ewt#k/0/0`), so each kind of example has a lookup of
 * its own: corrupted items by id (parsed again), sentences as written from their documents, EWT dev pieces parsed.
 */
export function corruptedSentences(parser: Parser, items: readonly EditedItem[]): SentenceOf {
  const byId = new Map(items.map((it) => [it.id, it]));
  return (id) => {
    const it = byId.get(id);
    const s = it && analyseCorrupted(parser, it);
    if (process.env.DEBUG_NGAP && !s) console.log(`  ${id}: ${it ? 'not one sentence of the same words' : 'no item'}`);
    return s;
  };
}

export function writtenSentences(docs: readonly SuiteDocument[]): SentenceOf {
  const byKey = new Map(docs.map((d) => [d.key, d]));
  return (id) => {
    const m = /^(.*)\/(\d+)\/(\d+)$/.exec(id);
    return m ? byKey.get(m[1])?.sentences[Number(m[2])]?.[Number(m[3])]?.gold.sentence : undefined;
  };
}

/** `labelledParsed`'s pieces: `${piece id}/${j}`, the j-th sentence the parser reads in the piece. */
export function parsedSentences(parser: Parser, pieces: ReadonlyArray<{ id: string; text: string }>): SentenceOf {
  const texts = new Map(pieces.map((p) => [p.id, p.text]));
  const parsed = new Map<string, AnalysedSentence[]>();
  return (id) => {
    const m = /^(.*)\/(\d+)$/.exec(id);
    const text = m ? texts.get(m[1]) : undefined;
    if (!m || text === undefined) return undefined;
    let ss = parsed.get(m[1]);
    if (!ss) parsed.set(m[1], (ss = parser.parseText(text)));
    return ss[Number(m[2])];
  };
}

/** Appends the tagger's features to every edit of the sentences; returns how many sentences were not found. */
export function addNeuralGaps(sentences: readonly LabelledSentence[], sentenceOf: SentenceOf, tagger: BiLstmTagger): number {
  let missing = 0;
  const shown: string[] = [];
  for (const x of sentences) {
    if (x.edits.length === 0) continue;
    const s = sentenceOf(x.id);
    if (!s) {
      if (++missing <= 5) shown.push(x.id);
      continue;
    }
    const reading = neuralGapReading(s, tagger);
    const written = (i: number) => (s.tree.slots[i] ?? []).join('');
    for (const e of x.edits) appendFeatures(e, neuralGapFeatures(reading, e.changes, written, e.key.split('/')[1], e.key));
  }
  if (missing) console.log(`  ${missing} sentences not found, e.g. ${shown.join(', ')}`);
  return missing;
}

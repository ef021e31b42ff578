/**
 * EWT train as documents of the corruption suite (`editedSuite.ts`): each treebank sentence whose tokens give back
 * its tree (`goldSentence`) as a paragraph of its own, grouped by the treebank's documents. The scorer's training
 * corrupts some of them beside edited-english (issue 29: "use it together with EWT train"); the gold trees are
 * EWT's, not silver.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseConllu } from '../../src/data/conllu';
import { goldSentence } from '../eval/goldSentence';
import { SuiteDocument } from '../corruption/editedSuite';

export const EWT_TRAIN = path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-train.conllu');
export const EWT_DEV = path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu');

/** Every `every`-th sentence of EWT train (that makes a gold sentence), one paragraph each. */
export function ewtTrainDocuments(every = 1, file = EWT_TRAIN): SuiteDocument[] {
  const out: SuiteDocument[] = [];
  parseConllu(fs.readFileSync(file, 'utf8'), file).forEach((s, k) => {
    if (k % every) return;
    const g = goldSentence(s);
    if (!g) return;
    out.push({ key: `ewt#${k}`, paragraphs: [g.text], sentences: [[{ start: 0, end: g.text.length, gold: g }]] });
  });
  return out;
}

/**
 * EWT's paragraphs as documents of the corruption suite: each treebank document's paragraphs (`# newpar`), their
 * sentences (those that make a gold sentence; a paragraph is cut where one does not) joined by a space, as its
 * writer's consecutive sentences. For the sentence joins, which need two sentences of one paragraph.
 */
export function ewtParagraphDocuments(file: string): SuiteDocument[] {
  const out: SuiteDocument[] = [];
  let doc: SuiteDocument | undefined;
  let open = false;
  parseConllu(fs.readFileSync(file, 'utf8'), file).forEach((s, k) => {
    if (!doc || s.comments.some((c) => c.startsWith('# newdoc'))) {
      doc = { key: `ewt#${k}`, paragraphs: [], sentences: [] };
      out.push(doc);
      open = false;
    }
    if (s.comments.some((c) => c.startsWith('# newpar'))) open = false;
    const g = goldSentence(s);
    if (!g) {
      open = false;
      return;
    }
    if (!open) {
      doc.paragraphs.push('');
      doc.sentences.push([]);
      open = true;
    }
    const p = doc.paragraphs.length - 1;
    const start = doc.paragraphs[p].length === 0 ? 0 : doc.paragraphs[p].length + 1;
    doc.paragraphs[p] = doc.paragraphs[p].length === 0 ? g.text : `${doc.paragraphs[p]} ${g.text}`;
    doc.sentences[p].push({ start, end: start + g.text.length, gold: g });
  });
  return out.filter((d) => d.paragraphs.length > 0);
}

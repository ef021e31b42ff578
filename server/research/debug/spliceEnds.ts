/**
 * P(sentence end) at a comma, read by restoration's taggers: the cased BiLSTM over the words as written, and the
 * lower-case tagger over them lower-cased (the join model's second reader). For TSV lines `written<TAB>corrected`
 * whose correction ends a sentence (or writes `;`) at a comma (learner splices), and for the comma slots of the clean
 * edited dev sentences (`--clean N` sentences), so that the two can be compared.
 *
 *   npx tsx server/research/debug/spliceEnds.ts SPLICES.tsv [--clean 3000]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { defaultModelDir, loadEngineParts } from '../../src/engine';
import { loadLowerCaseTagger, loadPunctTagger, PunctTagger, SENTENCE_END_MARKS } from '../../src/restore/punctTagger';
import { sentenceEndProbabilities } from '../../src/engine/sentenceJoins/endTagger';
import { AnalysedSentence } from '../../src/engine/sentence';
import { loadSuiteDocuments } from '../corruption/editedSuite';

const { values: opt, positionals } = parseArgs({ allowPositionals: true, options: { clean: { type: 'string', default: '3000' } } });
const parts = loadEngineParts();
const dir = defaultModelDir();
const cased = loadPunctTagger(dir)!;
const lower = loadLowerCaseTagger(dir)!;

/** P(end) after each word of the sentence, read by `tagger` over its written words (lower-cased if asked; else as
 * dictation gives them to the cased tagger, the first word's capital lowered). */
function ends(tagger: PunctTagger, s: AnalysedSentence, text: string, lowerCase: boolean): Float64Array {
  return sentenceEndProbabilities(tagger, s, text, SENTENCE_END_MARKS, (w, k) => (lowerCase ? w.toLowerCase() : k === 0 ? w[0].toLowerCase() + w.slice(1) : w));
}

function commaSlots(s: AnalysedSentence): number[] {
  const out: number[] = [];
  for (let i = 1; i < s.tree.words.length; i++) if (s.tree.slots[i].length === 1 && s.tree.slots[i][0] === ',') out.push(i);
  return out;
}

const fmt = (x: number) => x.toFixed(3);
for (const line of fs.readFileSync(positionals[0], 'utf8').split('\n')) {
  const [written] = line.split('\t');
  if (!written) continue;
  for (const s of parts.analyser!.parseText(written)) {
    const c = ends(cased, s, written, false);
    const l = ends(lower, s, written, true);
    for (const i of commaSlots(s)) console.log(`learner\tcased ${fmt(c[i - 1])}\tlower ${fmt(l[i - 1])}\t${s.tree.words[i - 1].form} , ${s.tree.words[i].form}\t${written.slice(0, 80)}`);
  }
}
// Clean edited dev: the distribution of P(end) at written commas.
const bars = [0.3, 0.5, 0.7, 0.8, 0.9, 0.95];
const over = { cased: bars.map(() => 0), lower: bars.map(() => 0) };
let sentences = 0;
let commas = 0;
const shown: string[] = [];
outer: for (const doc of loadSuiteDocuments('dev'))
  for (const [p, sents] of doc.sentences.entries())
    for (const ls of sents) {
      if (sentences >= Number(opt.clean)) break outer;
      const text = doc.paragraphs[p].slice(ls.start, ls.end);
      for (const s of parts.analyser!.parseText(text)) {
        sentences++;
        const slots = commaSlots(s);
        if (!slots.length) continue;
        const c = ends(cased, s, text, false);
        const l = ends(lower, s, text, true);
        for (const i of slots) {
          commas++;
          bars.forEach((b, k) => {
            if (c[i - 1] >= b) over.cased[k]++;
            if (l[i - 1] >= b) over.lower[k]++;
          });
          if (c[i - 1] >= 0.7) shown.push(`clean\tcased ${fmt(c[i - 1])}\tlower ${fmt(l[i - 1])}\t${text.slice(0, 140)}`);
        }
      }
    }
console.log(`clean edited dev: ${sentences} sentences, ${commas} commas; commas at or over each bar, per 1,000 sentences`);
bars.forEach((b, k) => console.log(`  ≥ ${b}: cased ${over.cased[k]} (${((1000 * over.cased[k]) / sentences).toFixed(2)}), lower ${over.lower[k]} (${((1000 * over.lower[k]) / sentences).toFixed(2)})`));
shown.slice(0, 40).forEach((l) => console.log(l));

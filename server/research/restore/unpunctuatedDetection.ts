/**
 * How well the unpunctuated-paragraph finding (`engine/unpunctuated.ts`) tells several sentences run together from
 * one: on the dev parts of EWT and edited-english, paragraphs of two or more sentences and single sentences, their
 * marks removed and their words lower-cased as dictation gives them, each scored by the sentence-boundary model.
 * Prints, for each decision rule, the share of run-together paragraphs detected and of single sentences (a heading's
 * or a caption's shape) flagged.
 *
 *   npx tsx server/research/restore/unpunctuatedDetection.ts
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseConllu, reconstructText } from '../../src/data/conllu';
import { defaultModelDir } from '../../src/parser';
import { boundaryProbs, loadBoundaryModel } from '../../src/restore/boundaries';
import { tokenizeText } from '../../src/tokenize';
import { readEditedEnglish } from '../editedEnglish';

export const MIN_WORDS = 12;

/** A text's words with its marks removed, lower-cased as dictation gives them unless `lower` is false. */
export function dictatedWords(text: string, lower: boolean): string[] {
  return tokenizeText(text.replace(/[.,;:!?…"“”()—]/g, ' '))
    .flatMap((s) => s.tokens.filter((t) => !t.punct))
    .map((t) => (lower ? t.text.toLowerCase() : t.text));
}

/**
 * The detection's dev sets, as words: runs of several sentences (EWT dev in threes, edited-english dev paragraphs of
 * two or more) and single sentences, each of at least `MIN_WORDS` words.
 */
export function detectionSets(lower: boolean): { runs: string[][]; singles: string[][] } {
  const runs: string[][] = [];
  const singles: string[][] = [];
  const words = (text: string) => dictatedWords(text, lower);
  const ewt = parseConllu(fs.readFileSync(path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu'), 'utf8')).map(reconstructText);
  for (let i = 0; i + 2 < ewt.length; i += 3) {
    runs.push(words(ewt.slice(i, i + 3).join(' ')));
    singles.push(words(ewt[i]));
  }
  for (const d of readEditedEnglish(undefined, ['dev'])) {
    for (const p of d.paragraphs) {
      const sentences = p.split(/(?<=[.?!])\s+(?=[A-Z])/);
      (sentences.length >= 2 ? runs : singles).push(words(p));
    }
  }
  const long = (ws: string[][]) => ws.filter((w) => w.length >= MIN_WORDS);
  return { runs: long(runs), singles: long(singles) };
}

function main(): void {
  const m = loadBoundaryModel(defaultModelDir());
  if (!m) throw new Error('no boundary model');
  const rules: Array<[string, (p: number[]) => boolean]> = [
    [`one slot ≥ threshold (${m.threshold})`, (p) => p.some((x) => x >= m.threshold)],
    ['P(some end) ≥ 0.5', (p) => 1 - p.reduce((a, x) => a * (1 - x), 1) >= 0.5],
    ['P(some end) ≥ 0.7', (p) => 1 - p.reduce((a, x) => a * (1 - x), 1) >= 0.7],
    ['P(some end) ≥ 0.9', (p) => 1 - p.reduce((a, x) => a * (1 - x), 1) >= 0.9],
    ...[0.99, 0.999, 0.9999].map((t): [string, (p: number[]) => boolean] => [`P(some end) ≥ ${t}`, (p) => 1 - p.reduce((a, x) => a * (1 - x), 1) >= t]),
    ...[0.7, 0.8, 0.9].map((t): [string, (p: number[]) => boolean] => [`one slot ≥ ${t}`, (p) => p.some((x) => x >= t)]),
  ];
  const { runs: r, singles: s } = detectionSets(!process.argv.includes('--cased'));
  console.log(`${r.length} run-together paragraphs, ${s.length} single sentences (≥ ${MIN_WORDS} words)`);
  for (const [name, flag] of rules) {
    const hit = r.filter((w) => flag(boundaryProbs(m, w))).length;
    const fa = s.filter((w) => flag(boundaryProbs(m, w))).length;
    console.log(`${name}: detected ${(hit / r.length).toFixed(3)}, single sentences flagged ${(fa / s.length).toFixed(3)}`);
  }
}

if (require.main === module) main();

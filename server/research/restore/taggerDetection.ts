/**
 * Whether a restoration punctuation tagger (a CRF or BiLSTM of `restore/punctTagger.ts`, trained on dictation whose
 * sentence-initial capitals were lowered) tells several sentences run together from one better than the boundary
 * model's P(some end) does on lower-cased text (issue #31): the boundary model leans on capitals and finds 4% of
 * lower-cased run-together paragraphs. Same data as `unpunctuatedDetection.ts` (EWT dev in threes and single
 * sentences, edited-english dev paragraphs, marks removed, ≥ 12 words), plus the short learner-length paragraphs of
 * `short-dictation.tsv`. Rules read the tagger at the inner slots only (after words 1 … n−1):
 * - viterbi: the best tag sequence (a BiLSTM's most probable mark after each word) ends a sentence inside;
 * - P(some inner end): a CRF's exact 1 − Z(no end inside) / Z, a BiLSTM's 1 − Π(1 − P(end));
 * - the largest inner marginal P(end).
 *
 *   npx tsx server/research/restore/taggerDetection.ts [--cased] [--show] [--tagger FILE] [--dump FILE.tsv]   # --show: the single sentences the
 *   tagger's best sequence cuts
 */
import * as fs from 'fs';
import * as path from 'path';
import { defaultModelDir } from '../../src/parser';
import { boundaryProbs, loadBoundaryModel } from '../../src/restore/boundaries';
import { loadPunctTagger, MARK_COUNT, readPunctTaggerFile, SENTENCE_END_MARKS, someInnerEnd, tagRun } from '../../src/restore/punctTagger';
import { detectionSets, dictatedWords, MIN_WORDS } from './unpunctuatedDetection';

const lower = !process.argv.includes('--cased');
const words = (text: string) => dictatedWords(text, lower);

interface Scores {
  viterbiInner: boolean;
  someEnd: number;
  maxEnd: number;
  boundarySomeEnd: number;
}

function main(): void {
  const dir = defaultModelDir();
  const file = process.argv.indexOf('--tagger');
  const read = file > 0 ? readPunctTaggerFile(process.argv[file + 1], dir) : loadPunctTagger(dir);
  const boundary = loadBoundaryModel(dir);
  if (!read || !boundary) throw new Error('no tagger or boundary model');
  const tagger = read;
  // Any tagger through `tagRun`: a CRF's exact marginals and Viterbi path, a BiLSTM's marginals and most probable marks.
  const score = (ws: string[]): Scores => {
    const n = ws.length;
    const { marginals, best } = tagRun(tagger, ws, true);
    let maxEnd = 0;
    for (let i = 0; i < n - 1; i++) {
      let p = 0;
      for (const y of SENTENCE_END_MARKS) p += marginals[i * MARK_COUNT + y];
      maxEnd = Math.max(maxEnd, p);
    }
    const bp = boundaryProbs(boundary, ws);
    return {
      viterbiInner: best!.slice(0, n - 1).some((y) => SENTENCE_END_MARKS.includes(y)),
      someEnd: someInnerEnd(tagger, ws),
      maxEnd,
      boundarySomeEnd: 1 - bp.reduce((a, x) => a * (1 - x), 1),
    };
  };
  const sets = detectionSets(lower);
  const r = sets.runs.map(score);
  const s = sets.singles.map(score);
  const short = fs
    .readFileSync(path.join(__dirname, 'short-dictation.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'))
    .map(([kind, text]) => ({ run: kind === 'run', s: score(words(text)), n: words(text).length }));
  console.log(`${r.length} run-together paragraphs, ${s.length} single sentences (≥ ${MIN_WORDS} words), ${lower ? 'lower-cased' : 'cased'}; short set ${short.filter((x) => x.run).length} runs / ${short.filter((x) => !x.run).length} singles`);
  const rules: Array<[string, (x: Scores) => boolean]> = [
    ['boundary P(some end) ≥ 0.9 (shipped)', (x) => x.boundarySomeEnd >= 0.9],
    ['tagger viterbi ends inside', (x) => x.viterbiInner],
    ...[0.5, 0.7, 0.8, 0.9, 0.95, 0.99].map((t): [string, (x: Scores) => boolean] => [`tagger P(some inner end) ≥ ${t}`, (x) => x.someEnd >= t]),
    ...[0.5, 0.6, 0.7, 0.8, 0.9].map((t): [string, (x: Scores) => boolean] => [`tagger max inner P(end) ≥ ${t}`, (x) => x.maxEnd >= t]),
  ];
  if (process.argv.includes('--show')) {
    const ls = sets.singles;
    s.forEach((x, i) => { if (x.viterbiInner) console.log(`SINGLE ${x.someEnd.toFixed(2)} ${ls[i].join(' ')}`); });
  }
  const dump = process.argv.indexOf('--dump');
  if (dump > 0) {
    const row = (kind: string, x: Scores, n: number) => `${kind}\t${n}\t${x.someEnd}\t${x.maxEnd}\t${x.viterbiInner ? 1 : 0}`;
    const ls = sets.singles, lr = sets.runs;
    fs.writeFileSync(process.argv[dump + 1], [...r.map((x, i) => row('run', x, lr[i].length)), ...s.map((x, i) => row('single', x, ls[i].length)), ...short.map((x) => row(x.run ? 'short-run' : 'short-single', x.s, x.n))].join('\n') + '\n');
  }
  const share = (xs: Scores[], f: (x: Scores) => boolean) => (xs.filter(f).length / xs.length).toFixed(3);
  for (const [name, f] of rules) {
    const sr = short.filter((x) => x.run && f(x.s)).length;
    const ss = short.filter((x) => !x.run && f(x.s)).length;
    console.log(`${name}: found ${share(r, f)}, singles flagged ${share(s, f)}; short: runs ${sr}, singles ${ss}`);
  }
}

main();

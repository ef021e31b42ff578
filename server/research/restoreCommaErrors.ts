/**
 * Reads the comma model's errors on the cached edited dev slots (gold sentence cuts), for classifying them by hand:
 *
 *   PUNCTEME_CACHE=DIR npx tsx server/research/restoreCommaErrors.ts [--n 20] [--seed 1] [--model FILE]
 *
 * Prints n missed commas and n spurious ones, drawn at random, each with its sentence (⟦,⟧ a missed comma, ⟦+⟧ a
 * spurious one), the stacked P, and the phrases the parse puts at the slot (ending / beginning).
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { defaultModelDir } from '../src/model';
import { commaModelFromJson, CommaModelJson, commaProb, loadCommaModel, yields } from '../src/restore/commaModel';
import { RunParse } from '../src/restore/boundaries';

const { values } = parseArgs({ options: { n: { type: 'string', default: '20' }, seed: { type: 'string', default: '1' }, model: { type: 'string' }, file: { type: 'string', default: 'dev-100000.jsonl' } } });
const CACHE = process.env.PUNCTEME_CACHE ?? '/work/cache/restore-commas';
const m = values.model ? commaModelFromJson(JSON.parse(fs.readFileSync(values.model, 'utf8')) as CommaModelJson) : loadCommaModel(defaultModelDir());
if (!m) throw new Error('no comma model');
interface S { forms: string[]; parse: RunParse; label: number[]; tagger: number[]; model: number[] }
const data = fs.readFileSync(path.join(CACHE, values.file!), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as S);
const missed: string[] = [];
const spurious: string[] = [];
for (const s of data) {
  const spans = yields(s.parse.head, s.parse.deprel);
  const n = s.forms.length;
  const p = s.label.map((y, k) => (y < 0 ? -1 : commaProb(m, s.forms, s.parse, spans, k + 1, { tagger: s.tagger[k], model: s.model[k] })));
  s.label.forEach((y, k) => {
    if (y < 0) return;
    const d = p[k] >= m.threshold;
    if (d === (y === 1)) return;
    const i = k + 1;
    const text = s.forms.map((w, j) => (j === i ? (y ? '⟦,⟧ ' : '⟦+⟧ ') : '') + w).join(' ');
    const rel = (j: number) => `${s.forms[j]}/${s.parse.deprel[j]}→${s.parse.head[j] < 0 ? 'root' : s.forms[s.parse.head[j]]}`;
    const line = `p=${p[k].toFixed(2)} tg=${s.tagger[k].toFixed(2)} mdl=${s.model[k].toFixed(2)} | ${rel(i - 1)} ; ${rel(i)}${i < n ? '' : ''}\n    ${text}`;
    (y ? missed : spurious).push(line);
  });
}
let seed = Number(values.seed);
const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const pick = (xs: string[]) => Array.from({ length: Math.min(Number(values.n), xs.length) }, () => xs.splice(Math.floor(rand() * xs.length), 1)[0]);
console.log(`missed ${missed.length}, spurious ${spurious.length}`);
console.log('--- missed');
for (const l of pick(missed)) console.log(l);
console.log('--- spurious');
for (const l of pick(spurious)) console.log(l);

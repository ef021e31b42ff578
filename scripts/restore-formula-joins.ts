/**
 * How often a short formula ("Thanks for the update", "Sounds good") is followed by another sentence in the same
 * paragraph, and whether restoration cuts after it (issue #31's fused "Thanks for the update I had a look …"):
 *
 *   npx tsx scripts/restore-formula-joins.ts [--split train|dev] [--show 20] [--tagger FILE]
 *
 * Over EWT paragraphs (`# newpar`), a sentence of at most 6 words that opens with a formula and is not the
 * paragraph's last; each such paragraph is dictated (punctuation removed, lower-cased starts) and restored, and the
 * slot after the formula is checked for a sentence end. --tagger FILE: restoration with a candidate punctuation tagger
 * (a file `npm run train:restore-tagger` wrote with OUT=FILE).
 */
import { parseArgs } from 'util';
import { loadParser } from '../server/src/parser';
import { defaultModelDir, loadPunctModel } from '../server/src/model';
import { readPunctTaggerFile } from '../server/src/restore/punctTagger';
import { makeRestorer } from '../server/src/restore';
import { dictated, ewtParagraphs, FORMULA_OPENING, slotMarks } from '../test/restore/corpus';

const { values } = parseArgs({ options: { split: { type: 'string', default: 'dev' }, show: { type: 'string', default: '20' }, tagger: { type: 'string' } } });
const FORMULA = FORMULA_OPENING;
const restorer = makeRestorer(loadParser(), loadPunctModel(), values.tagger ? { tagger: readPunctTaggerFile(values.tagger, defaultModelDir()) } : {});
let formulae = 0;
let cut = 0;
let sentencesNotLast = 0;
const shown: string[] = [];
for (const p of ewtParagraphs(values.split as 'train' | 'dev')) {
  if (p.length < 2) continue;
  sentencesNotLast += p.length - 1;
  const words = p.map((s) => dictated([s]).split(' ').filter(Boolean).length);
  const at: number[] = [];
  let w = 0;
  p.forEach((s, k) => {
    w += words[k];
    if (k < p.length - 1 && words[k] <= 6 && FORMULA.test(s)) at.push(w);
  });
  if (at.length === 0) continue;
  const input = dictated(p);
  if (!input) continue;
  const restored = restorer.restore(input);
  const marks = slotMarks(restored);
  for (const j of at) {
    formulae++;
    const ok = (marks[j] ?? []).some((m) => m === '.' || m === '?' || m === '!' || m === '...');
    if (ok) cut++;
    else if (shown.length < Number(values.show)) shown.push(restored.slice(0, 160));
  }
}
console.log(`EWT ${values.split}: ${sentencesNotLast} sentences not last in their paragraph; ${formulae} short formulae among them; restoration cuts after ${cut} (${((100 * cut) / Math.max(1, formulae)).toFixed(0)}%)`);
for (const s of shown) console.log(`  fused: ${s}`);

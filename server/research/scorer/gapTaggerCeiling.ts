/**
 * The linter's BiLSTM gap tagger alone, as a detector of missing commas: at the gold slots of the corrupted items of
 * the set-off kinds (their written commas removed), P(comma); at every gap of the clean part's sentences with no mark
 * written, P(comma). A ceiling for what the tagger's evidence could give those kinds, and its price in clean gaps.
 *
 *   npx tsx server/research/scorer/gapTaggerCeiling.ts --tagger F [--part dev] [--per-kind 150]
 */
import { parseArgs } from 'util';
import { EditedPart } from '../editedEnglish';
import { BENCH_KINDS } from '../corruption/rates';
import { loadSuiteDocuments } from '../corruption/editedSuite';
import { benchItems } from '../corruption/benchItems';
import { GENUINE_SHAPE, shapeOf } from '../corruption/itemShape';
import { BILSTM_MARK_COUNT, readBiLstmTaggerFile } from '../../src/restore/bilstmTagger';
import { neuralGapReading } from '../../src/engine/correction/learned/sideModels';
import * as path from 'path';

const { values: opt } = parseArgs({ options: { tagger: { type: 'string' }, part: { type: 'string', default: 'dev' }, 'per-kind': { type: 'string', default: '150' } } });
const file = opt.tagger!;
const tagger = readBiLstmTaggerFile(file, path.resolve('models/en'));
const docs = loadSuiteDocuments(opt.part as EditedPart);
const kinds = ['relative-clause-comma-missing', 'appositive-comma-missing', 'introductory-comma-missing', 'clause-coordinator-comma-missing', 'aside-closing-comma-missing'];
const items = benchItems(docs, BENCH_KINDS, Number(opt['per-kind']), 1).filter((it) => kinds.includes(it.error));
const TH = [0.3, 0.5, 0.7, 0.8, 0.9, 0.95];
for (const kind of kinds) {
  const ps: number[] = [];
  const firsts: number[] = [];
  for (const it of items) {
    if (it.error !== kind) continue;
    if (GENUINE_SHAPE[kind] && shapeOf(it) !== GENUINE_SHAPE[kind]) continue;
    const r = neuralGapReading(it.corrupted.sentence, tagger);
    let lo = 1, first = -1;
    for (const [slot, g] of [...it.corruption.gold].sort((a, b) => a[0] - b[0])) {
      if (!g[0].includes(',') || slot < 1 || slot >= r.n) continue;
      const p = r.p[(slot - 1) * BILSTM_MARK_COUNT + 1];
      lo = Math.min(lo, p);
      if (first < 0) first = p;
    }
    ps.push(lo);
    firsts.push(first);
  }
  console.log(`${kind}: ${ps.length} items; recall at P(comma) ≥ ${TH.join(' / ')}: every gold comma ${TH.map((t) => (ps.filter((p) => p >= t).length / ps.length).toFixed(3)).join(' / ')}; the first ${TH.map((t) => (firsts.filter((p) => p >= t).length / ps.length).toFixed(3)).join(' / ')}`);
}
let sentences = 0, gaps = 0;
const over = TH.map(() => 0);
for (const d of docs) for (const para of d.sentences) for (const s of para) {
  sentences++;
  const r = neuralGapReading(s.gold.sentence, tagger);
  for (let i = 1; i < r.n; i++) {
    if ((s.gold.sentence.tree.slots[i] ?? []).length > 0) continue;
    gaps++;
    const p = r.p[(i - 1) * BILSTM_MARK_COUNT + 1];
    TH.forEach((t, k) => { if (p >= t) over[k]++; });
  }
}
console.log(`clean: ${sentences} sentences, ${gaps} unmarked gaps; per 1,000 sentences with P(comma) ≥ ${TH.join(' / ')}: ${over.map((c) => ((1000 * c) / sentences).toFixed(1)).join(' / ')}`);

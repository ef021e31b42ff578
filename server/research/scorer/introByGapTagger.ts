/**
 * The linter's BiLSTM gap tagger as the reader of fronted phrases' missing commas (measured, not shipped): at each
 * introductory candidate of the set-off model (`setOffCommas/candidates.ts`) with no comma written, the tagger's
 * P(comma), read off the run-time parse of edited dev as written (clean: would-be findings per 1,000 sentences) and of
 * the benchmark's introductory-comma-missing items (recall at the gold slot).
 *
 *   npx tsx server/research/scorer/introByGapTagger.ts --tagger F [--part dev] [--show P]  (--show: print the written-text slots at or above P)
 */
import * as path from 'path';
import { parseArgs } from 'util';
import { EditedPart } from '../editedEnglish';
import { BENCH_KINDS } from '../corruption/rates';
import { loadSuiteDocuments } from '../corruption/editedSuite';
import { benchItems } from '../corruption/benchItems';
import { loadEngineParts } from '../../src/engine';
import { BILSTM_MARK_COUNT, readBiLstmTaggerFile } from '../../src/restore/bilstmTagger';
import { neuralGapReading } from '../../src/engine/correction/learned/sideModels';
import { setOffCandidates, slotState } from '../../src/engine/setOffCommas/candidates';
import { treeInfo } from '../../src/engine/treeInfo';
import { AnalysedSentence } from '../../src/engine/sentence';

const { values: opt } = parseArgs({ options: { tagger: { type: 'string' }, part: { type: 'string', default: 'dev' }, show: { type: 'string' } } });
const tagger = readBiLstmTaggerFile(opt.tagger!, path.resolve('models/en'));
const analyser = loadEngineParts().analyser!;
const TH = [0.5, 0.6, 0.7, 0.8, 0.9];

/** P(comma) at each empty introductory candidate slot of the sentence, by slot. */
function introSlots(s: AnalysedSentence): Map<number, number> {
  const out = new Map<number, number>();
  const cands = setOffCandidates(s, treeInfo(s.tree)).filter((c) => c.kind === 'introductory' && c.slots.every((i) => slotState(s, i) === 'empty'));
  if (cands.length === 0) return out;
  const r = neuralGapReading(s, tagger);
  for (const c of cands) for (const i of c.slots) if (i >= 1 && i < r.n) out.set(i, r.p[(i - 1) * BILSTM_MARK_COUNT + 1]);
  return out;
}

const docs = loadSuiteDocuments(opt.part as EditedPart);
let sentences = 0;
const clean = TH.map(() => 0);
for (const d of docs)
  for (const para of d.paragraphs)
    for (const s of analyser.parseText(para)) {
      sentences++;
      for (const [i, p] of introSlots(s)) {
        TH.forEach((t, k) => (clean[k] += p >= t ? 1 : 0));
        if (opt.show !== undefined && p >= Number(opt.show)) {
          const at = s.tokens[s.wordTokens[i - 1]].end;
          console.log(`${p.toFixed(2)}\t${para.slice(s.start, at)}⟦,⟧${para.slice(at, s.end)}`);
        }
      }
    }
const items = benchItems(docs, BENCH_KINDS, 150, 1).filter((it) => it.error === 'introductory-comma-missing');
const found = TH.map(() => 0);
let candidate = 0;
for (const it of items) {
  const gold = [...it.corruption.gold.keys()][0];
  const at = it.corrupted.regions[gold].start;
  for (const s of analyser.parseText(it.corrupted.text)) {
    const slot = s.tree.words.findIndex((_, w) => s.tokens[s.wordTokens[w]].end === at) + 1;
    const p = slot > 0 ? introSlots(s).get(slot) : undefined;
    if (p === undefined) continue;
    candidate++;
    TH.forEach((t, k) => (found[k] += p >= t ? 1 : 0));
  }
}
console.log(`${opt.part}: ${sentences} written sentences; ${items.length} introductory items, ${candidate} with a candidate at the gold slot`);
console.log('| P(comma) ≥ | recall | written-text candidates per 1,000 sentences |');
TH.forEach((t, k) => console.log(`| ${t} | ${(found[k] / items.length).toFixed(3)} | ${((1000 * clean[k]) / sentences).toFixed(2)} (${clean[k]}) |`));

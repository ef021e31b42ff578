/**
 * Does the comma-gap model's agreement separate the set-off candidates below their kind's threshold? For each
 * relative-clause and apposition candidate of the dev examples (`examples.ts`: edited dev as written and corrupted;
 * `ewtClean.ts`: EWT dev as written), the set-off model's probability and the comma-gap model's probability of a
 * missing comma at each of its slots (the least of them), on the sentence parsed as the linter parses it. Then, per
 * kind, the trade-off of the set-off threshold alone against "the threshold, or a lower one where the gap model backs
 * every comma at g": clean edited candidates, clean EWT candidates, corrupted hits and wrong ones.
 *
 *   npx tsx server/research/setOffCommas/gapAgreement.ts [--kinds relative,appositive] [--out F]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { loadEngineParts } from '../../src/engine';
import { gapDecision } from '../../src/engine/commaGaps/findings';
import { setOffProbability } from '../../src/engine/setOffCommas/model';
import { examplesFile, SetOffExample } from './examples';
import { ewtCleanFile } from './ewtClean';

const { values: opt } = parseArgs({ options: { kinds: { type: 'string', default: 'relative,appositive' }, out: { type: 'string' } } });

interface Row {
  kind: string;
  where: 'edited' | 'ewt';
  y: number;
  clean: boolean;
  p: number;
  gap: number;
  text: string;
}

function readJsonl(file: string): SetOffExample[] {
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as SetOffExample);
}

function main(): void {
  const parts = loadEngineParts();
  const setOff = parts.kinds?.setOff;
  const gaps = parts.kinds?.gaps;
  if (!setOff || !gaps || !parts.analyser || !parts.model) throw new Error('the set-off and comma-gap models are needed');
  const kinds = new Set(opt.kinds!.split(','));
  const rows: Row[] = [];
  const sources: Array<['edited' | 'ewt', SetOffExample[]]> = [
    ['edited', readJsonl(examplesFile('dev'))],
    ['ewt', readJsonl(ewtCleanFile('dev'))],
  ];
  for (const [where, examples] of sources) {
    for (const e of examples) {
      if (!kinds.has(e.kind)) continue;
      const text = e.text.replace(/⟦,⟧/g, '');
      const ss = parts.analyser.parseText(text);
      if (ss.length !== 1) continue;
      const s = ss[0];
      const prior = parts.model.commaPrior?.(s.tree);
      let gap = 1;
      for (const slot of e.slots) {
        const d = gapDecision(s, gaps, slot, prior);
        gap = Math.min(gap, d && d.head === 'missing' ? d.p : 0);
      }
      rows.push({ kind: e.kind, where, y: e.y, clean: e.source === 'clean', p: setOffProbability(setOff, e.features), gap, text: e.text });
    }
  }
  if (opt.out) fs.writeFileSync(opt.out, rows.map((r) => `${r.kind}\t${r.where}\t${r.clean ? 'clean' : 'corrupted'}\t${r.y}\t${r.p.toFixed(3)}\t${r.gap.toFixed(3)}\t${r.text}`).join('\n') + '\n');
  for (const kind of kinds) {
    const ks = rows.filter((r) => r.kind === kind);
    const tau = setOff.thresholds[kind as keyof typeof setOff.thresholds];
    const count = (pass: (r: Row) => boolean) => {
      const on = ks.filter(pass);
      return {
        clean: on.filter((r) => r.where === 'edited' && r.clean).length,
        ewt: on.filter((r) => r.where === 'ewt').length,
        tp: on.filter((r) => !r.clean && r.y === 1).length,
        fp: on.filter((r) => r.where === 'edited' && !r.clean && r.y === 0).length,
      };
    };
    const show = (name: string, c: ReturnType<typeof count>) => console.log(`  ${name}: clean edited ${c.clean}, clean EWT ${c.ewt}, corrupted TP ${c.tp} FP ${c.fp}`);
    console.log(`${kind} (threshold ${tau}; ${ks.filter((r) => !r.clean && r.y === 1).length} corrupted positives)`);
    for (let t = tau + 0.1; t >= 0.1; t -= 0.04) show(`p ≥ ${t.toFixed(2)}`, count((r) => r.p >= t));
    for (const low of [0.1, 0.15, 0.2, 0.25, 0.3])
      for (const g of [0.5, 0.6, 0.7, 0.8, 0.9]) show(`p ≥ ${tau} or (p ≥ ${low} and gap ≥ ${g})`, count((r) => r.p >= tau || (r.p >= low && r.gap >= g)));
  }
}

main();

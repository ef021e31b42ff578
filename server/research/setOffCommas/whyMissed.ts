/**
 * Why the engine misses the set-off commas the corruption generator takes away: for each corrupted dev (or held-out)
 * item of the three kinds, the punctuation model's candidates on the comma-less parse (`weighedCorrections`, what
 * `puncteme explain --candidates` prints): is there a candidate that writes a comma at every gold slot (the pair as
 * one), one at some gold slot only, or none; and the confidence of the best, against the threshold.
 *
 *   npx tsx server/research/setOffCommas/whyMissed.ts [--part dev] [--per-kind 150]
 */
import { parseArgs } from 'util';
import { loadEngineParts } from '../../src/engine';
import { weighedCorrections } from '../../src/engine/weighedCorrections';
import { loadSuiteDocuments } from '../corruption/editedSuite';
import { benchItems } from '../corruption/benchItems';
import { BENCH_KINDS } from '../corruption/rates';
import { EditedPart } from '../editedEnglish';

const { values: opt } = parseArgs({ options: { part: { type: 'string', default: 'dev' }, 'per-kind': { type: 'string', default: '150' } } });
const KINDS = new Set(['relative-clause-comma-missing', 'appositive-comma-missing', 'introductory-comma-missing']);

function main(): void {
  const parts = loadEngineParts();
  const docs = loadSuiteDocuments(opt.part as EditedPart);
  const items = benchItems(docs, BENCH_KINDS, Number(opt['per-kind']), 1).filter((it) => KINDS.has(it.error));
  const tally = new Map<string, Map<string, number>>();
  const conf = new Map<string, number[]>();
  for (const it of items) {
    const s = parts.analyser!.parseText(it.corrupted.text);
    const gold = [...it.corruption.gold.keys()];
    let outcome = 'sentence split differently';
    if (s.length === 1 && s[0].tree.words.length === it.corrupted.sentence.tree.words.length) {
      const w = weighedCorrections(s[0], parts, it.corrupted.text)!;
      const inserts = w.corrections.filter((c) => c.changes.every((ch) => ch.marks.includes(',')));
      const all = inserts.filter((c) => gold.every((g) => c.changes.some((ch) => ch.slot === g)));
      const some = inserts.filter((c) => c.changes.some((ch) => gold.includes(ch.slot)));
      const best = all[0] ?? some[0];
      outcome = all.length ? 'a candidate writes every gold comma' : some.length ? 'candidates write only some gold commas' : 'no candidate at a gold slot';
      if (best) {
        outcome += best.reported ? ', reported' : ', below threshold';
        const k = `${it.error}`;
        conf.set(k, [...(conf.get(k) ?? []), best.confidence]);
      }
    }
    const t = tally.get(it.error) ?? new Map<string, number>();
    t.set(outcome, (t.get(outcome) ?? 0) + 1);
    tally.set(it.error, t);
  }
  for (const [k, t] of tally) {
    const n = [...t.values()].reduce((a, b) => a + b, 0);
    console.log(`${k} (${n} items):`);
    for (const [o, c] of [...t].sort((a, b) => b[1] - a[1])) console.log(`  ${c}\t${o}`);
    const cs = (conf.get(k) ?? []).sort((a, b) => a - b);
    if (cs.length) console.log(`  confidence of the best gold candidate: median ${cs[Math.floor(cs.length / 2)].toFixed(3)}, 90th percentile ${cs[Math.floor(0.9 * cs.length)].toFixed(3)}`);
  }
}

main();

/**
 * How well a punctuation model's Δ alone tells right edits from wrong ones, per kind of edit: the AUC of Δ over the
 * labelled candidates `bench:lint --fit --fit-cache DIR` stored (`calibrationFit.ts`), for two models side by side.
 * A calibration maps Δ monotonically per kind (Platt, then isotonic), so it cannot raise a kind's AUC of Δ: where a
 * model's AUC is lower on the same candidates, no refit of the calibration recovers the difference (a model cause).
 *
 *   npx tsx server/research/eval/deltaSeparation.ts LABELLED_A.json LABELLED_B.json
 */
import * as fs from 'fs';

interface Row {
  c: { delta: number; key: string };
  y: number;
}

/** AUC of `score` for positives against negatives (ties count half), by sorting. */
export function auc(pos: number[], neg: number[]): number {
  if (!pos.length || !neg.length) return NaN;
  const all = [...pos.map((s) => [s, 1] as const), ...neg.map((s) => [s, 0] as const)].sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j][0] === all[i][0]) j++;
    const mid = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (all[k][1] === 1) rankSum += mid;
    i = j;
  }
  return (rankSum - (pos.length * (pos.length + 1)) / 2) / (pos.length * neg.length);
}

function byKind(file: string): Map<string, { pos: number[]; neg: number[] }> {
  const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as Row[];
  const out = new Map<string, { pos: number[]; neg: number[] }>();
  for (const r of rows) {
    const k = out.get(r.c.key) ?? { pos: [], neg: [] };
    (r.y ? k.pos : k.neg).push(r.c.delta);
    out.set(r.c.key, k);
  }
  return out;
}

if (require.main === module) {
  const [a, b] = process.argv.slice(2);
  if (!a || !b) throw new Error('usage: deltaSeparation.ts LABELLED_A.json LABELLED_B.json');
  const A = byKind(a);
  const B = byKind(b);
  console.log('| kind of edit | A: right / wrong, AUC of Δ | B: right / wrong, AUC of Δ |\n| --- | --- | --- |');
  for (const key of [...new Set([...A.keys(), ...B.keys()])].sort()) {
    const cell = (m: Map<string, { pos: number[]; neg: number[] }>) => {
      const k = m.get(key);
      return k ? `${k.pos.length} / ${k.neg.length}, ${auc(k.pos, k.neg).toFixed(3)}` : '—';
    };
    console.log(`| ${key} | ${cell(A)} | ${cell(B)} |`);
  }
}

/**
 * Cycle consistency of a comma deletion: for each pair (written sentence with a comma, the same sentence with that
 * comma deleted), the learned scorer's best deletion of that comma in the written sentence and its best insertion of
 * it back in the corrected one. Input: TSV lines `label<TAB>written<TAB>corrected`.
 *
 *   npx tsx server/research/debug/insertBack.ts PAIRS.tsv
 */
import * as fs from 'fs';
import { loadEngineParts } from '../../src/engine';
import { weighedCorrections } from '../../src/engine/weighedCorrections';
import { AnalysedSentence } from '../../src/engine/sentence';

const parts = loadEngineParts();
/** The sentence of `text` around offset `at`, and the slot after the last word ending at or before it. */
function slotAt(text: string, at: number): { s: AnalysedSentence; slot: number } | undefined {
  const s = parts.analyser!.parseText(text).find((x) => x.start <= at && at <= x.end);
  if (!s) return undefined;
  let slot = 0;
  s.tree.words.forEach((_, k) => {
    if (s.tokens[s.wordTokens[k]].end <= at) slot = k + 1;
  });
  return { s, slot };
}
function best(text: string, at: number, wantComma: boolean): { p: number; kind: string } {
  const h = slotAt(text, at);
  if (!h) return { p: NaN, kind: '-' };
  const w = weighedCorrections(h.s, parts, text, { decision: 'learned' })!;
  const c = w.corrections.find((c) => c.changes.some((ch) => ch.slot === h.slot && (wantComma ? ch.marks.includes(',') : !ch.marks.includes(','))));
  return c ? { p: c.confidence, kind: c.kind } : { p: 0, kind: '-' };
}
for (const line of fs.readFileSync(process.argv[2], 'utf8').split('\n')) {
  const [label, written, corrected] = line.split('\t');
  if (!corrected) continue;
  let at = 0;
  while (at < corrected.length && written[at] === corrected[at]) at++;
  const del = best(written, at, false);
  const ins = best(corrected, at, true);
  console.log(`${label}\tdel ${del.p.toFixed(3)} ${del.kind}\tins ${ins.p.toFixed(3)} ${ins.kind}\t${written.slice(Math.max(0, at - 70), at + 30)}`);
}

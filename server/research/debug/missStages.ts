/**
 * Where a missed comma insertion of the edited bench died: for each MISS in a `benchEdited.ts --misses` file whose
 * original has one comma more than the written sentence, the written sentence is weighed alone
 * (`weighedCorrections`) and the gold slot's best candidate, its probability and every stage note at that slot are
 * printed, then counted by the stage that dropped it.
 *
 *   npx tsx server/research/debug/missStages.ts MISSES_FILE [--kind introductory-comma-missing] [--show]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { loadEngineParts } from '../../src/engine';
import { weighedCorrections } from '../../src/engine/weighedCorrections';

const { values: opt, positionals } = parseArgs({ allowPositionals: true, options: { kind: { type: 'string' }, show: { type: 'boolean' }, 'introductory-comma': { type: 'string' } } });
const parts = loadEngineParts();
const blocks = fs.readFileSync(positionals[0], 'utf8').split(/\n(?=\S)/);
const tally = new Map<string, number>();
for (const b of blocks) {
  const [head, ...rest] = b.split('\n');
  const [kind, , verdict] = head.split('\t');
  if (verdict !== 'MISS' || (opt.kind && kind !== opt.kind)) continue;
  const written = rest.find((l) => l.trim().startsWith('written:'))?.replace(/^\s*written:\s*/, '');
  const original = rest.find((l) => l.trim().startsWith('original:'))?.replace(/^\s*original:\s*/, '');
  if (!written || !original) continue;
  let at = 0;
  while (at < written.length && written[at] === original[at]) at++;
  if (original[at] !== ',' || original.slice(at + 1) !== written.slice(at)) {
    tally.set('not one inserted comma', (tally.get('not one inserted comma') ?? 0) + 1);
    continue;
  }
  const sentences = parts.analyser!.parseText(written);
  const s = sentences.find((x) => x.start <= at && at <= x.end);
  if (!s) continue;
  // The slot after the last word that ends at or before the comma's place.
  let slot = 0;
  s.tree.words.forEach((_, k) => {
    const t = s.tokens[s.wordTokens[k]];
    if (t.end <= at) slot = k + 1;
  });
  const w = weighedCorrections(s, parts, written, { ...(opt['introductory-comma'] ? { introductoryComma: opt['introductory-comma'] as 'edited' } : {}) })!;
  const here = w.corrections.filter((c) => c.changes.some((ch) => ch.slot === slot && ch.marks.includes(',')));
  const best = here[0];
  const notes = w.decisions.filter((n) => n.changes.some((ch) => ch.slot === slot && ch.marks.includes(',')));
  const vetoed = w.vetoed.filter((v) => v.changes.some((ch) => ch.slot === slot));
  const lastNote = notes.filter((n) => n.stage !== 'threshold').pop();
  const reason = best?.reported
    ? 'reported alone (the document decided otherwise)'
    : vetoed.length
      ? `guard ${vetoed[0].guard}`
      : lastNote
        ? `${lastNote.stage} ${lastNote.effect}`
        : best
          ? best.confidence >= 0.5
            ? 'threshold (p ≥ 0.5)'
            : 'threshold (p < 0.5)'
          : 'no candidate';
  tally.set(reason, (tally.get(reason) ?? 0) + 1);
  if (opt.show) {
    const words = s.tree.words;
    console.log(`${reason}\t${words[slot - 1]?.form} _ ${words[slot]?.form}\t${best ? `${best.kind} p=${best.confidence.toFixed(3)} Δ=${best.delta.toFixed(2)}` : '-'}\t${written.slice(Math.max(0, at - 60), at + 40)}`);
    for (const n of notes) console.log(`    ${n.stage} ${n.effect} ${n.kind}: ${n.reason}`);
  }
}
for (const [k, v] of [...tally].sort((a, b) => b[1] - a[1])) console.log(`${v}\t${k}`);

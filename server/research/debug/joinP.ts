/**
 * The sentence-join model's most probable join in each sentence of a TSV file's first column (learner sentences, for
 * reading): its kind, probability and the word before it. `PUNCTEME_MODEL_DIR` picks another model directory.
 *
 *   npx tsx server/research/debug/joinP.ts FILE.tsv
 */
import * as fs from 'fs';
import { loadEngineParts } from '../../src/engine';
import { sentenceJoins } from '../../src/engine/sentenceJoins/joins';
const parts = loadEngineParts();
for (const line of fs.readFileSync(process.argv[2], 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue;
  const text = line.split('\t')[0];
  for (const s of parts.analyser!.parseText(text)) {
    const js = sentenceJoins(s, parts.kinds!.joins!);
    const best = js.sort((a, b) => b.p - a.p)[0];
    console.log(best ? `${best.kind} ${best.p.toFixed(3)} @${s.tree.words[best.slot - 1].form}` : '-', '\t', text.slice(0, 100));
  }
}

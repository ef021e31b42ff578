/**
 * Set-off comma candidates of EWT dev as its writers wrote it, for choosing the set-off model's thresholds (`train.ts`
 * reports, per threshold, how many of them would be findings): each sentence's `# text` parsed by the bundled parser as
 * the linter parses it, every candidate labelled 0 (a finding there counts against the model, as `bench:lint
 * --clean-only --clean-split dev` counts it). EWT's writers leave out some of these commas (`corruption/rates.ts`), so
 * a few of these are real errors; the count is the criterion's, as written.
 *
 *   npx tsx server/research/setOffCommas/ewtClean.ts [--split dev]   → /work/cache/edited-english/set-off-v2-ewt-<split>.jsonl
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { loadParser } from '../../src/parser';
import { readTreebank } from '../../src/data/treebank';
import { treeInfo } from '../../src/engine/treeInfo';
import { Reparse } from '../../src/engine/sentence';
import { setOffFeatures } from '../../src/engine/setOffCommas/features';
import { candidatesWithTrials, trialFeatures } from '../../src/engine/setOffCommas/trialCandidates';
import { defaultSilverDir } from '../silverTrees';
import { SetOffExample } from './examples';

export function ewtCleanFile(split: string): string {
  return path.join(defaultSilverDir(), `set-off-v2-ewt-${split}.jsonl`);
}

function main(): void {
  const { values: opt } = parseArgs({ options: { split: { type: 'string', default: 'dev' } } });
  const split = opt.split!;
  if (split === 'test') throw new Error('EWT test is held out: thresholds are never chosen on it');
  const parser = loadParser();
  const reparse: Reparse = (s, commas) => parser.parseWithCommas(s, commas);
  const tb = readTreebank(path.resolve(__dirname, `../../../../shared/data/ud-english-ewt/en_ewt-ud-${split}.conllu`));
  const lines: string[] = [];
  tb.sentences.forEach((sv, k) => {
    for (const [j, s] of parser.parseText(sv.text ?? '').entries()) {
      const info = treeInfo(s.tree);
      for (const r of candidatesWithTrials(s, info, reparse)) {
        const text = (sv.text ?? '').slice(s.start, s.end);
        lines.push(JSON.stringify({ id: `ewt-${split}/${k}/${j}`, kind: r.c.kind, source: 'clean', slots: r.c.slots, y: 0, features: [...setOffFeatures(r.s, r.info, r.c), ...trialFeatures(r)], text, from: r.source } satisfies SetOffExample));
      }
    }
  });
  fs.writeFileSync(ewtCleanFile(split), lines.join('\n') + '\n');
  console.log(`${split}: ${tb.sentences.length} sentences, ${lines.length} candidates written to ${ewtCleanFile(split)}`);
}

if (require.main === module) main();

/**
 * Gap examples of EWT dev as its writers wrote it, for choosing the comma-gap model's thresholds (`train.ts
 * --ewt-clean`): each sentence's `# text` parsed by the bundled parser as the linter would parse it, every gap label
 * 0 (a finding there counts against the model, as `bench:lint --clean-only --clean-split dev` counts it). EWT's
 * writers do make errors, so a few of these "false alarms" are real; the count is the criterion's, as written.
 *
 *   npx tsx server/research/commaGaps/ewtClean.ts [--split dev]   → /work/cache/edited-english/comma-gaps-v<N>-ewt-<split>.jsonl
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { loadEngineParts } from '../../src/engine';
import { readTreebank } from '../../src/data/treebank';
import { defaultSilverDir } from '../silverTrees';
import { GAP_FEATURES_VERSION, GapCopy, gapsOf } from './examples';

export function ewtCleanFile(split: string): string {
  return path.join(defaultSilverDir(), `comma-gaps-v${GAP_FEATURES_VERSION}-ewt-${split}.jsonl`);
}

function main(): void {
  const { values: opt } = parseArgs({ options: { split: { type: 'string', default: 'dev' } } });
  const split = opt.split!;
  if (split === 'test') throw new Error('EWT test is held out: thresholds are never chosen on it');
  const parts = loadEngineParts();
  if (parts.problem || !parts.analyser || !parts.model) throw new Error(`engine: ${parts.problem}`);
  const prior = parts.model.commaPrior?.bind(parts.model);
  const tb = readTreebank(path.resolve(__dirname, `../../../../shared/data/ud-english-ewt/en_ewt-ud-${split}.conllu`));
  const lines: string[] = [];
  tb.sentences.forEach((sv, k) => {
    for (const [j, s] of parts.analyser!.parseText(sv.text ?? '').entries()) {
      lines.push(JSON.stringify({ id: `ewt-${split}/${k}/${j}`, source: 'clean', gold: [], gaps: gapsOf(s, prior, new Set()), text: (sv.text ?? '').slice(s.start, s.end) } satisfies GapCopy));
    }
  });
  fs.writeFileSync(ewtCleanFile(split), lines.join('\n') + '\n');
  console.log(`${split}: ${tb.sentences.length} sentences, ${lines.length} parsed sentences written to ${ewtCleanFile(split)}`);
}

if (require.main === module) main();

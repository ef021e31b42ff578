/**
 * Learner-like documents made from the learner probes (`examples/probes/learner-pairs.tsv`), for the audience
 * decision's dev measures: each of eight documents holds five sentences as a learner wrote them and five others as
 * corrected, in turn (half of its sentences with an error, about what the six learner essays show), and the same
 * counts `documentEvidence.ts` records.
 *
 *   npx tsx server/research/audience/probeEssays.ts --out FILE.jsonl
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { createLinter } from '../../src/engine';
import { lintAsPart } from '../../src/engine/documentPart';
import { registerCounts } from '../../src/engine/correction/learned/documentFeatures';
import { evidenceOf } from './documentEvidence';

export function probeEssays(): Array<{ id: string; text: string; errors: number }> {
  const pairs = fs
    .readFileSync(path.join(__dirname, '../../../examples/probes/learner-pairs.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'))
    .filter(([w, c]) => w !== c);
  const out: Array<{ id: string; text: string; errors: number }> = [];
  for (let d = 0; d * 5 < pairs.length; d++) {
    const wrong = pairs.slice(d * 5, d * 5 + 5).map(([w]) => w);
    const right = [...Array(5).keys()].map((k) => pairs[(d * 5 + 17 + k * 3) % pairs.length][1]);
    const sentences = wrong.flatMap((w, k) => [w, right[k]]);
    out.push({ id: `probes#${d}`, text: sentences.join(' '), errors: wrong.length });
  }
  return out;
}

async function main(): Promise<void> {
  const { values: opt } = parseArgs({ options: { out: { type: 'string' } } });
  if (!opt.out) throw new Error('--out FILE.jsonl is required');
  const linter = await createLinter();
  const lines = probeEssays().map(({ id, text, errors }) => JSON.stringify({ id, source: 'learner', errors, ...evidenceOf(lintAsPart(linter, text)), register: registerCounts(text) }));
  fs.writeFileSync(opt.out, lines.join('\n') + '\n');
}

if (require.main === module) void main();

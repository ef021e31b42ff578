/**
 * The clean EWT findings of a `bench-lint.ts --clean-only --out FILE` run as a findings file `countJudged.ts` reads
 * (document, rule, confidence, the sentence with the edit marked, message), so that clean EWT dev findings are counted
 * against judgements (`ewt-dev-clean.tsv`) as the edited dev ones are, not taken all for false alarms: web writers
 * leave out commas that edited prose writes, and a finding of one is real.
 *
 *   npx tsx server/research/judgements/ewtFindings.ts BENCH.json > FINDINGS.tsv
 *   npx tsx server/research/judgements/countJudged.ts FINDINGS.tsv --judged server/research/judgements/ewt-dev-clean.tsv --sentences 2001
 */
import * as fs from 'fs';
import { sentenceSpan } from '../eval/cleanText';
import { showEdits } from '../corruption/documentText';

interface CleanFinding {
  id: string;
  text: string;
  ruleId: string;
  message?: string;
  confidence?: number;
  edits: Array<{ start: number; end: number; newText: string }>;
}

/** The sentence around the finding's first edit, each of its edits inside that sentence marked ⟦old→new⟧. */
export function markedSentence(f: CleanFinding): string {
  const first = f.edits.reduce((m, e) => Math.min(m, e.start), f.edits.length ? Infinity : 0);
  const [lo, sentenceEnd] = sentenceSpan(f.text, first);
  // A doubled or absorbed mark sits at or just past the sentence's end: the sentence reaches over the edits there.
  let hi = sentenceEnd;
  for (const e of [...f.edits].sort((a, b) => a.start - b.start)) if (e.start <= hi + 2) hi = Math.max(hi, e.end);
  return showEdits(f.text, f.edits, lo, hi).replace(/\s+/g, ' ');
}

function main(file: string): void {
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { clean?: Record<string, { list?: CleanFinding[] }> };
  const system = Object.values(report.clean ?? {})[0];
  if (!system?.list) throw new Error(`${file}: no clean findings list (bench-lint.ts --clean-only --out)`);
  for (const f of system.list) {
    process.stdout.write([f.id, f.ruleId, (f.confidence ?? 0).toFixed(2), markedSentence(f), (f.message ?? '').replace(/\s+/g, ' ')].join('\t') + '\n');
  }
}

if (require.main === module) main(process.argv[2] ?? '');

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
import { sentenceAround } from '../eval/cleanText';

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
  const edits = [...f.edits].sort((a, b) => a.start - b.start);
  if (edits.length === 0) return sentenceAround(f.text, 0);
  const sentence = sentenceAround(f.text, edits[0].start);
  const lo = f.text.indexOf(sentence, Math.max(0, edits[0].start - sentence.length));
  // A doubled or absorbed mark sits at or just past the sentence's end: the sentence reaches over the edits there.
  let hi = lo + sentence.length;
  for (const e of edits) if (e.start <= hi + 2) hi = Math.max(hi, e.end);
  let out = '';
  let at = lo;
  for (const e of edits) {
    if (e.start < at || e.end > hi) continue;
    out += f.text.slice(at, e.start) + `⟦${f.text.slice(e.start, e.end)}→${e.newText}⟧`;
    at = e.end;
  }
  return (out + f.text.slice(at, hi)).replace(/\s+/g, ' ');
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

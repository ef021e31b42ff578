/**
 * Counts a benchmark's clean findings against findings judged by hand, so that "false alarms per 1,000 sentences" is
 * a count, not an estimate: each finding of `--findings FILE` (`benchEdited.ts`) is looked up by its rule and its
 * marked sentence in a judgement file (`edited-dev-clean.tsv`), and the ones no judgement covers are listed to be
 * read (and, once read, added to the file).
 *
 *   npx tsx server/research/judgements/countJudged.ts FINDINGS.tsv [--judged FILE] [--sentences N]
 *
 * The judgement file holds dev findings only: held-out findings are read for the final report, never kept here.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';

export type Verdict = 'real' | 'false' | 'arguable';

/** Judged findings by `rule \t marked sentence`. */
export function readJudgements(file: string): Map<string, Verdict> {
  const out = new Map<string, Verdict>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [verdict, rule, marked] = line.split('\t');
    if (verdict !== 'real' && verdict !== 'false' && verdict !== 'arguable') throw new Error(`${file}: unknown verdict "${verdict}"`);
    out.set(`${rule}\t${marked}`, verdict);
  }
  return out;
}

/** A findings file's findings as `rule \t marked sentence` (its columns: document, rule, confidence, sentence, message). */
export function readFindings(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const [, rule, , marked] = l.split('\t');
      return `${rule}\t${marked}`;
    });
}

export interface JudgedCount {
  real: number;
  false: number;
  arguable: number;
  unjudged: string[];
  /** Per rule: [real, false, arguable, unjudged]. */
  byRule: Map<string, [number, number, number, number]>;
}

export function countJudged(findings: readonly string[], judged: ReadonlyMap<string, Verdict>): JudgedCount {
  const c: JudgedCount = { real: 0, false: 0, arguable: 0, unjudged: [], byRule: new Map() };
  for (const f of findings) {
    const v = judged.get(f);
    const rule = f.split('\t')[0];
    const row = c.byRule.get(rule) ?? [0, 0, 0, 0];
    if (v === undefined) {
      c.unjudged.push(f);
      row[3]++;
    } else {
      c[v]++;
      row[v === 'real' ? 0 : v === 'false' ? 1 : 2]++;
    }
    c.byRule.set(rule, row);
  }
  return c;
}

function main(): void {
  const { values: opt, positionals } = parseArgs({
    allowPositionals: true,
    options: { judged: { type: 'string', default: path.join(__dirname, 'edited-dev-clean.tsv') }, sentences: { type: 'string' } },
  });
  if (positionals.length !== 1) {
    console.error('usage: countJudged.ts FINDINGS.tsv [--judged FILE] [--sentences N]');
    process.exit(2);
  }
  const c = countJudged(readFindings(positionals[0]), readJudgements(opt.judged!));
  const n = opt.sentences ? Number(opt.sentences) : undefined;
  const per = (k: number) => (n ? ` (${((1000 * k) / n).toFixed(2)} per 1,000)` : '');
  console.log(`real ${c.real}${per(c.real)}, false ${c.false}${per(c.false)}, arguable ${c.arguable}, unjudged ${c.unjudged.length}${per(c.unjudged.length)}`);
  console.log('| rule | real | false | arguable | unjudged |\n| --- | ---: | ---: | ---: | ---: |');
  for (const [rule, [r, f, a, u]] of [...c.byRule].sort()) console.log(`| ${rule} | ${r} | ${f} | ${a} | ${u} |`);
  for (const u of c.unjudged) console.log(`unjudged\t${u}`);
}

if (require.main === module) main();

/**
 * Clean prose of genres none of the training or tuning data has (a biography, a theatre review, a science report,
 * fiction, news, a how-to, travel writing, a business letter: `examples/probes/genres/*.md`), and the same texts with
 * one writer's error planted in each copy (`planted.tsv`: a missing comma around a relative clause or an apposition,
 * after an introductory element, or a stray comma between subject and verb). Each document is linted as the CLI lints
 * a Markdown file. A measure only, never tuned on: it shows whether a gain on the project's own sets carries over.
 *
 *   npx tsx scripts/bench-genres.ts [--list] [--decision calibrated|learned]
 *
 * A planted error is found when a finding's range touches the changed words; every other finding in a planted copy,
 * and every finding in a clean text, is counted apart (a false alarm unless a reader calls it a real error).
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { createLinter, Finding, LintOptions } from '../server/src/engine';
import { lintDocument } from '../server/src/prose';

const DIR = path.resolve(__dirname, '../examples/probes/genres');

interface Plant {
  file: string;
  kind: string;
  original: string;
  corrupted: string;
}

function readPlants(): Plant[] {
  return fs
    .readFileSync(path.join(DIR, 'planted.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [file, kind, original, corrupted] = l.split('\t');
      if (corrupted === undefined) throw new Error(`planted.tsv: four TAB-separated fields wanted in "${l}"`);
      return { file, kind, original, corrupted };
    });
}

/** The text with the plant's words replaced, and where the planted words stand. */
export function plant(text: string, p: Plant): { text: string; start: number; end: number } {
  const at = text.indexOf(p.original);
  if (at < 0 || text.indexOf(p.original, at + 1) >= 0) throw new Error(`${p.file}: "${p.original}" must occur exactly once`);
  return { text: text.slice(0, at) + p.corrupted + text.slice(at + p.original.length), start: at, end: at + p.corrupted.length };
}

const show = (text: string, f: Finding) => `${f.ruleId} ${f.confidence.toFixed(2)} ${JSON.stringify(text.slice(Math.max(0, f.start.offset - 40), f.end.offset + 20))}`;

async function main(): Promise<void> {
  const { values: opt } = parseArgs({ options: { list: { type: 'boolean' }, decision: { type: 'string' } } });
  const options: LintOptions = opt.decision === 'learned' || opt.decision === 'calibrated' ? { decision: opt.decision } : {};
  const linter = await createLinter();
  const lint = (text: string) => lintDocument(linter, text, 'markdown', options);
  const lines: string[] = [];
  const byKind = new Map<string, { found: number; all: number }>();
  let others = 0;
  const plants = readPlants();
  for (const p of plants) {
    const { text, start, end } = plant(fs.readFileSync(path.join(DIR, p.file), 'utf8'), p);
    const findings = lint(text);
    const hit = findings.filter((f) => f.start.offset <= end && f.end.offset >= start);
    const k = byKind.get(p.kind) ?? { found: 0, all: 0 };
    byKind.set(p.kind, { found: k.found + (hit.length ? 1 : 0), all: k.all + 1 });
    lines.push(`${hit.length ? 'found ' : 'missed'}  ${p.file} ${p.kind}: ${p.corrupted}${hit.length ? `  (${hit.map((f) => `${f.ruleId} ${f.confidence.toFixed(2)}`).join(', ')})` : ''}`);
    for (const f of findings) if (!hit.includes(f)) lines.push(`  other  ${show(text, f)}`), others++;
  }
  const files = [...new Set(plants.map((p) => p.file))];
  let clean = 0;
  let sentences = 0;
  for (const file of files) {
    const text = fs.readFileSync(path.join(DIR, file), 'utf8');
    sentences += (text.match(/[.!?](?=\s|$)/g) ?? []).length;
    for (const f of lint(text)) lines.push(`clean  ${file}: ${show(text, f)}`), clean++;
  }
  const found = [...byKind.values()].reduce((s, k) => s + k.found, 0);
  console.log(`planted errors found: ${found} of ${plants.length}; ${[...byKind].map(([k, v]) => `${k} ${v.found} of ${v.all}`).join(', ')}`);
  console.log(`other findings in the planted copies: ${others}; findings in the clean texts: ${clean} (about ${sentences} sentences)`);
  if (opt.list) console.log(lines.join('\n'));
}

void main();

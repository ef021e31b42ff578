/**
 * Results must not change when the language server's engine is made smaller or faster. This script records, for a
 * corruption suite built from EWT dev (corrupted and original text of each item, linted end to end with the shipped
 * parser and model), every parse (UPOS, heads, relations), the exact log p(x | T) of every parsed sentence, the MAP
 * underlying bracketing with its exact log-probability, and every finding (confidence to full precision), then
 * compares such a record with another one, bit for bit.
 *
 *   npx tsx scripts/bench-lsp-equivalence.ts --write /tmp/before.json [--limit 300]   (run in the old checkout)
 *   npx tsx scripts/bench-lsp-equivalence.ts --check /tmp/before.json [--limit 300]   (run in the new one)
 *
 * Uses only engine APIs that predate the memory and latency work, so the same file runs in both checkouts.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { parseConllu } from '../server/src/data/conllu';
import { buildSuite } from '../server/research/eval/suite';
import { defaultModelDir, loadEngineParts, makeLinter } from '../server/src/engine';

const { values } = parseArgs({ options: { write: { type: 'string' }, check: { type: 'string' }, limit: { type: 'string' } } });
const DEV = path.resolve(__dirname, '../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu');

interface Record {
  text: string;
  parses: string[];
  logProbs: string[];
  underlying: string[];
  findings: string;
}

function main(): void {
  const limit = Number(values.limit ?? 300);
  const items = buildSuite(parseConllu(fs.readFileSync(DEV, 'utf8'), DEV), { seed: 1 }).slice(0, limit);
  const parts = loadEngineParts(defaultModelDir());
  if (!parts.analyser || !parts.model) throw new Error(`the trained models are needed: ${parts.problem}`);
  const { analyser, model } = parts;
  const linter = makeLinter(parts);
  const records: Record[] = [];
  const t0 = performance.now();
  for (const it of items) {
    for (const text of [it.corrupted.text, it.original.text]) {
      const sentences = analyser.parseText(text);
      const underlying = sentences.map((s) => {
        try {
          const v = model.viterbi(s.tree);
          return `${v.logProb} ${v.bracketing}`;
        } catch (e) {
          return `error: ${(e as Error).message}`;
        }
      });
      records.push({
        text,
        parses: sentences.map((s) => s.tree.words.map((w) => `${w.form}/${w.upos}/${w.head}/${w.deprel}`).join(' ')),
        logProbs: sentences.map((s) => String(model.logProb(s.tree))),
        underlying,
        findings: JSON.stringify(linter.lint(text)),
      });
    }
  }
  const ms = performance.now() - t0;
  console.log(`${records.length} texts (${items.length} suite items) in ${(ms / 1000).toFixed(1)} s; models ${linter.version}`);
  if (values.write) {
    fs.writeFileSync(values.write, JSON.stringify({ version: linter.version, records }));
    console.log(`wrote ${values.write}`);
  }
  if (values.check) {
    const before = JSON.parse(fs.readFileSync(values.check, 'utf8')) as { version: string; records: Record[] };
    if (before.version !== linter.version) throw new Error(`different models: ${before.version} vs ${linter.version}`);
    let differ = 0;
    const fields = ['text', 'parses', 'logProbs', 'underlying', 'findings'] as const;
    records.forEach((r, k) => {
      const b = before.records[k];
      const bad = fields.filter((f) => JSON.stringify(r[f]) !== JSON.stringify(b?.[f]));
      if (bad.length) {
        differ++;
        if (differ <= 5) console.log(`differs (${bad.join(', ')}): ${r.text}\n  before ${JSON.stringify(bad.map((f) => b?.[f]))}\n  after  ${JSON.stringify(bad.map((f) => r[f]))}`);
      }
    });
    if (before.records.length !== records.length) differ++;
    const findings = records.reduce((n, r) => n + (JSON.parse(r.findings) as unknown[]).length, 0);
    console.log(differ ? `${differ} of ${records.length} texts differ` : `identical: ${records.length} texts, ${findings} findings, every parse, log-probability and bracketing bit for bit`);
    if (differ) process.exitCode = 1;
  }
}

main();

/**
 * The graph parser's run-time cost (issue 37), EWT dev only, for a model directory holding `parser-graph.bin.gz`
 * (or any other: it measures whatever `loadParser` loads):
 *
 * - `parse`: tags and parses every dev sentence by its gold tokens once (`eval parser`'s cold pass: a parser fresh from
 *   loading, nothing remembered; with `--warm-train N`, after parsing EWT train's first N sentences untimed, so that
 *   the JIT and the caches filled by content are warm, as the issue's floor asks, and nothing of dev is remembered), and prints sentences per CPU second and per wall second, and a fingerprint of every
 *   tag, head and relation, so that two versions' outputs can be compared exactly; `--out FILE` writes the parses;
 * - `lint`: lints `--limit` dev sentences one a call after `--warm` others (the JIT warm, nothing the parser or the
 *   model remembers by content warm for the timed ones), and prints the CPU time, and a fingerprint of the findings.
 *
 * `--root DIR` runs another checkout's sources (a base to compare against, run alternately with this one).
 *
 *   PUNCTEME_MODEL_DIR=DIR npx tsx scripts/bench-graph-parser.ts parse|lint [--root DIR] [--warm 200] [--limit 300] [--out FILE]
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { root: { type: 'string' }, out: { type: 'string' }, warm: { type: 'string', default: '200' }, limit: { type: 'string', default: '300' }, 'warm-train': { type: 'string', default: '0' } },
});
const mode = positionals[0];
if (mode !== 'parse' && mode !== 'lint') throw new Error('usage: bench-graph-parser.ts parse|lint [--root DIR] [--warm N] [--limit N] [--out FILE]');
const root = path.resolve(values.root ?? path.join(__dirname, '..'));
// EWT beside the repository (`../shared`), as the other benches read it; dev only.
const DEV = path.resolve(__dirname, '../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu');
/* eslint-disable @typescript-eslint/no-require-imports */
const { parseConllu } = require(path.join(root, 'server/src/data/conllu')) as typeof import('../server/src/data/conllu');
/* eslint-enable @typescript-eslint/no-require-imports */
const sentences = parseConllu(fs.readFileSync(DEV, 'utf8'), DEV);
const fingerprint = (lines: string[]) => crypto.createHash('sha1').update(lines.join('\n')).digest('hex').slice(0, 12);
const cpuSeconds = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1e6;

if (mode === 'parse') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { loadParser } = require(path.join(root, 'server/src/parser')) as typeof import('../server/src/parser');
  const parser = loadParser();
  const warmTrain = Number(values['warm-train']);
  if (warmTrain > 0) {
    const TRAIN = path.resolve(__dirname, '../../shared/data/ud-english-ewt/en_ewt-ud-train.conllu');
    for (const s of parseConllu(fs.readFileSync(TRAIN, 'utf8'), TRAIN).slice(0, warmTrain)) parser.parseTokens(s.words.map((w) => w.form));
  }
  const c0 = process.cpuUsage();
  const w0 = process.hrtime.bigint();
  const parses = sentences.map((s) => parser.parseTokens(s.words.map((w) => w.form)));
  const wall = Number(process.hrtime.bigint() - w0) / 1e9;
  const cpu = cpuSeconds(process.cpuUsage(c0));
  const lines = parses.map((p) => p.head.map((h, i) => `${p.upos[i]} ${p.xpos[i]} ${h} ${p.deprel[i]}`).join('\t'));
  console.log(`parse ${root} ${parser.version}${warmTrain ? ` (after ${warmTrain} train sentences)` : ''}: ${sentences.length} sentences, ${(sentences.length / cpu).toFixed(0)} a CPU s, ${(sentences.length / wall).toFixed(0)} a wall s; fingerprint ${fingerprint(lines)}`);
  if (values.out) fs.writeFileSync(values.out, lines.join('\n') + '\n');
} else {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { loadEngineParts, makeLinter } = require(path.join(root, 'server/src/engine')) as typeof import('../server/src/engine');
  const texts = sentences.map((s) => s.text ?? '').filter((t) => t.trim() !== '');
  const warm = Number(values.warm), limit = Number(values.limit);
  const parts = loadEngineParts();
  const warmLinter = makeLinter(parts);
  for (const t of texts.slice(limit, limit + warm)) warmLinter.lint(t);
  const linter = makeLinter(parts);
  const c0 = process.cpuUsage();
  const found = texts.slice(0, limit).map((t) => JSON.stringify(linter.lint(t)));
  const cpu = cpuSeconds(process.cpuUsage(c0));
  console.log(`lint ${root}: ${limit} sentences after ${warm} others, ${cpu.toFixed(2)} CPU s (${((1000 * cpu) / limit).toFixed(2)} ms a sentence); fingerprint ${fingerprint(found)}`);
  if (values.out) fs.writeFileSync(values.out, found.join('\n') + '\n');
}

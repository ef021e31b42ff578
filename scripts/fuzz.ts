/**
 * The long fuzz run: random Unicode, Markdown and LaTeX documents through the whole pipeline (the checks of
 * test/fuzz/fuzzDocuments.ts) for a while, on a seed of your choice. Failing documents are written to a folder so
 * that each can be replayed with `puncteme lint`.
 *
 *   npx tsx scripts/fuzz.ts [--seconds 300] [--seed 1] [--blocks 12] [--out DIR (default: a puncteme-fuzz folder in the temp dir)]
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { createLinter } from '../server/src/engine';
import { ProseKind } from '../server/src/prose';
import { seededRng } from '../server/src/random/seededRng';
import { checkDocument, randomDocument } from '../test/fuzz/fuzzDocuments';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
}

async function main(): Promise<void> {
  const seconds = Number(option('seconds', '300'));
  const seed = Number(option('seed', '1'));
  const maxBlocks = Number(option('blocks', '12'));
  const out = path.resolve(option('out', path.join(os.tmpdir(), 'puncteme-fuzz')));
  const linter = await createLinter();
  const rng = seededRng(seed);
  const kinds: ProseKind[] = ['markdown', 'latex', 'plaintext', 'git-commit'];
  const extension: Record<ProseKind, string> = { markdown: 'md', latex: 'tex', plaintext: 'txt', 'git-commit': 'txt', restructuredtext: 'rst', asciidoc: 'adoc' };
  const deadline = Date.now() + seconds * 1000;
  let documents = 0;
  let failing = 0;
  let slowest = { ms: 0, chars: 0 };
  while (Date.now() < deadline) {
    const kind = kinds[documents % kinds.length];
    const text = randomDocument(rng, kind, 1 + Math.floor(rng() * maxBlocks));
    const t0 = Date.now();
    const problems = checkDocument(linter, text, kind);
    const ms = Date.now() - t0;
    if (ms > slowest.ms) slowest = { ms, chars: text.length };
    if (problems.length) {
      failing++;
      fs.mkdirSync(out, { recursive: true });
      const file = path.join(out, `seed${seed}-doc${documents}.${extension[kind]}`);
      fs.writeFileSync(file, text);
      process.stdout.write(`FAIL ${file}\n  ${problems.slice(0, 3).join('\n  ')}\n`);
    }
    documents++;
  }
  process.stdout.write(`fuzz: seed ${seed}, ${documents} documents in ${seconds} s, ${failing} failing; slowest ${slowest.ms} ms (${slowest.chars} characters)\n`);
  process.exitCode = failing ? 1 : 0;
}

void main();

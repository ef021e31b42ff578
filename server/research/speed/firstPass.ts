/**
 * Is the engine's first pass over unseen text slow because of V8's compilers or because of caches that fill by
 * content? After the language server's warm-up, lints N EWT test sentences in chunks of 30 and prints each chunk's CPU
 * a sentence; `--reverse` lints the same sentences in the opposite order (a cost that follows position is warm-up, one
 * that follows the sentences is their own); `--twice` lints them again, each with a new first word (no memo of whole sentences
 * answers; what remains warm is V8's code and the caches keyed by words and contexts).
 *
 *   npx tsx server/research/speed/firstPass.ts [--n 300] [--reverse] [--twice]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { EngineHost } from '../../src/lsp/engineHost';
import { warmUp } from '../../src/lsp/warmUp';

const { values: opt } = parseArgs({ options: { n: { type: 'string', default: '300' }, reverse: { type: 'boolean' }, twice: { type: 'boolean' } } });

const cpu = (c0: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};

async function main(): Promise<void> {
  const linter = await new EngineHost().load();
  warmUp(linter);
  const test = fs.readFileSync(path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-test.conllu'), 'utf8');
  const all = test.split('\n').filter((l) => l.startsWith('# text = ')).map((l) => l.slice(9)).slice(0, Number(opt.n));
  const sentences = opt.reverse ? [...all].reverse() : all;
  const pass = (label: string) => {
    const chunks: string[] = [];
    for (let i = 0; i < sentences.length; i += 30) {
      const c0 = process.cpuUsage();
      for (const t of sentences.slice(i, i + 30)) linter.lint(label === 'First' ? t : `Then ${t}`);
      chunks.push((cpu(c0) / Math.min(30, sentences.length - i)).toFixed(1));
    }
    console.log(`${label} pass${opt.reverse ? ' (reversed)' : ''}, ms CPU a sentence by 30s: ${chunks.join(' ')}`);
  };
  pass('First');
  // A new first word makes every sentence new to the memos keyed by a sentence's text (a word after a final mark
  // would be a sentence of its own); the memos keyed by words and contexts stay warm.
  if (opt.twice) pass('Second');
}

void main();

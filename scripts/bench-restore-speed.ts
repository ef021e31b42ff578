/**
 * Restoration throughput (issue 37's goal: ≥ 200 sentences/s): restores the first N EWT dev paragraphs as dictation
 * gives them (marks removed, first letters lowered) and prints the CPU time of the restoring alone per sentence.
 * `--root DIR` runs another checkout's sources (a base to compare against, run alternately with this one);
 * `--out FILE` writes the restorations, to check that two versions restore identically; `--samples N`: MBR samples
 * (default the restorer's); `--warm N`: first restores the N paragraphs after them, untimed, so that the timing is of
 * code the JIT has compiled (a language server restores with warm code; a CLI run of a few paragraphs does not);
 * `--cli-v8`: with the V8 interrupt budget `server/bin/puncteme.js` sets, as `puncteme restore` runs (fewer functions
 * optimised on thin feedback and deoptimised again; the same results).
 *
 *   npx tsx scripts/bench-restore-speed.ts [--paragraphs 40] [--root DIR] [--out FILE] [--samples N] [--warm N] [--cli-v8]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import * as v8 from 'v8';

const { values } = parseArgs({ options: { paragraphs: { type: 'string', default: '40' }, root: { type: 'string' }, out: { type: 'string' }, samples: { type: 'string' }, warm: { type: 'string', default: '0' }, 'cli-v8': { type: 'boolean', default: false } } });
// Before any of the restorer's code runs: the flags bin/puncteme.js sets, read from it (V8's flags are the process's).
if (values['cli-v8']) {
  const bin = fs.readFileSync(path.join(__dirname, '../server/bin/puncteme.js'), 'utf8');
  const flags = /setFlagsFromString\('([^']+)'\)/.exec(bin)?.[1];
  if (!flags) throw new Error('server/bin/puncteme.js sets no V8 flags to copy');
  v8.setFlagsFromString(flags);
}
const root = path.resolve(values.root ?? path.join(__dirname, '..'));
/* eslint-disable @typescript-eslint/no-require-imports */
const { loadPunctModel } = require(path.join(root, 'server/src/model')) as typeof import('../server/src/model');
const { loadParser } = require(path.join(root, 'server/src/parser')) as typeof import('../server/src/parser');
const { makeRestorer } = require(path.join(root, 'server/src/restore')) as typeof import('../server/src/restore');
const { dictated, ewtParagraphs } = require(path.join(root, 'test/restore/corpus')) as typeof import('../test/restore/corpus');
/* eslint-enable @typescript-eslint/no-require-imports */

const restorer = makeRestorer(loadParser(), loadPunctModel(), values.samples === undefined ? {} : { samples: Number(values.samples) });
const all = ewtParagraphs('dev');
const paragraphs = all.slice(0, Number(values.paragraphs));
restorer.restore(dictated(paragraphs[paragraphs.length - 1])); // compiled before timing
for (const p of all.slice(paragraphs.length, paragraphs.length + Number(values.warm))) restorer.restore(dictated(p));
const c0 = process.cpuUsage();
let sentences = 0;
const restored: string[] = [];
for (const p of paragraphs) {
  sentences += p.length;
  restored.push(restorer.restore(dictated(p)));
}
const c = process.cpuUsage(c0);
const seconds = (c.user + c.system) / 1e6;
console.log(`${root}: ${sentences} sentences, ${((1000 * seconds) / sentences).toFixed(2)} ms CPU a sentence, ${(sentences / seconds).toFixed(0)} sentences/s`);
if (values.out) fs.writeFileSync(values.out, restored.join('\n') + '\n');

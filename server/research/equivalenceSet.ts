/**
 * Writes the equivalence set a refactoring is checked on: the same findings before and after (`lint -f json`, compared
 * byte for byte). It holds the edited-english *dev* documents (index % 10 == 8) of every source, each source's file cut
 * at the document that passes `--max-chars`, and the text of every EWT dev sentence, one paragraph each: prose the
 * linter must leave alone and web writing it reports on. Never tuned on: it only asks "did anything change?".
 *
 *     npx tsx server/research/equivalenceSet.ts OUT_DIR [--max-chars 100000]
 *     node dist/cli.js lint -j 1 --format json OUT_DIR > before.json   (and after, then cmp)
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { readEditedEnglish } from './editedEnglish';

const { values, positionals } = parseArgs({ options: { 'max-chars': { type: 'string' } }, allowPositionals: true });
const out = positionals[0];
if (!out) throw new Error('usage: equivalenceSet.ts OUT_DIR [--max-chars N]');
const maxChars = Number(values['max-chars'] ?? 100_000);
fs.mkdirSync(out, { recursive: true });

const bySource = new Map<string, string[]>();
for (const d of readEditedEnglish(undefined, ['dev'])) {
  const docs = bySource.get(d.source) ?? [];
  const written = docs.reduce((n, t) => n + t.length, 0);
  if (written < maxChars) docs.push(d.paragraphs.join('\n\n') + '\n\n');
  bySource.set(d.source, docs);
}
for (const [source, docs] of bySource) fs.writeFileSync(path.join(out, `${source}.txt`), docs.join(''));

const ewt = path.resolve(__dirname, '../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu');
const sentences = fs
  .readFileSync(ewt, 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('# text = '))
  .map((l) => l.slice('# text = '.length).trim());
fs.writeFileSync(path.join(out, 'ewt-dev.txt'), sentences.join('\n\n') + '\n');
console.log(`${out}: ${bySource.size} edited-english sources, ${sentences.length} EWT dev sentences`);

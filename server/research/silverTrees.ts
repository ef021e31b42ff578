/**
 * Silver trees of edited-english: every paragraph parsed by the bundled parser (the run-time tokenizer, tagger,
 * parser and repairs), written as JSON lines of `SilverSentence`, one file per part, under a cache directory outside
 * the repository (`/work/cache/edited-english` or `PUNCTEME_CACHE`/edited-english). The parser version is written
 * beside them; a consumer that finds another version should regenerate.
 *
 *   npx tsx server/research/silverTrees.ts [--parts train,dev,heldout] [--out DIR]
 */
import * as fs from 'fs';
import * as path from 'path';
import * as readline from 'readline';
import { parseArgs } from 'util';
import type { PunctuatedTree } from '../src/data/depunct';
import { loadParser } from '../src/parser';
import { EditedPart, readEditedEnglish } from './editedEnglish';

export interface SilverSentence {
  source: string;
  doc: number;
  par: number;
  /** The sentence's text as written (a span of the paragraph). */
  text: string;
  tree: PunctuatedTree;
}

export function defaultSilverDir(): string {
  return path.join(process.env.PUNCTEME_CACHE ?? '/work/cache', 'edited-english');
}

export function silverFile(part: EditedPart, dir = defaultSilverDir()): string {
  return path.join(dir, `silver-${part}.jsonl`);
}

/** Streams the silver sentences of one part. */
export async function* readSilver(part: EditedPart, dir = defaultSilverDir()): AsyncGenerator<SilverSentence> {
  const file = silverFile(part, dir);
  if (!fs.existsSync(file)) throw new Error(`no silver trees at ${file}: run npx tsx server/research/silverTrees.ts`);
  const rl = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of rl) if (line) yield JSON.parse(line) as SilverSentence;
}

/** All silver trees of one part, read synchronously (a part fits in memory: about 60k trees for train). */
export function readSilverTrees(part: EditedPart, dir = defaultSilverDir()): SilverSentence[] {
  const file = silverFile(part, dir);
  if (!fs.existsSync(file)) throw new Error(`no silver trees at ${file}: run npx tsx server/research/silverTrees.ts`);
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SilverSentence);
}

function main(): void {
  const { values } = parseArgs({
    options: { parts: { type: 'string', default: 'train,dev,heldout' }, out: { type: 'string', default: defaultSilverDir() } },
  });
  const parts = values.parts!.split(',') as EditedPart[];
  const out = values.out!;
  fs.mkdirSync(out, { recursive: true });
  const parser = loadParser();
  const t0 = Date.now();
  for (const part of parts) {
    const docs = readEditedEnglish(undefined, [part]);
    const tmp = silverFile(part, out) + '.tmp';
    const fd = fs.openSync(tmp, 'w');
    let sentences = 0;
    let words = 0;
    for (const d of docs) {
      d.paragraphs.forEach((p, par) => {
        for (const s of parser.parseText(p)) {
          if (s.notes?.length) continue; // split pieces and non-English text are not sentences to learn from
          const rec: SilverSentence = { source: d.source, doc: d.index, par, text: p.slice(s.start, s.end), tree: s.tree };
          fs.writeSync(fd, JSON.stringify(rec) + '\n');
          sentences++;
          words += s.tree.words.length;
        }
      });
    }
    fs.closeSync(fd);
    fs.renameSync(tmp, silverFile(part, out));
    console.log(`${part}: ${docs.length} documents, ${sentences} sentences, ${words} words (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  fs.writeFileSync(path.join(out, 'PARSER_VERSION'), parser.version + '\n');
}

if (require.main === module) main();

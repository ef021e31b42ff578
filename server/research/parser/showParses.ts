/**
 * Each sentence's words with their XPOS, head and relation as the parser of each model directory reads them (the
 * shipped pipeline: tokeniser, tagger, parser, labeller and repairs), for reading known misparses before and after a
 * model change (issue 34: `seeks` after a subject's apposition, `lit` in a verb series, `Nowadays` hung on a noun).
 * Sentences come from the command line after `--`, or one a line from a file given with `--file`.
 *
 *   npx tsx server/research/parser/showParses.ts DIR [DIR…] -- "Sentence one." "Sentence two."
 *   npx tsx server/research/parser/showParses.ts DIR [DIR…] --file FILE
 */
import * as fs from 'fs';
import { loadParser } from '../../src/parser';

function main(): void {
  const args = process.argv.slice(2);
  const dash = args.indexOf('--');
  const fileAt = args.indexOf('--file');
  const dirs = args.slice(0, dash >= 0 ? dash : fileAt >= 0 ? fileAt : args.length);
  const sentences =
    dash >= 0 ? args.slice(dash + 1) : fileAt >= 0 ? fs.readFileSync(args[fileAt + 1], 'utf8').split('\n').filter((l) => l.trim()) : [];
  if (!dirs.length || !sentences.length) throw new Error('usage: showParses.ts DIR [DIR…] (-- SENTENCE… | --file FILE)');
  const parsers = dirs.map((d) => loadParser(d));
  for (const text of sentences) {
    console.log(`\n${text}`);
    parsers.forEach((p, k) => {
      const cells = p.parseText(text).flatMap((s) =>
        s.tree.words.map((w) => `${w.form}/${w.xpos}→${w.head === 0 ? 'ROOT' : s.tree.words[w.head - 1].form}:${w.deprel}`),
      );
      console.log(`  [${k + 1}] ${cells.join(' ')}`);
    });
  }
}

main();

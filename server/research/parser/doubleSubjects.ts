/**
 * Sentences whose parse gives one word two subjects, a tree UD never allows (EWT's gold trees: none in dev) and the
 * parser's commonest ill-formed reading of edited prose: the noun phrase after a comma read as a second subject
 * ("Lisbon, the capital of Portugal, is built": `Lisbon` and `capital` both subjects of `built`), or a compound split
 * in two ("Web analytics programs collect"). The share of edited-english dev sentences so parsed, with a given parser
 * model, and the first few for reading. A parser-free check of the parse's well-formedness on text with no gold trees.
 *
 *   npx tsx server/research/parser/doubleSubjects.ts [--model DIR] [--part dev] [--limit N] [--show 10]
 */
import { parseArgs } from 'util';
import { loadParser } from '../../src/parser/index';
import { readEditedEnglish } from '../editedEnglish';
import type { EditedPart } from '../editedEnglish';

const { values: opt } = parseArgs({ options: { model: { type: 'string' }, part: { type: 'string', default: 'dev' }, limit: { type: 'string' }, show: { type: 'string', default: '10' } } });

function main(): void {
  const parser = loadParser(opt.model);
  const limit = opt.limit ? Number(opt.limit) : Infinity;
  let sentences = 0;
  let doubled = 0;
  const shown: string[] = [];
  outer: for (const doc of readEditedEnglish(undefined, [opt.part as EditedPart])) {
    for (const paragraph of doc.paragraphs) {
      for (const s of parser.parseText(paragraph)) {
        if (sentences >= limit) break outer;
        sentences++;
        const subjects = new Map<number, number>();
        for (const w of s.tree.words) if (/^nsubj/.test(w.deprel)) subjects.set(w.head, (subjects.get(w.head) ?? 0) + 1);
        if (![...subjects.values()].some((c) => c > 1)) continue;
        doubled++;
        if (shown.length < Number(opt.show)) shown.push(s.tree.words.map((w, i) => (/^nsubj/.test(w.deprel) && (subjects.get(w.head) ?? 0) > 1 ? `[${w.form}→${w.head}]` : w.form)).join(' '));
      }
    }
  }
  console.log(`${opt.part}: ${doubled} of ${sentences} sentences (${((100 * doubled) / Math.max(1, sentences)).toFixed(2)}%) have a word with two subjects`);
  for (const x of shown) console.log(`  ${x}`);
}

main();

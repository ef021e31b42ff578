/**
 * How often a parser reads a word before a written comma as the subject of a verb after it (`nsubj` with the comma
 * between them) where the gold tree does not: the misreading behind the linter's false subject–verb deletions
 * (`Respect your peers⟦,⟧ use plain language, be patient, …`). EWT dev, gold tokens, as written; the parser of the
 * model directory (with `parser-graph.bin.gz` beside it, the graph parser; `PUNCTEME_GRAPH_PARSER_OFF=1`, the
 * transition parser).
 *
 *   PUNCTEME_MODEL_DIR=DIR npx tsx server/research/parser/subjectsAcrossCommas.ts [--examples N]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { parseConllu } from '../../src/data/conllu';
import { defaultModelDir, loadParser } from '../../src/parser';

const { values: opt } = parseArgs({ options: { examples: { type: 'string', default: '8' } } });
const EWT_DEV = path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu');
const parser = loadParser(process.env.PUNCTEME_MODEL_DIR ?? defaultModelDir());
const sentences = parseConllu(fs.readFileSync(EWT_DEV, 'utf8'), EWT_DEV);
const isSubject = (rel: string) => rel.startsWith('nsubj') || rel.startsWith('csubj');
let predicted = 0, right = 0, gold = 0;
const examples: string[] = [];
for (const s of sentences) {
  const forms = s.words.map((w) => w.form);
  const p = parser.parseTokens(forms);
  // Word d (0-based) and its head h (1-based): the head after it, a comma token between them.
  const across = (d: number, h: number) => h - 1 > d && forms.slice(d + 1, h - 1).includes(',');
  for (let d = 0; d < forms.length; d++) {
    const g = s.words[d];
    if (isSubject(g.deprel) && across(d, g.head)) gold++;
    const ph = p.head[d];
    if (isSubject(p.deprel[d]) && across(d, ph)) {
      predicted++;
      const ok = g.head === ph && isSubject(g.deprel);
      if (ok) right++;
      else if (examples.length < Number(opt.examples)) examples.push(`${forms.slice(0, ph).join(' ')} ‹${forms[d]} → ${forms[ph - 1]}›`);
    }
  }
}
// The whole version: the graph parser's name is at its end.
console.log(`${parser.version}: subjects read across a written comma ${predicted}, right ${right} (precision ${(right / Math.max(1, predicted)).toFixed(3)}); gold subjects across a comma ${gold}`);
for (const e of examples) console.log(`  ${e}`);

/**
 * The marked verbs of `new-genre-verbs.tsv` (sentences written for issue 34 in genres EWT lacks: a subject's
 * apposition or relative clause before its verb, recipes' imperatives, fiction's verb series), tagged by each model
 * given, read as users' text is (tokeniser, then `slotSentence`). Prints each marked word's XPOS per model and how
 * many are right.
 *
 *   npx tsx server/research/tagger/newGenreVerbs.ts [--file TSV] MODEL[@W] [MODEL[@W]…]
 *
 * `--file TSV`: another set in the same format (`docs-verbs.tsv`: the imperatives and API descriptions of
 * documentation).
 *
 * `@W`: a refined model's tagger with W as the weight of the first passes' scores (`Tagger.firstWeight`); `@first`:
 * its first passes alone.
 */
import * as fs from 'fs';
import * as path from 'path';
import { modelOfSpec } from './modelSpec';
import { clusterLookup } from '../../src/parser/dependencyParser';
import { encodeSentence } from '../../src/parser/encoding';
import { slotSentence } from '../../src/parser/sentenceBuilder';
import { tokenizeText } from '../../src/tokenize';

const args = process.argv.slice(2);
const fileAt = args.indexOf('--file');
const set = fileAt >= 0 ? path.resolve(args.splice(fileAt, 2)[1]) : path.join(__dirname, 'new-genre-verbs.tsv');
const files = args;
if (!files.length) throw new Error('usage: newGenreVerbs.ts [--file TSV] MODEL[@W] [MODEL[@W]…]');
const models = files.map(modelOfSpec);
const lines = fs
  .readFileSync(set, 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'));
const right = models.map(() => 0);
let marked = 0;
for (const line of lines) {
  const [text, marks] = line.split('\t');
  const s = slotSentence(tokenizeText(text)[0].tokens);
  const tagged = models.map((m) => m.tagger.tag(encodeSentence(s, clusterLookup(m.clusters))));
  const cells: string[] = [];
  for (const mark of marks.trim().split(/\s+/)) {
    const [word, gold] = mark.split('=');
    const i = s.forms.indexOf(word);
    if (i < 0) throw new Error(`"${word}" is not a word of: ${text}`);
    marked++;
    const tags = tagged.map((t, k) => models[k].tagger.tags.xpos[t.xpos[i]]);
    tags.forEach((t, k) => (right[k] += t === gold ? 1 : 0));
    cells.push(`${word}=${gold}: ${tags.map((t) => (t === gold ? t : `*${t}`)).join(' → ')}`);
  }
  console.log(`${text}\n    ${cells.join('; ')}`);
}
console.log(`\nmarked words right: ${files.map((f, k) => `${path.basename(f)} ${right[k]}/${marked}`).join(', ')}`);

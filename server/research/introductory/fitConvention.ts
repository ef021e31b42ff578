/**
 * The edited-prose convention for introductory commas (`engine/correction/style/introductoryConvention.ts`) counted on
 * edited English instead of web English: for each description of an introductory element, the share of edited
 * writers who put the comma, read off the silver trees of edited-english train (`silverTrees.ts`) as written.
 *
 * Why: the shipped table was read off EWT train, whose web writers leave this comma out 21–36% of the time, so
 * descriptions that edited prose sets off nearly always ("When …," 95% of edited-english's sentence-opening "When"
 * sentences have a comma; EWT's writers 54%) fall below the table's share and a document's own habit of writing them
 * is not counted. Silver trees are the parser's: an omitted comma can misparse the element so that it is not found,
 * which biases a share upward; `--with-ewt` adds EWT train's gold counts to temper that.
 *
 *   npx tsx server/research/introductory/editedConvention.ts [--with-ewt] [--min-count 10] [--min-share 0.75] --out FILE
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { readSilverTrees } from '../silverTrees';
import { readTreebank } from '../../src/data/treebank';
import { depunctuate } from '../../src/data/depunct';
import { treeInfo } from '../../src/engine/treeInfo';
import { conventionCovers, countConvention, ConventionCount, IntroductoryConvention } from '../../src/engine/correction/style/introductoryConvention';

const { values: opt } = parseArgs({
  options: {
    'with-ewt': { type: 'boolean' },
    'min-count': { type: 'string', default: '10' },
    'min-share': { type: 'string', default: '0.75' },
    out: { type: 'string' },
    data: { type: 'string', default: path.join(__dirname, '../../../../shared/data/ud-english-ewt') },
  },
});
if (!opt.out) throw new Error('--out FILE is required');

const silver = readSilverTrees('train').map((s) => ({ tree: s.tree, info: treeInfo(s.tree) }));
const counts: Record<string, ConventionCount> = countConvention(silver);
let ewtTrees = 0;
if (opt['with-ewt']) {
  const tb = readTreebank(path.join(opt.data, 'en_ewt-ud-train.conllu'));
  const gold = tb.sentences.flatMap((s) => {
    const d = depunctuate(s);
    return d.ok ? [{ tree: d.tree, info: treeInfo(d.tree) }] : [];
  });
  ewtTrees = gold.length;
  for (const [k, c] of Object.entries(countConvention(gold))) {
    const t = (counts[k] ??= { n: 0, comma: 0 });
    t.n += c.n;
    t.comma += c.comma;
  }
}
const conv: IntroductoryConvention = { minCount: Number(opt['min-count']), minShare: Number(opt['min-share']), counts };
conv.note = `edited-english train as written (silver trees, ${silver.length})${opt['with-ewt'] ? ` + EWT train as written (gold, ${ewtTrees})` : ''}, min count ${conv.minCount}, min share ${conv.minShare}, ${new Date().toISOString().slice(0, 10)}`;
const rows = Object.entries(counts)
  .filter(([, c]) => c.n >= conv.minCount)
  .sort(([a], [b]) => a.localeCompare(b));
for (const [k, c] of rows) console.log(`${conventionCovers(conv, [k]) ? 'covered' : '       '}  ${k.padEnd(28)} ${String(c.comma).padStart(5)} / ${String(c.n).padEnd(5)} ${(c.comma / c.n).toFixed(2)}`);
fs.writeFileSync(opt.out, JSON.stringify(conv) + '\n');
console.log(`${rows.length} descriptions with ≥ ${conv.minCount} elements; ${conv.note}; written to ${opt.out}`);

/**
 * Fits the edited-prose convention for introductory commas (`engine/correction/style/introductoryConvention.ts`): for
 * each description of an introductory element, the share of writers who put the comma, counted on trees as written.
 * The shipped table (`npm run train:introductory`) is counted on edited English: the silver trees of edited-english
 * train (`silverTrees.ts`).
 *
 * Why edited English: EWT train's web writers leave this comma out 21–36% of the time, so descriptions that edited
 * prose sets off nearly always ("When …," 95% of edited-english's sentence-opening "When" sentences have a comma;
 * EWT's writers 54%) fall below the table's share, and a document's own habit of writing them is not counted. Silver
 * trees are the parser's: an omitted comma can misparse the element so that it is not found, which biases a share
 * upward; `--source both` adds EWT train's gold counts to temper that, `--source ewt` is the table as it was before.
 * Never reads dev or test: which descriptions it covers is the train share alone.
 *
 *   npx tsx server/research/introductory/fitConvention.ts [--source edited|ewt|both] [--min-count 10] [--min-share 0.75] --out FILE
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
    source: { type: 'string', default: 'edited' },
    'min-count': { type: 'string', default: '10' },
    'min-share': { type: 'string', default: '0.75' },
    out: { type: 'string' },
    data: { type: 'string', default: path.join(__dirname, '../../../../shared/data/ud-english-ewt') },
  },
});
if (!opt.out) throw new Error('--out FILE is required');
if (!['edited', 'ewt', 'both'].includes(opt.source!)) throw new Error('--source: edited, ewt or both');

const counts: Record<string, ConventionCount> = {};
const parts: string[] = [];
function add(trees: Parameters<typeof countConvention>[0]): void {
  for (const [k, c] of Object.entries(countConvention(trees))) {
    const t = (counts[k] ??= { n: 0, comma: 0 });
    t.n += c.n;
    t.comma += c.comma;
  }
}
if (opt.source !== 'ewt') {
  const silver = readSilverTrees('train').map((s) => ({ tree: s.tree, info: treeInfo(s.tree) }));
  add(silver);
  parts.push(`edited-english train as written (silver trees, ${silver.length})`);
}
if (opt.source !== 'edited') {
  const gold = readTreebank(path.join(opt.data!, 'en_ewt-ud-train.conllu')).sentences.flatMap((s) => {
    const d = depunctuate(s);
    return d.ok ? [{ tree: d.tree, info: treeInfo(d.tree) }] : [];
  });
  add(gold);
  parts.push(`EWT train as written (gold, ${gold.length})`);
}
const conv: IntroductoryConvention = { minCount: Number(opt['min-count']), minShare: Number(opt['min-share']), counts };
conv.note = `${parts.join(' + ')}, min count ${conv.minCount}, min share ${conv.minShare}, ${new Date().toISOString().slice(0, 10)}`;
const rows = Object.entries(counts)
  .filter(([, c]) => c.n >= conv.minCount)
  .sort(([a], [b]) => a.localeCompare(b));
for (const [k, c] of rows) console.log(`${conventionCovers(conv, [k]) ? 'covered' : '       '}  ${k.padEnd(28)} ${String(c.comma).padStart(5)} / ${String(c.n).padEnd(5)} ${(c.comma / c.n).toFixed(2)}`);
fs.writeFileSync(opt.out, JSON.stringify(conv) + '\n');
console.log(`${rows.length} descriptions with ≥ ${conv.minCount} elements; ${conv.note}; written to ${opt.out}`);

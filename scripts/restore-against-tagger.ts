/**
 * Where default restoration and the punctuation tagger alone disagree, and which of them the text agrees with
 * (issue #31: the tagger alone restored with a lower AED than the whole pipeline). Dev sets only.
 *
 *   npx tsx scripts/restore-against-tagger.ts --set edited-dev|ewt-dev [--limit 400] [--examples 5]
 *
 * Prints, over the slots where the two write different marks, the count of each (gold, pipeline, tagger) triple with
 * the edit distance each is off by, most frequent first, and a few examples of the commonest triples.
 */
import { parseArgs } from 'util';
import { loadParser } from '../server/src/parser';
import { loadPunctModel, defaultModelDir } from '../server/src/model';
import { editDistance } from '../server/src/model/sample';
import { makeRestorer } from '../server/src/restore';
import { bestMarks, loadPunctTagger, MARKS } from '../server/src/restore/punctTagger';
import { dictated, editedParagraphs, ewtParagraphs, slotMarks, spread } from '../test/restore/corpus';

const { values } = parseArgs({ options: { set: { type: 'string', default: 'edited-dev' }, limit: { type: 'string', default: '400' }, examples: { type: 'string', default: '3' } } });
if (!/dev$/.test(values.set!)) throw new Error('dev sets only');
const paragraphs: string[][] = values.set === 'ewt-dev' ? ewtParagraphs('dev') : editedParagraphs('dev').map((p) => [p.text]);
const limit = Number(values.limit);
// The paragraphs `bench-restore.ts --set … --limit` scores.
const chosen = spread(paragraphs, limit);

const parser = loadParser();
const restorer = makeRestorer(parser, loadPunctModel());
const tagger = loadPunctTagger(defaultModelDir());
if (!tagger) throw new Error('no tagger');
const triples = new Map<string, { n: number; pipelineOff: number; taggerOff: number; examples: string[] }>();
let pipelineTotal = 0, taggerTotal = 0;
for (const p of chosen) {
  const input = dictated(p);
  const gold = slotMarks(p.join(' '));
  if (!input || gold.length !== input.split(' ').length + 1) continue;
  const words = input.split(' ');
  const fromPipeline = slotMarks(restorer.restore(input));
  const fromTagger = slotMarks(bestMarks(tagger, words).map((y, i) => words[i] + MARKS[y]).join(' '));
  gold.forEach((g, i) => {
    const a = fromPipeline[i], b = fromTagger[i];
    const da = editDistance(g, a), db = editDistance(g, b);
    pipelineTotal += da;
    taggerTotal += db;
    if (a.join(' ') === b.join(' ')) return;
    const key = `gold [${g.join(' ')}] pipeline [${a.join(' ')}] tagger [${b.join(' ')}]`;
    const t = triples.get(key) ?? { n: 0, pipelineOff: 0, taggerOff: 0, examples: [] };
    t.n++;
    t.pipelineOff += da;
    t.taggerOff += db;
    if (t.examples.length < Number(values.examples)) t.examples.push(`${words.slice(Math.max(0, i - 6), i).join(' ')} ⟦${g.join('')}⟧ ${words.slice(i, i + 4).join(' ')}`);
    triples.set(key, t);
  });
}
console.log(`${values.set}: ${chosen.length} paragraphs; edits off the text: pipeline ${pipelineTotal}, tagger alone ${taggerTotal}`);
const rows = [...triples].sort((x, y) => Math.abs(y[1].pipelineOff - y[1].taggerOff) - Math.abs(x[1].pipelineOff - x[1].taggerOff) || y[1].n - x[1].n);
for (const [k, t] of rows.slice(0, 30)) {
  console.log(`${String(t.n).padStart(4)}  pipeline ${t.pipelineOff} tagger ${t.taggerOff}  ${k}`);
  for (const e of t.examples) console.log(`        ${e}`);
}

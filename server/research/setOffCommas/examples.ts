/**
 * Examples for the set-off comma model (`engine/setOffCommas/`), from the silver trees of one edited-english part:
 * - every candidate (`candidates.ts`) of each sentence as the editor wrote it: the editor left those commas out, so
 *   label 0 (restrictive clauses, appositions like "the poet Keats", fronted phrases written without a comma);
 * - every way the corruption generator (`eval/corrupt.ts`, the benchmark's own) takes away the commas of a
 *   non-restrictive relative clause, an apposition or an introductory phrase: the comma-less sentence is parsed again
 *   by the bundled parser, as the linter would see it, and its candidates are labelled 1 when every slot they would
 *   fill is one the editor's commas were taken from, else 0.
 * Written as JSON lines to the cache (`/work/cache/edited-english/set-off-v2-<part>.jsonl`: with the trial candidates and the paired-comma evidence): the reparsing is the slow
 * part, the fit is quick.
 *
 *   npx tsx server/research/setOffCommas/examples.ts --part train|dev [--every N]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { loadParser } from '../../src/parser';
import { treeInfo } from '../../src/engine/treeInfo';
import { setOffFeatures } from '../../src/engine/setOffCommas/features';
import { candidatesWithTrials, CandidateSource, trialFeatures } from '../../src/engine/setOffCommas/trialCandidates';
import { TreeInfo } from '../../src/engine/treeInfo';
import { AnalysedSentence, Reparse } from '../../src/engine/sentence';
import { defaultSilverDir, readSilverTrees } from '../silverTrees';
import { silverGold } from '../corruption/silverSentence';
import { draftOf, renderDraft } from '../eval/draft';
import { corruptionsOfError, ErrorKind } from '../eval/corrupt';
import { EditedPart } from '../editedEnglish';
import { EditedItem } from '../corruption/editedSuite';
import { shapeOf } from '../corruption/itemShape';

export interface SetOffExample {
  /** Sentence id: `<index in the silver file>`, and `/<corruption>` for a corrupted copy. */
  id: string;
  kind: string;
  /** The corruption's error kind, or `clean`. */
  source: ErrorKind | 'clean';
  slots: number[];
  y: 0 | 1;
  features: string[];
  /** The sentence with the candidate's commas shown as ⟦,⟧. */
  text: string;
  /** Which parse the candidate was read from (`trialCandidates.ts`); absent in examples written before the trials. */
  from?: CandidateSource;
  /**
   * A corrupted copy: whether the editor's text set the constituent off on both edges (a comma, or another mark, or the
   * sentence's end on each side) in the silver tree. A constituent the silver tree shows with one comma is mostly a
   * parser error (a list item read as an apposition: `pairedCommaCounts.ts`), so its copy teaches a lone comma.
   * A clean candidate: whether the writer opened it with a comma the parse does not see closed (`opened`).
   */
  paired?: boolean;
  opened?: boolean;
  /**
   * A corrupted copy of a relative clause or an apposition: what its constituent is (`corruption/itemShape.ts`). Half
   * the silver `appos` the generator takes commas from are list items, dates and fronted phrases (`--genuine-appositions`
   * of `train.ts` leaves those copies out of training).
   */
  shape?: string;
}

/**
 * Whether the constituent (a relative clause or an apposition) that one of the gold slots bounds is set off on both
 * edges in the editor's text: each edge a slot holding a mark, or the sentence's start or end. Other errors: true.
 */
function pairedInText(s: AnalysedSentence, info: TreeInfo, gold: ReadonlySet<number>): boolean {
  const n = s.tree.words.length;
  const marked = (i: number) => i <= 0 || i >= n || s.tree.slots[i].length > 0;
  for (let w = 1; w <= n; w++) {
    const rel = info.rel(w);
    if (rel !== 'acl:relcl' && rel !== 'appos') continue;
    const [a, b] = info.span[w];
    if (gold.has(a - 1) || gold.has(b)) return marked(a - 1) && marked(b);
  }
  return true;
}

export const SET_OFF_ERRORS: ErrorKind[] = ['relative-clause-comma-missing', 'appositive-comma-missing', 'introductory-comma-missing'];

export function examplesFile(part: EditedPart): string {
  return path.join(defaultSilverDir(), `set-off-v2-${part}.jsonl`);
}

function shown(text: string, s: { tokens: Array<{ end: number }>; wordTokens: number[] }, slots: readonly number[]): string {
  let out = text;
  for (const i of [...slots].sort((a, b) => b - a)) {
    const at = s.tokens[s.wordTokens[i - 1]].end;
    out = out.slice(0, at) + '⟦,⟧' + out.slice(at);
  }
  return out;
}

function main(): void {
  const { values: opt } = parseArgs({ options: { part: { type: 'string', default: 'train' }, every: { type: 'string', default: '1' } } });
  const part = opt.part as EditedPart;
  const every = Number(opt.every);
  const parser = loadParser();
  const reparse: Reparse = (s, commas) => parser.parseWithCommas(s, commas);
  const silver = readSilverTrees(part);
  const out = fs.openSync(examplesFile(part) + '.tmp', 'w');
  const t0 = Date.now();
  const count = { clean: 0, corrupted: 0, reparsed: 0, covered: 0, positives: 0, trials: 0, trialPositives: 0 };
  const missedBy: Record<string, number> = {};
  silver.forEach((sv, idx) => {
    if (idx % every) return;
    const gold = silverGold(sv);
    if (!gold) return;
    const s = gold.sentence;
    const info = treeInfo(s.tree);
    const lines: string[] = [];
    for (const r of candidatesWithTrials(s, info, reparse)) {
      const c = r.c;
      const opened = c.kind !== 'introductory' && c.slots.length === 1 && c.slots[0] === c.right && s.tree.slots[c.left].includes(',');
      lines.push(JSON.stringify({ id: `${idx}`, kind: c.kind, source: 'clean', slots: c.slots, y: 0, features: [...setOffFeatures(r.s, r.info, c), ...trialFeatures(r)], text: shown(sv.text, s, c.slots), from: r.source, opened } satisfies SetOffExample));
      count.clean++;
    }
    const draft = draftOf(gold);
    for (const error of SET_OFF_ERRORS) {
      corruptionsOfError(draft, error).forEach((cor, k) => {
        count.corrupted++;
        const r = renderDraft(cor.draft);
        const parsed = parser.parseText(r.text);
        if (parsed.length !== 1 || parsed[0].tree.words.length !== s.tree.words.length) return;
        count.reparsed++;
        const p = parsed[0];
        const pinfo = treeInfo(p.tree);
        const gold = new Set(cor.gold.keys());
        const paired = pairedInText(s, info, gold);
        const shape = error === 'introductory-comma-missing' ? undefined : shapeOf({ error, original: renderDraft(draft), corruption: cor } as EditedItem);
        let covered = false;
        for (const rc of candidatesWithTrials(p, pinfo, reparse)) {
          const c = rc.c;
          const y = c.slots.every((i) => gold.has(i)) ? 1 : 0;
          if (y && c.slots.length === gold.size) covered = true;
          if (y) count.positives++;
          if (rc.source !== 'parse') {
            count.trials++;
            if (y) count.trialPositives++;
          }
          lines.push(JSON.stringify({ id: `${idx}/${error}/${k}`, kind: c.kind, source: error, slots: c.slots, y, features: [...setOffFeatures(rc.s, rc.info, c), ...trialFeatures(rc)], text: shown(r.text, p, c.slots), from: rc.source, paired, shape } satisfies SetOffExample));
        }
        if (covered) count.covered++;
        else {
          // Why no candidate fills the gold slots: what the comma-less parse made of the constituent.
          const key = `${error}|${[...gold].map((i) => `${pinfo.rel(i)}>${pinfo.rel(i + 1)}`).join(',')}`;
          missedBy[key] = (missedBy[key] ?? 0) + 1;
        }
        // Keep a record of the corrupted sentence even with no candidate (recall's denominator).
        lines.push(JSON.stringify({ id: `${idx}/${error}/${k}`, kind: 'item', source: error, slots: [...gold].sort((a, b) => a - b), y: covered ? 1 : 0, features: [], text: r.text, paired, shape } satisfies SetOffExample));
      });
    }
    if (lines.length) fs.writeSync(out, lines.join('\n') + '\n');
    if (idx % 5000 === 0) console.log(`${idx}/${silver.length} ${JSON.stringify(count)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  });
  fs.closeSync(out);
  fs.renameSync(examplesFile(part) + '.tmp', examplesFile(part));
  console.log(`${part}: ${JSON.stringify(count)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  console.log('corrupted items with no candidate filling exactly the gold slots, by the relations either side of a gold slot in the reparse (top 25):');
  for (const [k, v] of Object.entries(missedBy).sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${v}\t${k}`);
}

if (require.main === module) main();

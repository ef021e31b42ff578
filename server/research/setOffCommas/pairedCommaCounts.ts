/**
 * How often the data written shows a set-off phrase inside a sentence closed by a comma on both sides, on one side, or
 * neither: appositions (`appos`) and relative clauses (`acl:relcl`) whose span neither starts nor ends the sentence,
 * in EWT train (gold trees) and in edited-english's silver trees (the bundled parser's). The punctuation model learns
 * from these counts whether a set-off phrase's commas come in pairs (issue #30: appositions put `, ε` before `, ,`).
 *
 *   npx tsx server/research/setOffCommas/pairedCommaCounts.ts [--part train|dev] [--limit N]
 */
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../../src/data/treebank';
import type { PunctuatedTree } from '../../src/data/depunct';
import { defaultSilverDir, readSilverTrees } from '../silverTrees';

type Shape = 'both' | 'left only' | 'right only' | 'neither';
const RELATIONS = ['appos', 'acl:relcl'] as const;

/** Each word's projective span [first, last] (0-based word indices), from the heads. */
export function spans(tree: PunctuatedTree): Array<[number, number]> {
  const n = tree.words.length;
  const out: Array<[number, number]> = tree.words.map((_, i) => [i, i]);
  for (let i = 0; i < n; i++) {
    // Walk up from each word, widening every ancestor's span (trees are small; n·depth).
    for (let h = tree.words[i].head, guard = 0; h > 0 && guard < n; h = tree.words[h - 1].head, guard++) {
      const s = out[h - 1];
      if (i < s[0]) s[0] = i;
      if (i > s[1]) s[1] = i;
    }
  }
  return out;
}

/** The shape of every inner set-off node of one relation in one tree. */
export function shapes(tree: PunctuatedTree, relation: string): Shape[] {
  const n = tree.words.length;
  const sp = spans(tree);
  const out: Shape[] = [];
  tree.words.forEach((w, i) => {
    if (w.deprel !== relation) return;
    const [a, b] = sp[i];
    if (a === 0 || b === n - 1) return; // at the sentence's edge a closing comma is absorbed or never written
    const left = tree.slots[a].includes(','), right = tree.slots[b + 1].includes(',');
    out.push(left && right ? 'both' : left ? 'left only' : right ? 'right only' : 'neither');
  });
  return out;
}

function table(name: string, trees: readonly PunctuatedTree[]): void {
  for (const rel of RELATIONS) {
    const c: Record<Shape, number> = { both: 0, 'left only': 0, 'right only': 0, neither: 0 };
    for (const t of trees) for (const s of shapes(t, rel)) c[s]++;
    const total = Object.values(c).reduce((a, b) => a + b, 0);
    const pct = (k: Shape) => `${c[k]} (${((100 * c[k]) / Math.max(1, total)).toFixed(1)}%)`;
    const opened = c.both + c['left only'];
    console.log(
      `| ${name} | ${rel} | ${total} | ${pct('both')} | ${pct('left only')} | ${pct('right only')} | ${pct('neither')} | ${opened ? ((100 * c.both) / opened).toFixed(1) : '—'}% |`,
    );
  }
}

function main(): void {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: path.resolve(__dirname, '../../../../shared/data/ud-english-ewt') },
      silver: { type: 'string', default: defaultSilverDir() },
      part: { type: 'string', default: 'train' },
      limit: { type: 'string' },
    },
  });
  const part = values.part as 'train' | 'dev';
  const limit = values.limit ? Number(values.limit) : undefined;
  const ewt = readTreebank(path.join(values.data!, `en_ewt-ud-${part}.conllu`)).trees.slice(0, limit);
  const edited = readSilverTrees(part, values.silver).slice(0, limit);
  console.log('| data | relation | inner nodes | both commas | left only | right only | neither | closed, of those opened |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  table(`EWT ${part} (gold)`, ewt);
  table(`edited-english ${part} (silver)`, edited.map((s) => s.tree));
  const bySource = new Map<string, PunctuatedTree[]>();
  for (const s of edited) {
    const list = bySource.get(s.source) ?? [];
    list.push(s.tree);
    bySource.set(s.source, list);
  }
  for (const [src, trees] of bySource) table(`  ${src}`, trees);
}

if (require.main === module) main();

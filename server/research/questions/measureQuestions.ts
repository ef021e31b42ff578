/**
 * How often writers end a direct question (by word order, `directQuestion`) with a question mark and how often with
 * a period: edited-english's silver trees (train and dev; never held out) against EWT train's gold trees as its web
 * writers wrote them. The evidence for how sure a question-mark finding may be, and for whether it must wait for an
 * error-prone document.
 *
 *   npx tsx server/research/questions/measureQuestions.ts [--list N]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { PunctuatedTree } from '../../src/data/depunct';
import { parseConllu, reconstructText } from '../../src/data/conllu';
import { depunctuate } from '../../src/data/depunct';
import { treeInfo } from '../../src/engine/treeInfo';
import { directQuestion } from '../../src/engine/correction/candidates/questionMarks';
import { readSilverTrees } from '../silverTrees';

interface Tally {
  question: number;
  period: number;
  other: number;
  periods: string[];
}

function endMark(tree: PunctuatedTree): string {
  const last = tree.slots[tree.slots.length - 1] ?? [];
  return last.join('');
}

function tally(trees: Iterable<{ tree: PunctuatedTree; text: string }>): Tally {
  const t: Tally = { question: 0, period: 0, other: 0, periods: [] };
  for (const { tree, text } of trees) {
    if (tree.words.length < 2) continue;
    if (!directQuestion(tree, treeInfo(tree))) continue;
    const end = endMark(tree);
    if (end.includes('?')) t.question++;
    else if (end.startsWith('.')) {
      t.period++;
      t.periods.push(text);
    } else t.other++;
  }
  return t;
}

function main(): void {
  const { values: opt } = parseArgs({ options: { list: { type: 'string', default: '0' } } });
  const listed = Number(opt.list);
  const edited = tally(
    (function* () {
      for (const part of ['train', 'dev'] as const) for (const s of readSilverTrees(part)) yield { tree: s.tree, text: s.text };
    })(),
  );
  const ewtFile = path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-train.conllu');
  const ewt = tally(
    (function* () {
      for (const s of parseConllu(fs.readFileSync(ewtFile, 'utf8'), ewtFile)) {
        const d = depunctuate(s);
        if (d.ok) yield { tree: d.tree, text: reconstructText(s) };
      }
    })(),
  );
  for (const [name, t] of [['edited-english train+dev (silver)', edited], ['EWT train (gold)', ewt]] as const) {
    const n = t.question + t.period;
    console.log(`${name}: "?" ${t.question}, "." ${t.period} (${((100 * t.period) / Math.max(1, n)).toFixed(1)}% periods), other ${t.other}`);
    for (const s of t.periods.slice(0, listed)) console.log(`  . ${s}`);
  }
}

main();

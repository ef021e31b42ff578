/**
 * Does the writer's own habit with relative words tell an omitted set-off comma from a restrictive clause? Counted in
 * the document's other sentences (never the candidate's own): relative words written after a comma (`, which`,
 * `, who`) against the same words written bare after a word that is not a preposition (`the plan which`, not `in
 * which`), read off the text alone, as a linter could count them over a document before deciding. Each set-off
 * example (`examples.ts`, and EWT dev's, `ewtClean.ts`) gets the document's class as a feature, written to copies of
 * the example files under `--out-dir` (then `train.ts` with `PUNCTEME_CACHE` pointed at it measures the model with
 * it); and how the classes split the dev relative-clause candidates is printed.
 *
 * Edited documents are those of the silver trees (`source#doc`); an EWT document is its `sent_id` less the sentence
 * number.
 *
 *   npx tsx server/research/setOffCommas/whichHabit.ts --out-dir /work/cache/NAME/edited-english
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../../src/data/treebank';
import { defaultSilverDir, readSilverTrees } from '../silverTrees';
import { examplesFile, SetOffExample } from './examples';
import { ewtCleanFile } from './ewtClean';

const WORD = '(?:which|who|whom|whose)';
const WRITTEN = new RegExp(`,\\s+${WORD}\\b`, 'gi');
const PREPOSITIONS = /^(of|in|on|at|by|for|with|to|from|through|under|about|into|upon|during|among|between|over|after|before|without|within|against|behind|beyond|toward|towards|across|via|per|than|and|or|but)$/i;
const BARE = new RegExp(`([A-Za-z’'-]+)\\s+${WORD}\\b`, 'g');

export interface HabitCount {
  written: number;
  bare: number;
}

/** The relative words of one sentence's text written after a comma, and bare after a word that is not a preposition. */
export function countRelativeWords(text: string): HabitCount {
  const written = (text.match(WRITTEN) ?? []).length;
  let bare = 0;
  for (const m of text.matchAll(BARE)) if (!PREPOSITIONS.test(m[1])) bare++;
  return { written, bare };
}

/** The document's class from its other sentences' counts. */
export function habitClass(c: HabitCount): string {
  const all = c.written + c.bare;
  if (all < 2) return 'few';
  const share = c.written / all;
  return share >= 0.75 ? 'comma' : share <= 0.25 ? 'bare' : 'mixed';
}

function documentsOf(keys: readonly string[], texts: readonly string[]): { own: HabitCount[]; total: Map<string, HabitCount> } {
  const own = texts.map(countRelativeWords);
  const total = new Map<string, HabitCount>();
  keys.forEach((k, i) => {
    const t = total.get(k) ?? { written: 0, bare: 0 };
    t.written += own[i].written;
    t.bare += own[i].bare;
    total.set(k, t);
  });
  return { own, total };
}

function augment(file: string, out: string, classOf: (id: string) => string, tally?: Map<string, number>): void {
  const lines: string[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const e = JSON.parse(line) as SetOffExample;
    if (e.kind === 'relative') {
      const cls = classOf(e.id);
      const opener = e.features.find((f) => f.startsWith('r.opener=relative|'))?.split('|')[1] ?? '?';
      e.features.push(`d.which=relative|${cls}`, `d.which|opener=relative|${opener}|${cls}`);
      if (tally && /^(which|who)$/.test(opener)) {
        const k = `${e.source === 'clean' ? 'clean' : e.y ? 'omission' : 'corrupted, other'}\t${cls}`;
        tally.set(k, (tally.get(k) ?? 0) + 1);
      }
    }
    lines.push(JSON.stringify(e));
  }
  fs.writeFileSync(out, lines.join('\n') + '\n');
}

function main(): void {
  const { values: opt } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
  if (!opt['out-dir'] || path.resolve(opt['out-dir']) === path.resolve(defaultSilverDir())) throw new Error('--out-dir: a directory other than the examples\' own');
  fs.mkdirSync(opt['out-dir'], { recursive: true });
  for (const part of ['train', 'dev'] as const) {
    const silver = readSilverTrees(part);
    const { own, total } = documentsOf(silver.map((s) => `${s.source}#${s.doc}`), silver.map((s) => s.text));
    const classOf = (id: string) => {
      const i = Number(id.split('/')[0]);
      const t = total.get(`${silver[i].source}#${silver[i].doc}`)!;
      return habitClass({ written: t.written - own[i].written, bare: t.bare - own[i].bare });
    };
    const tally = part === 'dev' ? new Map<string, number>() : undefined;
    augment(examplesFile(part), path.join(opt['out-dir'], path.basename(examplesFile(part))), classOf, tally);
    if (tally) for (const [k, v] of [...tally].sort()) console.log(`dev relative candidates opened by which/who\t${k}\t${v}`);
  }
  const tb = readTreebank(path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu'));
  const docOf = (k: number) => (tb.sentences[k].sentId ?? `${k}`).replace(/-\d+$/, '');
  const { own, total } = documentsOf(tb.sentences.map((_, k) => docOf(k)), tb.sentences.map((s) => s.text ?? ''));
  const ewtClass = (id: string) => {
    const k = Number(id.split('/')[1]);
    const t = total.get(docOf(k))!;
    return habitClass({ written: t.written - own[k].written, bare: t.bare - own[k].bare });
  };
  augment(ewtCleanFile('dev'), path.join(opt['out-dir'], path.basename(ewtCleanFile('dev'))), ewtClass);
  console.log(`wrote ${opt['out-dir']}`);
}

if (require.main === module) main();

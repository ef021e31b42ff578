/**
 * How often writers make each kind of punctuation error, measured without any test set: EWT train as its writers
 * wrote it (web text: reviews, e-mail, forums, blogs) against edited-english train (silver trees) as editors wrote it.
 * For each kind of site found on the tree (an introductory element's end, a clause coordinator, …) it counts the
 * sites and how often the slot holds the mark in question, in both corpora. A writer's omission rate is the share of
 * the editors' commas EWT's writers leave out (1 − EWT rate / edited rate); an addition rate is how much more often
 * EWT's writers write a mark edited prose does not. The constants of `rates.ts` are this script's output.
 *
 *   npx tsx server/research/corruption/measureRates.ts [--markdown FILE]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../../src/data/treebank';
import { PunctuatedTree } from '../../src/data/depunct';
import { hasSubject, treeInfo } from '../../src/engine/treeInfo';
import { introductoryAt, spliceAt, subjectVerbAt } from '../../src/engine/correction/pipeline/categories';
import { goldSentence } from '../eval/goldSentence';
import { readSilverTrees } from '../silverTrees';

export type Site =
  | 'introductory'
  | 'which-clause-left'
  | 'appositive-left'
  | 'appositive-right'
  | 'clause-coordinator'
  | 'aside-closing'
  | 'subject-verb'
  | 'verb-object'
  | 'that-clause-left'
  | 'after-coordinator'
  | 'clause-join-unjoined'
  | 'sentence';

export interface SiteCount {
  sites: number;
  /** Sites whose slot holds the mark asked about (a comma; for `sentence`, see `SentenceMarks`). */
  marked: number;
}

export interface SentenceMarks {
  sentences: number;
  quoteTransposed: number;
  quoteInside: number;
  doubled: number;
  unbalanced: number;
  noFinalMark: number;
  semicolons: number;
  colons: number;
}

const COORD = /^(and|but|or|nor|so|yet)$/i;
const ASIDE = new Set(['advmod', 'obl', 'advcl', 'parataxis', 'discourse', 'vocative', 'nmod']);

export function countSites(trees: Iterable<PunctuatedTree>): { sites: Record<Site, SiteCount>; marks: SentenceMarks } {
  const sites = {} as Record<Site, SiteCount>;
  const add = (s: Site, marked: boolean) => {
    const c = (sites[s] ??= { sites: 0, marked: 0 });
    c.sites++;
    if (marked) c.marked++;
  };
  const marks: SentenceMarks = { sentences: 0, quoteTransposed: 0, quoteInside: 0, doubled: 0, unbalanced: 0, noFinalMark: 0, semicolons: 0, colons: 0 };
  for (const tree of trees) {
    const info = treeInfo(tree);
    const n = info.n;
    if (n < 3) continue;
    marks.sentences++;
    const comma = (i: number) => tree.slots[i].includes(',');
    const forms = tree.words.map((w) => w.form.toLowerCase());
    for (let i = 1; i < n; i++) {
      if (introductoryAt(info, i) !== undefined) add('introductory', comma(i));
      const sv = subjectVerbAt(info, i);
      if (sv !== undefined) add(/^[nc]subj/.test(info.rel(sv)) ? 'subject-verb' : 'verb-object', comma(i));
      const k = i + 1;
      if (info.base(k) === 'cc' && COORD.test(forms[k - 1])) {
        const conj = info.head(k);
        if (conj > k && info.base(conj) === 'conj' && info.span[conj][0] === k && hasSubject(info, conj) && hasSubject(info, info.head(conj))) add('clause-coordinator', comma(i));
      }
      if (info.base(i) === 'cc' && COORD.test(forms[i - 1]) && tree.slots[i].every((m) => m === ',')) add('after-coordinator', comma(i));
      if (spliceAt(info, i) !== undefined) add('clause-join-unjoined', comma(i));
    }
    for (let w = 1; w <= n; w++) {
      const [a, b] = info.span[w];
      if (a <= 1) continue;
      if (info.rel(w) === 'acl:relcl' && forms[a - 1] === 'which') add('which-clause-left', comma(a - 1));
      if (info.rel(w) === 'acl:relcl' && forms[a - 1] === 'that') add('that-clause-left', comma(a - 1));
      if (info.rel(w) === 'appos') {
        add('appositive-left', comma(a - 1));
        if (comma(a - 1) && b < n) add('appositive-right', comma(b));
      }
      if (ASIDE.has(info.base(w)) && comma(a - 1) && b < n && info.head(w) > b) add('aside-closing', comma(b));
    }
    const all = tree.slots.flat();
    if (tree.slots.some((s) => s.some((m, j) => (m === ',' || m === '.') && s[j + 1] === '”'))) marks.quoteInside++;
    if (tree.slots.some((s) => s.some((m, j) => m === '”' && (s[j + 1] === ',' || s[j + 1] === '.')))) marks.quoteTransposed++;
    if (tree.slots.some((s) => s.some((m, j) => j > 0 && m === s[j - 1] && (m === ',' || m === '.' || m === ';' || m === ':')))) marks.doubled++;
    const opens = all.filter((m) => m === '(').length;
    const closes = all.filter((m) => m === ')').length;
    if (opens !== closes) marks.unbalanced++;
    if (!tree.slots[n].some((m) => /^[.!?]/.test(m))) marks.noFinalMark++;
    if (all.includes(';')) marks.semicolons++;
    if (all.includes(':')) marks.colons++;
  }
  return { sites, marks };
}

function* ewtTrees(): Generator<PunctuatedTree> {
  const file = path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-train.conllu');
  for (const s of readTreebank(file).sentences) {
    const g = goldSentence(s);
    if (g) yield g.sentence.tree;
  }
}

function* editedTrees(): Generator<PunctuatedTree> {
  for (const s of readSilverTrees('train')) yield s.tree;
}

function main(): void {
  const { values } = parseArgs({ options: { markdown: { type: 'string' } } });
  const ewt = countSites(ewtTrees());
  const ed = countSites(editedTrees());
  const pct = (c?: SiteCount) => (c && c.sites ? (100 * c.marked) / c.sites : 0);
  const lines = [
    `EWT train: ${ewt.marks.sentences} sentences; edited-english train (silver): ${ed.marks.sentences} sentences (3+ words)`,
    '',
    '| site | EWT sites | EWT % comma | edited sites | edited % comma | edited sites / 1k sentences | writers\' omission (1 − EWT/edited) or addition (EWT − edited) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const sitesList = Object.keys({ ...ewt.sites, ...ed.sites }) as Site[];
  for (const s of sitesList) {
    const a = pct(ewt.sites[s]);
    const b = pct(ed.sites[s]);
    const effect = b >= 50 ? `omit ${(100 * Math.max(0, 1 - a / b)).toFixed(1)}%` : `add ${(a - b).toFixed(1)} pts`;
    lines.push(`| ${s} | ${ewt.sites[s]?.sites ?? 0} | ${a.toFixed(1)} | ${ed.sites[s]?.sites ?? 0} | ${b.toFixed(1)} | ${((1000 * (ed.sites[s]?.sites ?? 0)) / ed.marks.sentences).toFixed(0)} | ${effect} |`);
  }
  lines.push('', '| sentence marks (per 1,000 sentences) | EWT train | edited train |', '| --- | ---: | ---: |');
  for (const k of Object.keys(ewt.marks) as Array<keyof SentenceMarks>) {
    if (k === 'sentences') continue;
    lines.push(`| ${k} | ${((1000 * ewt.marks[k]) / ewt.marks.sentences).toFixed(1)} | ${((1000 * ed.marks[k]) / ed.marks.sentences).toFixed(1)} |`);
  }
  const out = lines.join('\n');
  console.log(out);
  if (values.markdown) fs.writeFileSync(values.markdown, out + '\n');
}

if (require.main === module) main();

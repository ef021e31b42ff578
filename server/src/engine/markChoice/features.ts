/**
 * What the semicolon/colon model reads at a slot written with `;` or `:`: the words and tags on each side, the
 * relations the parse gives the words after the slot (a clause with its own subject, a list of nouns, an apposition),
 * whether a complete clause ends at the slot, and the commas, coordinators and marks around it. The written mark
 * itself is never a feature: the model is trained on each editor's sentence parsed with both marks written, so that
 * what it reads does not give away which one the writer chose.
 */
import { PunctuatedTree } from '../../data/depunct';
import { normWord } from '../../restore/boundaries';
import { bucketOf, wordShape } from '../../restore/hashedLogistic';
import { hasSubject, TreeInfo } from '../treeInfo';

/** The words after slot i whose heads lie at or before it (or are the root): the tops of what follows the mark. */
function topsAfter(info: TreeInfo, i: number): number[] {
  const out: number[] = [];
  for (let w = i + 1; w <= info.n; w++) if (info.head(w) <= i) out.push(w);
  return out;
}

/** Features of slot i (after word i, 1 ≤ i < n) of the tree. */
export function markChoiceFeatures(tree: PunctuatedTree, info: TreeInfo, i: number): string[] {
  const words = tree.words;
  const n = words.length;
  const form = (k: number) => (k >= 1 && k <= n ? normWord(words[k - 1].form) : '<none>');
  const upos = (k: number) => (k >= 1 && k <= n ? words[k - 1].upos : 'NONE');
  const rel = (k: number) => (k >= 1 && k <= n ? info.rel(k) : 'none');
  const root = info.children[0][0] ?? 0;
  const subject = root ? info.children[root].find((c) => /^(nsubj|csubj|expl)/.test(info.rel(c))) : undefined;
  const clauseBefore = root > 0 && root <= i && subject !== undefined && subject < i;
  const tops = topsAfter(info, i);
  const top = tops[0] ?? 0;
  const topClause = top > 0 && hasSubject(info, top);
  const topRel = top ? `${rel(top)}|${top === root ? 'root' : info.head(top) === root ? 'of-root' : 'other'}` : 'none';
  const marksAfter = tree.slots.slice(i + 1, n).flat();
  const marksBefore = tree.slots.slice(1, i).flat();
  const commasAfter = marksAfter.filter((m) => m === ',').length;
  const commasBefore = marksBefore.filter((m) => m === ',').length;
  const semisElsewhere = [...marksBefore, ...marksAfter].filter((m) => m === ';').length;
  const colonsElsewhere = [...marksBefore, ...marksAfter].filter((m) => m === ':').length;
  const ccAfter = words.slice(i).some((w) => w.upos === 'CCONJ');
  const right = n - i;
  const verbAfter = words.slice(i).some((w) => (w.upos === 'VERB' || w.upos === 'AUX') && /Fin/.test(w.feats ?? '') );
  const finiteAfter = words.slice(i).some((w) => /^(VB[DZP]|MD)$/.test(w.xpos ?? ''));
  return [
    'b',
    `l1=${form(i)}`,
    `l2l1=${form(i - 1)}|${form(i)}`,
    `r1=${form(i + 1)}`,
    `r1r2=${form(i + 1)}|${form(i + 2)}`,
    `lu=${upos(i)}`,
    `ru=${upos(i + 1)}`,
    `lu|ru=${upos(i)}|${upos(i + 1)}`,
    `r1s=${wordShape(words[i]?.form ?? '')}`,
    `lrel=${rel(i)}`,
    `rrel=${rel(i + 1)}`,
    `clauseBefore=${clauseBefore}`,
    `topRel=${topRel}`,
    `topClause=${topClause}`,
    `clauseBefore|topClause=${clauseBefore}|${topClause}`,
    `clauseBefore|topRel=${clauseBefore}|${topRel}`,
    `tops=${bucketOf(tops.length, [1, 2, 4])}`,
    `commasAfter=${bucketOf(commasAfter, [0, 1, 2])}`,
    `commasBefore=${bucketOf(commasBefore, [0, 1, 2])}`,
    `commasAfter|topClause=${bucketOf(commasAfter, [0, 1, 2])}|${topClause}`,
    `semis=${bucketOf(semisElsewhere, [0, 1])}`,
    `colons=${bucketOf(colonsElsewhere, [0, 1])}`,
    `ccAfter=${ccAfter}`,
    `finiteAfter=${finiteAfter || verbAfter}`,
    `finiteAfter|clauseBefore=${finiteAfter || verbAfter}|${clauseBefore}`,
    `left=${bucketOf(i, [1, 2, 4, 8, 16])}`,
    `right=${bucketOf(right, [1, 2, 4, 8, 16])}`,
    `rootSide=${root === 0 ? 'none' : root <= i ? 'left' : 'right'}`,
  ];
}

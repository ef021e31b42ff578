/**
 * What the sentence-join model reads at a slot of one written sentence where the writer put a comma or nothing: the
 * boundary model's features of the words and of the parse around the slot (`restore/boundaries.ts boundaryFeatures`:
 * the words on each side, their tags and relations, how many arcs cross the slot) and whether a clause with its own
 * subject ends before the slot and another starts after it, each also crossed with the written mark.
 */
import { PunctuatedTree } from '../../data/depunct';
import { BoundaryWords, boundaryWords, FeatureWriter, RunParse, runParse, writeBoundaryFeatures } from '../../restore/boundaries';
import { treeInfo, TreeInfo } from '../treeInfo';

export type JoinMark = ',' | 'none';

/** The words after slot i whose heads lie at or before it (or are the root): the tops of what follows. */
function topsAfter(info: TreeInfo, i: number): number[] {
  const out: number[] = [];
  for (let w = i + 1; w <= info.n; w++) if (info.head(w) <= i) out.push(w);
  return out;
}

/** The words up to slot i whose heads lie after it (or are the root): the tops of what precedes. */
function topsBefore(info: TreeInfo, i: number): number[] {
  const out: number[] = [];
  for (let w = 1; w <= i; w++) if (info.head(w) === 0 || info.head(w) > i) out.push(w);
  return out;
}

const subjectBefore = (info: TreeInfo, w: number, i: number) => info.children[w].some((c) => c <= i && /^(nsubj|csubj|expl)/.test(info.rel(c)));
const subjectAfter = (info: TreeInfo, w: number, i: number) => info.children[w].some((c) => c > i && /^(nsubj|csubj|expl)/.test(info.rel(c)));

/** What every slot of one tree shares (computed once a sentence): its words, parse and structure. */
export interface JoinContext {
  words: BoundaryWords;
  parse: RunParse;
  info: TreeInfo;
}

export function joinContext(tree: PunctuatedTree): JoinContext {
  return { words: boundaryWords(tree.words.map((w) => w.form)), parse: runParse(tree.words), info: treeInfo(tree) };
}

/**
 * Features of slot i (after word i, 1 ≤ i < n) of the tree, written with `mark`: each feature `writeJoinFeatures`
 * writes, then each again but the mark's own prefixed with the mark.
 */
export function joinFeatures(tree: PunctuatedTree, i: number, mark: JoinMark, ctx: JoinContext = joinContext(tree)): string[] {
  const plain: string[] = [];
  let markAt = -1;
  writeJoinFeatures(tree, i, mark, ctx, (a, b = '', c = '', d = '', e = '', f = '', g = '', h = '') => {
    if (a === MARK_FEATURE) markAt = plain.length;
    plain.push(a + b + c + d + e + f + g + h);
  });
  return [...plain, ...plain.filter((_, k) => k !== markAt).map((f) => `${mark}:${f}`)];
}

/** The first part of the mark's own feature (`m=,`), the one feature not crossed with the mark. */
export const MARK_FEATURE = 'm=';

const CLAUSES = ['false|false', 'false|true', 'true|false', 'true|true'];
const BUCKETS = ['0', '1', '2', '4', '4', '8', '8', '8', '8'];
const bucket = (x: number) => (x <= 8 ? BUCKETS[x] : '16');

/**
 * The one definition of the join features before they are crossed with the mark, written part by part: the engine
 * hashes them from their parts (`model.ts`) without building the strings; `joinFeatures` builds them for training.
 */
export function writeJoinFeatures(tree: PunctuatedTree, i: number, mark: JoinMark, ctx: JoinContext, add: FeatureWriter): void {
  const { words, info } = ctx;
  writeBoundaryFeatures(words, i, ctx.parse, add);
  const before = topsBefore(info, i);
  const after = topsAfter(info, i);
  const leftClause = before.some((w) => subjectBefore(info, w, i));
  const rightClause = after.some((w) => subjectAfter(info, w, i));
  const top = after[0];
  // The relation of the first top after the slot and whether it is the root, as two parts: `${rel}|root` or 'none'.
  const [topRel, topAt] = top === undefined ? ['none', ''] : [info.rel(top), info.head(top) === 0 ? '|root' : '|in'];
  const r1 = tree.words[i];
  const l1 = tree.words[i - 1];
  const clauses = CLAUSES[(leftClause ? 2 : 0) + (rightClause ? 1 : 0)];
  // The word after the slot is the subject of a clause that starts there ("…, we went"), and how that clause hangs on
  // what precedes (parataxis, conj, ccomp, the root itself).
  const r1Head = info.head(i + 1);
  const subjectStarts = /^(nsubj|expl)/.test(info.rel(i + 1)) && r1Head > i;
  const starts = subjectStarts ? 'true' : 'false';
  const [hangRel, hangAt] = subjectStarts ? [info.rel(r1Head), info.head(r1Head) === 0 ? '|root' : info.head(r1Head) <= i ? '|L' : '|R'] : ['none', ''];
  const since = (() => {
    let k = i;
    while (k > 1 && tree.slots[k - 1].length === 0) k--;
    return i - k + 1;
  })();
  // What of the words before the slot hangs on a word after it: a fronted adverbial clause ("As Unicode gives …, this
  // algorithm") or a subject hangs there; the first of two joined sentences hangs on nothing after the slot.
  const hanging = before.filter((w) => info.head(w) > i).map((w) => info.rel(w).split(':')[0]);
  const ltop = hanging.length ? [...new Set(hanging)].sort().slice(0, 2).join('+') : 'none';
  add(MARK_FEATURE, mark);
  add('cl=', clauses);
  add('top=', topRel, topAt);
  add('cltop=', clauses, '|', topRel, topAt);
  add('r1u=', r1.upos, '|', r1.deprel);
  add('clr1=', clauses, '|', r1.upos);
  add('sub=', starts, '|', hangRel, hangAt);
  add('subl1=', starts, '|', l1.upos);
  add('subcl=', starts, '|', clauses);
  add('ltop=', ltop);
  add('ltopcl=', ltop, '|', clauses);
  add('ltopr1=', ltop, '|', r1.upos);
  add('ltoptop=', ltop, '|', topRel, topAt);
  add('left=', bucket(since));
  add('right=', bucket(info.n - i));
}

/**
 * What the set-off comma model reads at a candidate (`candidates.ts`): for a relative clause or an apposition, its
 * opening word (`which`, `who`, `that`, an article), its antecedent (a proper noun, a noun with a possessive or a
 * definite determiner, a pronoun), the phrase's shape and length, whether the subject it modifies still waits for its
 * verb, and the commas already written on its edges; for a fronted phrase, its relation and first word, its length,
 * whether it holds a clause, and the subject that follows. The parse is that of the text as written, comma-less at the
 * candidate's slots, as at run time.
 */
import { normWord } from '../../restore/boundaries';
import { bucketOf, wordShape } from '../../restore/hashedLogistic';
import { AnalysedSentence } from '../sentence';
import { TreeInfo } from '../treeInfo';
import { SetOffCandidate } from './candidates';

const OPENERS = /^(which|who|whom|whose|where|when|that|why|what)$/;

/** The determiner-like dependents of word h: `the`, `a`, a possessive, a demonstrative, none. */
function determination(info: TreeInfo, words: AnalysedSentence['tree']['words'], h: number): string {
  for (const c of info.children[h]) {
    if (c > h) continue;
    const rel = info.rel(c);
    if (rel === 'nmod:poss' || rel === 'det:poss') return 'poss';
    if (info.base(c) === 'det') {
      const f = words[c - 1].form.toLowerCase();
      return f === 'the' ? 'the' : f === 'a' || f === 'an' ? 'a' : /^(this|that|these|those)$/.test(f) ? 'dem' : 'det-other';
    }
  }
  return 'none';
}

export function setOffFeatures(s: AnalysedSentence, info: TreeInfo, c: SetOffCandidate): string[] {
  const words = s.tree.words;
  const n = words.length;
  const form = (k: number) => (k >= 1 && k <= n ? normWord(words[k - 1].form) : '<none>');
  const upos = (k: number) => (k >= 1 && k <= n ? words[k - 1].upos : 'NONE');
  const xpos = (k: number) => (k >= 1 && k <= n ? words[k - 1].xpos ?? '_' : 'NONE');
  const commas = s.tree.slots.slice(1, n).flat().filter((m) => m === ',').length;
  const root = info.children[0][0] ?? 0;
  const K = c.kind;
  const f: string[] = [`b|${K}`, `commas|${K}=${bucketOf(commas, [0, 1, 2, 4])}`, `n|${K}=${bucketOf(n, [5, 10, 20, 30, 45])}`];
  if (K === 'introductory') {
    const i = c.right;
    const top = c.w;
    const clause = info.children[top].some((k) => /^(nsubj|csubj|mark|aux|cop)/.test(info.rel(k))) || /^VB/.test(xpos(top));
    const after = i + 1;
    const subj = info.children[root].find((k) => /^(nsubj|csubj|expl)/.test(info.rel(k)));
    f.push(
      `i.rel=${info.rel(top)}`,
      `i.first=${form(1)}`,
      `i.firstU=${upos(1)}`,
      `i.first|len=${form(1)}|${bucketOf(i, [1, 2, 3, 4, 6, 9])}`,
      `i.len=${bucketOf(i, [1, 2, 3, 4, 6, 9, 14])}`,
      `i.rel|len=${info.base(top)}|${bucketOf(i, [1, 2, 3, 4, 6, 9, 14])}`,
      `i.clause=${clause}`,
      `i.rel|clause=${info.base(top)}|${clause}`,
      `i.last=${form(i)}`,
      `i.lastU=${upos(i)}`,
      `i.next=${form(after)}`,
      `i.nextU=${upos(after)}`,
      `i.lastU|nextU=${upos(i)}|${upos(after)}`,
      `i.nextRel=${info.rel(after)}`,
      `i.subjNext=${subj === after || (subj !== undefined && info.span[subj][0] === after)}`,
      `i.subjBeforeRoot=${subj !== undefined && subj < root}`,
      `i.rootGap=${bucketOf(root - i, [1, 2, 4, 8])}`,
      `i.rootU=${upos(root)}`,
      `i.tops=${bucketOf(info.children[root].filter((k) => k <= i).length, [1, 2])}`,
      `i.nextShape=${wordShape(words[after - 1]?.form ?? '')}`,
    );
    return f;
  }
  const [a, b] = [c.left + 1, c.right];
  const h = info.head(c.w);
  const opener = form(a);
  const openerClass = OPENERS.test(opener) ? opener : upos(a);
  const state = c.slots.length === 2 ? 'both' : c.slots[0] === c.left ? 'left' : 'right';
  const len = b - a + 1;
  const hSubj = h >= 1 && /^(nsubj|csubj)/.test(info.rel(h));
  const beforeRoot = b < root;
  const antecedent = h >= 1 ? `${upos(h)}|${determination(info, words, h)}` : 'none';
  const next = b + 1;
  f.push(
    `r.state=${K}|${state}`,
    `r.opener=${K}|${openerClass}`,
    `r.opener|state=${K}|${openerClass}|${state}`,
    `r.opener|ante=${K}|${openerClass}|${antecedent}`,
    `r.ante=${K}|${antecedent}`,
    `r.anteU=${K}|${upos(h)}`,
    `r.anteForm=${K}|${form(h)}`,
    `r.anteShape=${K}|${wordShape(words[h - 1]?.form ?? '')}`,
    `r.anteRel=${K}|${h >= 1 ? info.rel(h) : 'none'}`,
    `r.anteAdj=${K}|${h === a - 1}`,
    `r.prev=${K}|${form(a - 1)}`,
    `r.prevU|firstU=${K}|${upos(a - 1)}|${upos(a)}`,
    `r.headU=${K}|${upos(c.w)}|${determination(info, words, c.w)}`,
    `r.headShape=${K}|${wordShape(words[c.w - 1].form)}`,
    `r.len=${K}|${bucketOf(len, [1, 2, 3, 5, 8, 12, 20])}`,
    `r.len|state=${K}|${bucketOf(len, [1, 2, 3, 5, 8, 12, 20])}|${state}`,
    `r.subj=${K}|${hSubj}|${beforeRoot}`,
    `r.next=${K}|${form(next)}`,
    `r.nextU=${K}|${upos(next)}`,
    `r.nextRel=${K}|${next <= n ? info.rel(next) : 'end'}`,
    `r.nextRoot=${K}|${next === root}`,
    `r.last=${K}|${form(b)}`,
    `r.lastU=${K}|${upos(b)}`,
    `r.atEnd=${K}|${b === n}`,
    `r.inner=${K}|${s.tree.slots.slice(a, b).flat().some((m) => m === ',')}`,
    `r.opener|anteShape=${K}|${openerClass}|${wordShape(words[h - 1]?.form ?? '')}`,
    // Read off the words alone, not the parse, which is wrong where the commas are missing: the relative word and the
    // word after it ("which means", "who is": mostly set off; "which the editor assumes": as often restrictive), the
    // word before the slot and the one before that ("a list which", "the X which"), and whether a comma stands earlier.
    `w.opener|next=${K}|${opener}|${form(a + 1)}`,
    `w.opener|nextU=${K}|${opener}|${upos(a + 1)}`,
    `w.prev|opener=${K}|${form(a - 1)}|${opener}`,
    `w.prev2|prevU=${K}|${form(a - 2)}|${upos(a - 1)}`,
    `w.prevShape|opener=${K}|${wordShape(words[a - 2]?.form ?? '')}|${opener}`,
    `w.commaBefore=${K}|${s.tree.slots.slice(1, a - 1).some((m) => m.includes(','))}`,
  );
  return f;
}

/**
 * Depunctuation (paper §4 and footnote 19): a treebank sentence becomes the unpunctuated tree T over its n words plus
 * the surface punctuation x_i at each of the n+1 slots between words.
 */
import { ConlluSentence, ConlluWord } from './conllu';
import { ABBREV_DOT, normalisePunct } from './punctTokens';

export interface TreeWord {
  form: string;
  lemma: string;
  upos: string;
  xpos: string;
  feats: string;
  /** Full UD relation, subtype included (`acl:relcl`). */
  deprel: string;
  /** 0 for the root, else the 1-based index of the head among the tree's words. */
  head: number;
}

/** An unpunctuated tree and the surface punctuation at its slots. Slot i lies between word i and word i+1. */
export interface PunctuatedTree {
  id?: string;
  words: TreeWord[];
  /** n+1 slots; each a (usually empty) sequence of normalised punctuation tokens, without the ∘ mark. */
  slots: string[][];
}

export type DepunctResult = { ok: true; tree: PunctuatedTree } | { ok: false; reason: 'punct-not-leaf' | 'no-words' };

export function isPunctWord(w: ConlluWord): boolean {
  return w.upos === 'PUNCT' || w.deprel === 'punct';
}

function quoteSide(w: ConlluWord): 'open' | 'close' | undefined {
  if (w.xpos === '``') return 'open';
  if (w.xpos === "''") return 'close';
  return undefined;
}

/** Words like `etc.`, `Inc.`, `U.S.` end in an abbreviation dot (a lone `.` word is not one). */
export function splitAbbreviation(form: string): { stem: string; dot: boolean } {
  if (form.length > 1 && form.endsWith('.') && !/^\.+$/.test(form)) return { stem: form.slice(0, -1), dot: true };
  return { stem: form, dot: false };
}

export function depunctuate(s: ConlluSentence): DepunctResult {
  const punct = s.words.map(isPunctWord);
  // Punctuation must be leaves: if any word depends on a punctuation token, the sentence is omitted.
  for (const w of s.words) if (w.head > 0 && punct[w.head - 1]) return { ok: false, reason: 'punct-not-leaf' };
  const newIndex = new Array<number>(s.words.length + 1).fill(0);
  let n = 0;
  for (const w of s.words) if (!punct[w.id - 1]) newIndex[w.id] = ++n;
  if (n === 0) return { ok: false, reason: 'no-words' };

  const words: TreeWord[] = [];
  const slots: string[][] = Array.from({ length: n + 1 }, () => []);
  let slot = 0;
  for (const w of s.words) {
    if (punct[w.id - 1]) {
      // Separate quote-like forms; multi-character marks such as `...` stay one token.
      slots[slot].push(normalisePunct(w.form, quoteSide(w)));
      continue;
    }
    const { stem, dot } = splitAbbreviation(w.form);
    words.push({
      form: stem,
      lemma: w.lemma,
      upos: w.upos,
      xpos: w.xpos,
      feats: w.feats,
      deprel: w.deprel,
      head: newIndex[w.head],
    });
    slot = newIndex[w.id];
    if (dot) slots[slot].push(ABBREV_DOT);
  }
  return { ok: true, tree: { id: s.sentId, words, slots } };
}

/** Span of every word's subtree as (first word, last word), 1-based, assuming a projective tree or not. */
export function subtreeSpans(words: readonly TreeWord[]): Array<[number, number]> {
  const n = words.length;
  const lo = Array.from({ length: n + 1 }, (_, i) => i);
  const hi = Array.from({ length: n + 1 }, (_, i) => i);
  for (let i = 1; i <= n; i++) {
    let h = words[i - 1].head;
    let guard = 0;
    while (h !== 0 && guard++ <= n) {
      if (i < lo[h]) lo[h] = i;
      if (i > hi[h]) hi[h] = i;
      h = words[h - 1].head;
    }
  }
  const out: Array<[number, number]> = [];
  for (let i = 1; i <= n; i++) out.push([lo[i], hi[i]]);
  return out;
}

/** Whether the tree is projective (every subtree covers a contiguous span). Algorithm 1 needs it. */
export function isProjective(words: readonly TreeWord[]): boolean {
  const spans = subtreeSpans(words);
  const size = new Array<number>(words.length + 1).fill(0);
  for (let i = 1; i <= words.length; i++) {
    let h: number = i;
    let guard = 0;
    while (h !== 0 && guard++ <= words.length) {
      size[h]++;
      h = words[h - 1].head;
    }
  }
  return spans.every(([a, b], k) => b - a + 1 === size[k + 1]);
}

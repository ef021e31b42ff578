/**
 * What the tagger and parser read of a sentence: its words and the (normalised) punctuation in each of the n+1
 * slots between them. Punctuation tokens are not nodes of the tree; they are evidence attached to slots.
 */
import { hashString } from './hash';

export interface WordSequence {
  forms: string[];
  /** n+1 slots of normalised punctuation tokens (`normalisePunct`), slot i just before word i (0-based). */
  slots: string[][];
}

/** Integer views of a sentence, computed once and shared by all feature templates. */
export interface EncodedSentence {
  n: number;
  form: Int32Array;
  lower: Int32Array;
  suffix1: Int32Array;
  suffix2: Int32Array;
  suffix3: Int32Array;
  suffix4: Int32Array;
  prefix1: Int32Array;
  prefix2: Int32Array;
  shape: Int32Array;
  /** Hash of the slot's marks (0 when the slot is empty). */
  slot: Int32Array;
  /** commasBefore[i] = number of commas in slots 0..i-1, so that a span's commas are a difference. */
  commasBefore: Int32Array;
  /** Word clusters (fine and coarse, 0 = unknown word), see `wordClusters.ts`. */
  cluster: Int32Array;
  coarse: Int32Array;
}

/** Maps a normalised word's hash to its clusters. */
export type ClusterLookup = (wordHash: number) => { fine: number; coarse: number };

/** Digits carry little syntax of their own: `5:30` and `7:45` share features. */
export function normaliseWord(form: string): string {
  return form.toLowerCase().replace(/[0-9]/g, '0');
}

/** Coarse word shape (`Xxxx`, `dd:dd`, `x.x.`), runs of the same class collapsed after two. */
export function wordShape(form: string): string {
  let out = '';
  let last = '';
  let run = 0;
  for (const ch of form) {
    const c = /[A-Z]/.test(ch) ? 'X' : /[a-z]/.test(ch) ? 'x' : /[0-9]/.test(ch) ? 'd' : /\p{L}/u.test(ch) ? 'L' : ch;
    run = c === last ? run + 1 : 1;
    last = c;
    if (run <= 2) out += c;
  }
  return out;
}

export function encodeSentence(s: WordSequence, clusters?: ClusterLookup): EncodedSentence {
  const n = s.forms.length;
  const e: EncodedSentence = {
    n,
    form: new Int32Array(n),
    lower: new Int32Array(n),
    suffix1: new Int32Array(n),
    suffix2: new Int32Array(n),
    suffix3: new Int32Array(n),
    suffix4: new Int32Array(n),
    prefix1: new Int32Array(n),
    prefix2: new Int32Array(n),
    shape: new Int32Array(n),
    slot: new Int32Array(n + 1),
    commasBefore: new Int32Array(n + 2),
    cluster: new Int32Array(n),
    coarse: new Int32Array(n),
  };
  for (let i = 0; i < n; i++) {
    const f = s.forms[i];
    const w = normaliseWord(f);
    e.form[i] = hashString(f);
    e.lower[i] = hashString(w);
    e.suffix1[i] = hashString(w.slice(-1));
    e.suffix2[i] = hashString(w.slice(-2));
    e.suffix3[i] = hashString(w.slice(-3));
    e.suffix4[i] = hashString(w.slice(-4));
    e.prefix1[i] = hashString(w.slice(0, 1));
    e.prefix2[i] = hashString(w.slice(0, 2));
    e.shape[i] = hashString(wordShape(f));
    if (clusters) {
      const c = clusters(e.lower[i]);
      e.cluster[i] = c.fine;
      e.coarse[i] = c.coarse;
    }
  }
  for (let i = 0; i <= n; i++) {
    const marks = s.slots[i] ?? [];
    e.slot[i] = marks.length ? hashString(marks.join(' ')) : 0;
    let commas = 0;
    for (const m of marks) if (m === ',') commas++;
    e.commasBefore[i + 1] = e.commasBefore[i] + commas;
  }
  return e;
}

/**
 * The sentence read right to left (for the reverse tagger): word i becomes word n−1−i and slot i (before word i)
 * becomes slot n−i, so the marks stay between the same two words.
 */
export function reverseSentence(e: EncodedSentence): EncodedSentence {
  const n = e.n;
  const rev = (a: Int32Array) => {
    const out = new Int32Array(a.length);
    for (let i = 0; i < a.length; i++) out[i] = a[a.length - 1 - i];
    return out;
  };
  const commasBefore = new Int32Array(n + 2);
  for (let i = 0; i <= n; i++) commasBefore[i + 1] = commasBefore[i] + e.commasBefore[n - i + 1] - e.commasBefore[n - i];
  return {
    n,
    form: rev(e.form),
    lower: rev(e.lower),
    suffix1: rev(e.suffix1),
    suffix2: rev(e.suffix2),
    suffix3: rev(e.suffix3),
    suffix4: rev(e.suffix4),
    prefix1: rev(e.prefix1),
    prefix2: rev(e.prefix2),
    shape: rev(e.shape),
    slot: rev(e.slot),
    commasBefore,
    cluster: rev(e.cluster),
    coarse: rev(e.coarse),
  };
}

/**
 * Context features of the Attach model (paper §2.1 and App. A; notes §3.1). Each context is conjoined with the
 * outputs the model scores: the pair (l, r), l alone, r alone, and the symmetry class of (l, r). The families:
 * relation (N), children relations (C), path to the root (P), head and own POS (T), POS around the edges (F),
 * symmetry (S, through the output class), punctuation already inside the subtree (D), plus lexical contexts that
 * English needs: the first word of the span (relative pronoun, subordinator), the `cc`/`mark`/`case` child words,
 * and the head word of the constituent ("however").
 */
import { FNV_OFFSET, fnvFrom, fnvOfParts } from '../parser/fnv';
import { TreeInfo } from '../data/treeInfo';

export const OUT_PAIR = 1, OUT_L = 2, OUT_R = 4, OUT_SYM = 8;
export const OUT_ALL = OUT_PAIR | OUT_L | OUT_R;

export interface Context {
  name: string;
  outputs: number;
}

/** Relations whose dependents are function words worth seeing lexically. */
const LEXICAL_CHILD = new Set(['cc', 'mark', 'advmod', 'discourse', 'nsubj']);

/**
 * Lexical contexts are kept to closed-class words (open-class words would multiply the hashed features by the
 * vocabulary size for little gain); the words that decide English comma conventions get the full (l, r) pair.
 */
const CLOSED_UPOS = new Set(['PRON', 'SCONJ', 'CCONJ', 'ADP', 'ADV', 'DET', 'AUX', 'PART', 'INTJ']);
export const KEY_WORDS = new Set([
  'which', 'that', 'who', 'whom', 'whose', 'where', 'when', 'while', 'whereas', 'because', 'although', 'though',
  'if', 'unless', 'since', 'as', 'after', 'before', 'until', 'and', 'or', 'but', 'nor', 'so', 'yet', 'however',
  'therefore', 'also', 'too', 'then', 'thus', 'instead', 'indeed', 'yes', 'no', 'well', 'oh', 'please', 'thanks',
  'i.e', 'e.g', 'etc', 'including', 'such', 'like', 'unlike', 'especially', 'namely', 'say', 'said', 'says',
]);

function lenBucket(len: number): string {
  return len <= 1 ? '1' : len === 2 ? '2' : len <= 4 ? '3-4' : len <= 8 ? '5-8' : len <= 16 ? '9-16' : '17+';
}

/** The contexts of node w that do not depend on the punctuation (computed once per tree), by name. */
export function staticContexts(info: TreeInfo, w: number, wordKey: (form: string) => string): Context[] {
  const out: Context[] = [];
  writeStaticContexts(info, w, wordKey, (outputs, a, b = '', c = '', d = '', e = '', f = '') => out.push({ name: a + b + c + d + e + f, outputs }));
  return out;
}

/**
 * The same contexts hashed as `hashContexts(staticContexts(…))` hashes them, without making their names: FNV-1a runs
 * on over each part of a name in turn, which is the hash of the whole name. Building ~20 names a node only to hash
 * them was most of preparing a tree.
 */
export function staticContextHashes(info: TreeInfo, w: number, wordKey: (form: string) => string): { hash: Uint32Array; outputs: Uint8Array } {
  let k = 0;
  writeStaticContexts(info, w, wordKey, (outputs, a, b, c, d, e, f) => {
    const h = fnvOfParts(FNV_OFFSET, a, b, c, d, e, f);
    if (k === scratchHash.length) [scratchHash, scratchOutputs] = [grown(scratchHash), grown(scratchOutputs)];
    scratchHash[k] = h >>> 0;
    scratchOutputs[k++] = outputs;
  });
  return { hash: scratchHash.slice(0, k), outputs: scratchOutputs.slice(0, k) };
}

let scratchHash = new Uint32Array(64);
let scratchOutputs = new Uint8Array(64);
function grown<T extends Uint32Array | Uint8Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(2 * a.length);
  b.set(a);
  return b;
}

/** A context whose name is the parts a … f joined. */
type ContextWriter = (outputs: number, a: string, b?: string, c?: string, d?: string, e?: string, f?: string) => void;

/** The one definition of the static contexts, written part by part (`staticContexts`, `staticContextHashes`). */
function writeStaticContexts(info: TreeInfo, w: number, wordKey: (form: string) => string, add: ContextWriter): void {
  const W = info.words;
  const n = info.n;
  const node = W[w - 1];
  const d = node.deprel;
  const base = d.split(':')[0];
  const h = info.head(w);
  const hpos = h === 0 ? 'ROOT' : W[h - 1].upos;
  const hd = h === 0 ? 'ROOT' : W[h - 1].deprel;
  const side = h === 0 ? 'root' : w < h ? 'L' : 'R';
  const a = info.lo[w], b = info.hi[w];
  const posBefore = a > 1 ? W[a - 2].upos : 'BOS';
  const posAfter = b < n ? W[b].upos : 'EOS';
  const lex = (k: number): string | undefined => {
    const wd = W[k - 1];
    const f = wd.form.toLowerCase();
    if (KEY_WORDS.has(f)) return f;
    return CLOSED_UPOS.has(wd.upos) ? wordKey(wd.form) : undefined;
  };
  const firstWord = lex(a);
  const ownWord = lex(w);
  add(OUT_ALL | OUT_SYM, 'b');
  add(OUT_ALL | OUT_SYM, 'd=', d);
  add(OUT_ALL, 'db=', base);
  add(OUT_ALL | OUT_SYM, 'ds=', d, '|', side);
  add(OUT_PAIR, 'pos=', node.upos, '|', d);
  add(OUT_ALL, 'hpos=', hpos, '|', d, '|', side);
  add(OUT_PAIR, 'pp=', node.upos, '|', hpos);
  add(OUT_ALL, 'p2=', d, '^', hd);
  add(OUT_L, 'fl=', posBefore, '|', W[a - 1].upos);
  add(OUT_L, 'fld=', posBefore, '|', W[a - 1].upos, '|', d);
  add(OUT_R, 'fr=', W[b - 1].upos, '|', posAfter);
  add(OUT_R, 'frd=', W[b - 1].upos, '|', posAfter, '|', d);
  add(OUT_ALL, 'len=', lenBucket(b - a + 1), '|', d);
  add(OUT_ALL, 'edge=', a === 1 ? 'S' : '-', b === n ? 'E' : '-', '|', d);
  if (firstWord !== undefined) {
    add(KEY_WORDS.has(firstWord) ? OUT_ALL : OUT_L | OUT_R, 'fw=', firstWord, '|', d);
    add(OUT_L, 'fw0=', firstWord);
  }
  if (ownWord !== undefined) add(KEY_WORDS.has(ownWord) ? OUT_ALL : OUT_L | OUT_R, 'w=', ownWord, '|', d);
  for (const c of info.left[w]) add(OUT_ALL, 'ch=', d, '>', W[c - 1].deprel, '|L');
  for (const c of info.right[w]) add(OUT_ALL, 'ch=', d, '>', W[c - 1].deprel, '|R');
  for (const children of [info.left[w], info.right[w]])
    for (const c of children) {
      const cd = W[c - 1].deprel;
      if (!LEXICAL_CHILD.has(cd.split(':')[0])) continue;
      const cw = lex(c);
      if (cw !== undefined) add(KEY_WORDS.has(cw) ? OUT_ALL : OUT_L | OUT_R, 'cw=', d, '>', cd, '=', cw);
    }
  // Position in a list of conjuncts (the serial comma is a property of the last one, paper §5.2).
  if (base === 'conj' && h !== 0) {
    const sibs = info.right[h].filter((s) => W[s - 1].deprel.split(':')[0] === 'conj');
    const last = sibs[sibs.length - 1] === w;
    add(OUT_ALL, 'conjpos=', last ? 'last' : 'mid', '|', String(sibs.length));
  }
}

/** Family (D): the surface punctuation strictly inside w's span (fully determined by w's descendants). */
export function internalPunctContexts(info: TreeInfo, w: number, slots: readonly (readonly string[])[]): Context[] {
  const a = info.lo[w], b = info.hi[w];
  if (a === b) return [];
  const set = new Set<string>();
  for (let s = a; s < b; s++) for (const t of slots[s]) set.add(t);
  if (set.size === 0) return [{ name: `int=none|${info.words[w - 1].deprel}`, outputs: OUT_PAIR }];
  const toks = [...set].sort();
  const d = info.words[w - 1].deprel;
  const out: Context[] = [{ name: `int=${toks.slice(0, 4).join('')}|${d}`, outputs: OUT_L | OUT_R | OUT_SYM }];
  for (const t of toks) out.push({ name: `it=${t}|${d}`, outputs: OUT_ALL });
  return out;
}

/** FNV-1a hash of a string to 32 bits. */
export function hashString(s: string): number {
  return fnvFrom(FNV_OFFSET, s) >>> 0;
}

/** Index of (context hash, output id) in the hashed weight vector. */
export function featureIndex(ctx: number, out: number, mask: number): number {
  let h = (ctx ^ Math.imul(out + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) & mask;
}

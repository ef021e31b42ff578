/**
 * The arc-hybrid transition system (Kuhlmann, Gómez-Rodríguez & Satta 2011) with the artificial root at the end of
 * the buffer (Ballesteros & Nivre 2013), and its dynamic oracle (Goldberg & Nivre 2013).
 *
 * Words are 0..n-1; the root is n. SHIFT moves b0 onto the stack; LEFT makes b0 the head of s0 and pops it; RIGHT
 * makes s1 the head of s0 and pops it. The root may take a dependent only when it is alone with one word, so every
 * terminal configuration is a projective tree with exactly one word attached to the root and no cycles.
 */

export const SHIFT = 0;
export const LEFT = 1;
export const RIGHT = 2;
export const N_TRANSITIONS = 3;

export class ArcHybridState {
  readonly n: number;
  readonly stack: Int32Array;
  sp = 0;
  /** Front of the buffer; the buffer is b..n (n = root). */
  b = 0;
  readonly head: Int32Array;
  readonly inStack: Uint8Array;
  // Children bookkeeping for features (index n = root): leftmost two and rightmost two, counts, subtree edges.
  readonly lc1: Int32Array;
  readonly lc2: Int32Array;
  readonly rc1: Int32Array;
  readonly rc2: Int32Array;
  readonly nLeft: Int32Array;
  readonly nRight: Int32Array;
  readonly leftEdge: Int32Array;
  readonly rightEdge: Int32Array;
  /**
   * Relation of each attached word (-1 until labelled, see `ArcLabeller`), and the set of relations of each node's
   * left and right dependents as bit masks (relation ids below 31 in `…Lo`, the rest in `…Hi`).
   */
  readonly label: Int32Array;
  readonly leftSetLo: Int32Array;
  readonly leftSetHi: Int32Array;
  readonly rightSetLo: Int32Array;
  readonly rightSetHi: Int32Array;

  constructor(n: number) {
    this.n = n;
    this.stack = new Int32Array(n + 1);
    this.head = new Int32Array(n).fill(-1);
    this.inStack = new Uint8Array(n + 1);
    this.lc1 = new Int32Array(n + 1).fill(-1);
    this.lc2 = new Int32Array(n + 1).fill(-1);
    this.rc1 = new Int32Array(n + 1).fill(-1);
    this.rc2 = new Int32Array(n + 1).fill(-1);
    this.nLeft = new Int32Array(n + 1);
    this.nRight = new Int32Array(n + 1);
    this.leftEdge = Int32Array.from({ length: n + 1 }, (_, i) => i);
    this.rightEdge = Int32Array.from({ length: n + 1 }, (_, i) => i);
    this.label = new Int32Array(n + 1).fill(-1);
    this.leftSetLo = new Int32Array(n + 1);
    this.leftSetHi = new Int32Array(n + 1);
    this.rightSetLo = new Int32Array(n + 1);
    this.rightSetHi = new Int32Array(n + 1);
  }

  /** Records the relation of the arc to d (already attached). */
  setLabel(d: number, rel: number): void {
    this.label[d] = rel;
    const h = this.head[d];
    const bit = 1 << rel % 31;
    if (d < h) {
      if (rel < 31) this.leftSetLo[h] |= bit;
      else this.leftSetHi[h] |= bit;
    } else if (rel < 31) this.rightSetLo[h] |= bit;
    else this.rightSetHi[h] |= bit;
  }

  /** Stack item k from the top (0 = s0), or -1. */
  s(k: number): number {
    return k < this.sp ? this.stack[this.sp - 1 - k] : -1;
  }

  /** Buffer item k from the front (0 = b0), or -1 past the root. */
  bf(k: number): number {
    const i = this.b + k;
    return i <= this.n ? i : -1;
  }

  isTerminal(): boolean {
    return this.b === this.n && this.sp === 0;
  }

  isLegal(t: number): boolean {
    if (t === SHIFT) return this.b < this.n;
    if (t === LEFT) return this.sp >= 1 && (this.b < this.n || this.sp === 1);
    return this.sp >= 2;
  }

  /**
   * The only legal transition, or −1 when there is a choice: a forced transition (SHIFT onto an empty stack, the
   * arcs left once the buffer is empty) needs no scores, so the parsers skip features and scoring for it.
   */
  forced(): number {
    let only = -1;
    for (let t = 0; t < N_TRANSITIONS; t++) {
      if (!this.isLegal(t)) continue;
      if (only >= 0) return -1;
      only = t;
    }
    return only;
  }

  /** The highest-scoring legal transition (ties go to the lowest). */
  bestLegal(scores: ArrayLike<number>): number {
    let best = -1;
    for (let t = 0; t < N_TRANSITIONS; t++) if (this.isLegal(t) && (best < 0 || scores[t] > scores[best])) best = t;
    return best;
  }

  /** The best legal transition by these scores if it leads every other legal one by at least `margin`, else -1. */
  bestLegalBy(scores: ArrayLike<number>, margin: number): number {
    const best = this.bestLegal(scores);
    for (let t = 0; t < N_TRANSITIONS; t++) if (t !== best && this.isLegal(t) && scores[best] - scores[t] < margin) return -1;
    return best;
  }

  /** Applies transition t; returns the word it attached, or -1 for SHIFT. */
  apply(t: number): number {
    if (t === SHIFT) {
      this.inStack[this.b] = 1;
      this.stack[this.sp++] = this.b++;
      return -1;
    }
    const d = this.stack[--this.sp];
    this.inStack[d] = 0;
    if (t === LEFT) this.attach(this.b, d);
    else this.attach(this.stack[this.sp - 1], d);
    return d;
  }

  private attach(h: number, d: number): void {
    this.head[d] = h;
    if (d < h) {
      // Left dependents arrive from the nearest outwards, so the newest is the leftmost.
      this.lc2[h] = this.lc1[h];
      this.lc1[h] = d;
      this.nLeft[h]++;
      if (this.leftEdge[d] < this.leftEdge[h]) this.leftEdge[h] = this.leftEdge[d];
    } else {
      this.rc2[h] = this.rc1[h];
      this.rc1[h] = d;
      this.nRight[h]++;
      if (this.rightEdge[d] > this.rightEdge[h]) this.rightEdge[h] = this.rightEdge[d];
    }
  }

  /**
   * Dynamic-oracle cost of transition t: how many gold arcs that are still reachable it makes unreachable
   * (arc-hybrid is arc-decomposable, so this is exact). `gold[i]` is word i's gold head (n = root); `goldKids[h]` the
   * gold dependents of h.
   */
  cost(t: number, gold: Int32Array, goldKids: Int32Array[]): number {
    const b = this.b;
    if (t === SHIFT) {
      const s0 = this.s(0);
      let c = 0;
      const g = gold[b];
      if (g < this.n && this.inStack[g] && g !== s0) c++;
      // Only the bottom of the stack can become the root's dependent.
      if (g === this.n && this.sp > 0) c++;
      for (const k of goldKids[b]) if (this.inStack[k]) c++;
      return c;
    }
    const d = this.s(0);
    const g = gold[d];
    let c = 0;
    // A root arc is reachable only for the bottom of the stack (sp === 1).
    const reachableInBuffer = g >= b && (g !== this.n || this.sp === 1);
    if (t === LEFT) {
      if (g !== b && (g === this.s(1) || reachableInBuffer)) c++;
    } else if (g !== this.s(1) && reachableInBuffer) c++;
    for (const k of goldKids[d]) if (k >= b) c++;
    return c;
  }
}

/** Gold dependents of every head (index n = root) from a head array. */
export function goldChildren(gold: Int32Array): Int32Array[] {
  const n = gold.length;
  const lists: number[][] = Array.from({ length: n + 1 }, () => []);
  for (let i = 0; i < n; i++) lists[gold[i]].push(i);
  return lists.map((l) => Int32Array.from(l));
}

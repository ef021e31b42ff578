/**
 * Eisner's algorithm (1996): the highest-scoring projective dependency tree in O(n³), with exactly one word attached
 * to the root (as every UD tree has). Scores come as the arc scorer gives them: score[d·(n + 1) + h] for word d with
 * head h, h = n the root. Heads come back in the same convention.
 *
 * The chart runs over the words alone; the root's one child c is chosen last, as the best of
 * s(root → c) + (c's complete span to the left, from word 0) + (its complete span to the right, to word n − 1).
 * A tree with the root in front and one root child is projective exactly when that is, so this is the
 * usual single-root Eisner.
 */

/**
 * The chart, kept from call to call (grown for a longer sentence): each sentence's cells are written before they are
 * read, so nothing is cleared. Spans [i, j] of complete (C) and incomplete (I) items, dir 0 headed at j, dir 1 at i;
 * each table laid out so that the split point k runs along a row in the inner loops (the C tables both ways: read
 * along i in one loop and along j in another). Back-pointers hold the split point.
 */
let cells = 0;
let c0ByI = new Float64Array(0); // C dir 0 at i·n + j
let c0ByJ = new Float64Array(0); // C dir 0 at j·n + i
let c1ByI = new Float64Array(0); // C dir 1 at i·n + j
let c1ByJ = new Float64Array(0); // C dir 1 at j·n + i
let i0ByJ = new Float64Array(0); // I dir 0 at j·n + i
let i1ByI = new Float64Array(0); // I dir 1 at i·n + j
let bI = new Int32Array(0); // both I's split at i·n + j
let bC0 = new Int32Array(0);
let bC1 = new Int32Array(0);
let stack = new Int32Array(0);

function grow(n: number): void {
  if (n * n <= cells) return;
  cells = Math.max(n * n, 2 * cells);
  [c0ByI, c0ByJ, c1ByI, c1ByJ, i0ByJ, i1ByI] = Array.from({ length: 6 }, () => new Float64Array(cells));
  [bI, bC0, bC1] = Array.from({ length: 3 }, () => new Int32Array(cells));
  // Back-tracking pushes two items (four entries each) at the start and per item split (n − 1 incomplete ones, and as
  // many complete ones, each of which holds one): 4n − 2 items at most, for any n whose chart fits.
  stack = new Int32Array(16 * Math.ceil(Math.sqrt(cells)));
}

/** An item (kind: 0 = C, 1 = I; span i…j; dir) at st[at …]. */
function put(st: Int32Array, at: number, kind: number, i: number, j: number, dir: number): void {
  st[at] = kind;
  st[at + 1] = i;
  st[at + 2] = j;
  st[at + 3] = dir;
}

/** Heads of the best single-rooted projective tree; `score` is n × (n + 1). */
export function eisner(score: Float64Array, n: number): Int32Array {
  const head = new Int32Array(n);
  if (n === 0) return head;
  grow(n);
  const R = n + 1;
  const C0I = c0ByI, C0J = c0ByJ, C1I = c1ByI, C1J = c1ByJ, I0J = i0ByJ, I1I = i1ByI, BI = bI, BC0 = bC0, BC1 = bC1;
  for (let i = 0; i < n; i++) {
    const ii = i * n + i;
    C0I[ii] = C0J[ii] = C1I[ii] = C1J[ii] = 0;
  }
  for (let w = 1; w < n; w++) {
    for (let i = 0; i + w < n; i++) {
      const j = i + w;
      const iRow = i * n, jRow = j * n;
      // Incomplete: the arc between i and j over C[i, k] (headed at i) and C[k + 1, j] (headed at j).
      let best = -Infinity, arg = i;
      for (let k = i; k < j; k++) {
        const x = C1I[iRow + k] + C0J[jRow + k + 1];
        if (x > best) {
          best = x;
          arg = k;
        }
      }
      I0J[jRow + i] = best + score[i * R + j];
      I1I[iRow + j] = best + score[j * R + i];
      BI[iRow + j] = arg;
      // Complete headed at j: C[i, k] headed at k, then I[k, j] headed at j.
      best = -Infinity;
      arg = i;
      for (let k = i; k < j; k++) {
        const x = C0I[iRow + k] + I0J[jRow + k];
        if (x > best) {
          best = x;
          arg = k;
        }
      }
      C0I[iRow + j] = C0J[jRow + i] = best;
      BC0[iRow + j] = arg;
      // Complete headed at i: I[i, k] headed at i, then C[k, j] headed at k.
      best = -Infinity;
      arg = j;
      for (let k = i + 1; k <= j; k++) {
        const x = I1I[iRow + k] + C1J[jRow + k];
        if (x > best) {
          best = x;
          arg = k;
        }
      }
      C1I[iRow + j] = C1J[jRow + i] = best;
      BC1[iRow + j] = arg;
    }
  }
  let root = 0, best = -Infinity;
  for (let c = 0; c < n; c++) {
    const x = score[c * R + n] + C0I[c] + C1I[c * n + n - 1];
    if (x > best) {
      best = x;
      root = c;
    }
  }
  head[root] = n;
  // Back-tracking with an explicit stack of items; a split item's place taken by its two parts, the second popped first.
  const st = stack;
  st.set([0, 0, root, 0, 0, root, n - 1, 1]);
  let top = 8;
  while (top > 0) {
    top -= 4;
    const kind = st[top], i = st[top + 1], j = st[top + 2], dir = st[top + 3];
    if (i === j) continue;
    let k: number;
    if (kind === 1) {
      if (dir === 0) head[i] = j;
      else head[j] = i;
      k = BI[i * n + j];
      put(st, top, 0, i, k, 1);
      put(st, top + 4, 0, k + 1, j, 0);
    } else if (dir === 0) {
      k = BC0[i * n + j];
      put(st, top, 0, i, k, 0);
      put(st, top + 4, 1, k, j, 0);
    } else {
      k = BC1[i * n + j];
      put(st, top, 1, i, k, 1);
      put(st, top + 4, 0, k, j, 1);
    }
    top += 8;
  }
  return head;
}

/** The score of a tree: the sum of its arcs' scores. */
export function treeScore(score: Float64Array, n: number, head: Int32Array): number {
  let x = 0;
  for (let d = 0; d < n; d++) x += score[d * (n + 1) + head[d]];
  return x;
}

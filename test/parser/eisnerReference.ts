/**
 * Eisner's algorithm as written first (one chart of (i·n + j)·2 + dir cells, allocated per call, index closures): the
 * reference `graph/eisner.ts`'s chart kept from call to call and laid out by split point must agree with, tree for
 * tree, ties included (the same split points tried in the same order, the first best kept).
 */
export function eisnerReference(score: Float64Array, n: number): Int32Array {
  const head = new Int32Array(n);
  if (n === 0) return head;
  const R = n + 1;
  const s = (h: number, d: number) => score[d * R + h];
  // Complete (C) and incomplete (I) spans [i, j], each in two directions: dir 0 headed at j (arcs point left, to
  // words before j), dir 1 headed at i. Index (i·n + j)·2 + dir. Back-pointers hold the split point.
  const size = n * n * 2;
  const C = new Float64Array(size).fill(-Infinity);
  const I = new Float64Array(size).fill(-Infinity);
  const bC = new Int32Array(size);
  const bI = new Int32Array(size);
  const at = (i: number, j: number, dir: number) => (i * n + j) * 2 + dir;
  for (let i = 0; i < n; i++) {
    C[at(i, i, 0)] = 0;
    C[at(i, i, 1)] = 0;
  }
  for (let w = 1; w < n; w++) {
    for (let i = 0; i + w < n; i++) {
      const j = i + w;
      // Incomplete: the arc between i and j over C[i, k] (headed at i) and C[k + 1, j] (headed at j).
      let best = -Infinity, arg = i;
      for (let k = i; k < j; k++) {
        const x = C[at(i, k, 1)] + C[at(k + 1, j, 0)];
        if (x > best) {
          best = x;
          arg = k;
        }
      }
      I[at(i, j, 0)] = best + s(j, i);
      bI[at(i, j, 0)] = arg;
      I[at(i, j, 1)] = best + s(i, j);
      bI[at(i, j, 1)] = arg;
      // Complete headed at j: C[i, k] headed at k, then I[k, j] headed at j.
      best = -Infinity;
      arg = i;
      for (let k = i; k < j; k++) {
        const x = C[at(i, k, 0)] + I[at(k, j, 0)];
        if (x > best) {
          best = x;
          arg = k;
        }
      }
      C[at(i, j, 0)] = best;
      bC[at(i, j, 0)] = arg;
      // Complete headed at i: I[i, k] headed at i, then C[k, j] headed at k.
      best = -Infinity;
      arg = j;
      for (let k = i + 1; k <= j; k++) {
        const x = I[at(i, k, 1)] + C[at(k, j, 1)];
        if (x > best) {
          best = x;
          arg = k;
        }
      }
      C[at(i, j, 1)] = best;
      bC[at(i, j, 1)] = arg;
    }
  }
  let root = 0, best = -Infinity;
  for (let c = 0; c < n; c++) {
    const x = s(n, c) + C[at(0, c, 0)] + C[at(c, n - 1, 1)];
    if (x > best) {
      best = x;
      root = c;
    }
  }
  head[root] = n;
  // Back-tracking with an explicit stack: [kind (0 = C, 1 = I), i, j, dir].
  const stack: number[] = [0, 0, root, 0, 0, root, n - 1, 1];
  while (stack.length) {
    const dir = stack.pop()!, j = stack.pop()!, i = stack.pop()!, kind = stack.pop()!;
    if (i === j) continue;
    if (kind === 1) {
      if (dir === 0) head[i] = j;
      else head[j] = i;
      const k = bI[at(i, j, dir)];
      stack.push(0, i, k, 1, 0, k + 1, j, 0);
    } else if (dir === 0) {
      const k = bC[at(i, j, 0)];
      stack.push(0, i, k, 0, 1, k, j, 0);
    } else {
      const k = bC[at(i, j, 1)];
      stack.push(1, i, k, 1, 0, k, j, 1);
    }
  }
  return head;
}

/**
 * How the channel turned one slot's underlying marks u_i into its surface marks x_i, token by token, for drawing:
 * tokens kept in place, tokens that changed places (transposition: `” .` written `. ”`), tokens absorbed (`, .` written
 * `.`), and surface tokens with no underlying source (insertion noise).
 */
export interface SlotRewrite {
  /** Per underlying token: the index of its surface token, or −1 when absorbed. */
  target: number[];
  /** Per surface token, whether it came from no underlying token. */
  inserted: boolean[];
  /** Underlying tokens whose surface token is out of their order (transposed). */
  moved: boolean[];
}

/** A longest common subsequence aligns the tokens kept in order; equal tokens left over are transposed ones. */
export function alignSlot(u: readonly string[], x: readonly string[]): SlotRewrite {
  const m = u.length, n = x.length;
  const L = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0));
  for (let i = m - 1; i >= 0; i--) for (let j = n - 1; j >= 0; j--) L[i][j] = u[i] === x[j] ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
  const target = new Array<number>(m).fill(-1);
  const used = new Array<boolean>(n).fill(false);
  for (let i = 0, j = 0; i < m && j < n; ) {
    if (u[i] === x[j]) ((target[i] = j), (used[j] = true), i++, j++);
    else if (L[i + 1][j] >= L[i][j + 1]) i++;
    else j++;
  }
  const moved = new Array<boolean>(m).fill(false);
  for (let i = 0; i < m; i++) {
    if (target[i] >= 0) continue;
    const j = x.findIndex((t, k) => !used[k] && t === u[i]);
    if (j >= 0) ((target[i] = j), (used[j] = true), (moved[i] = true));
  }
  return { target, inserted: used.map((b) => !b), moved };
}

/** The rewrites of a slot in words, e.g. `“, .” written “.”: the comma is absorbed`; empty when u = x. */
export function describeSlot(u: readonly string[], x: readonly string[]): string {
  if (u.join(' ') === x.join(' ')) return '';
  const a = alignSlot(u, x);
  const parts: string[] = [];
  const absorbed = u.filter((_, i) => a.target[i] < 0);
  const moved = u.filter((_, i) => a.moved[i]);
  const inserted = x.filter((_, j) => a.inserted[j]);
  if (absorbed.length) parts.push(`${absorbed.join(' ')} absorbed`);
  if (moved.length) parts.push(`${moved.join(' ')} transposed`);
  if (inserted.length) parts.push(`${inserted.join(' ')} inserted`);
  return `underlying "${u.join(' ')}" written "${x.join(' ') || 'nothing'}": ${parts.join(', ')}`;
}

/**
 * Quotation marks and brackets across a deletion. The Attach model puts each mark on one constituent, and a pair's two
 * marks can sit on different ones: in `(See attached file: X.pdf)` the `)` is the right edge of the appositive `X.pdf`
 * while `(` opens the whole parenthesis, so deleting the appositive with its punctemes took the `)` and left `(See
 * attached file` (6 of the 200 EWT dev deletions of `deletionBench.ts` broke a pair like this, or kept the `>` of a
 * deleted `<address>`). What the writer paired stays paired: a pair that encloses a word the edit keeps keeps both
 * marks, and a pair that encloses only deleted words goes with them.
 */
const MIRROR = new Map([['“', '”'], ['‘', '’'], ['(', ')'], ['[', ']'], ['{', '}'], ['<', '>']]);
const CLOSERS = new Set(MIRROR.values());

interface Mark {
  slot: number;
  token: string;
  /** Slot of its partner; undefined when it has none. */
  partner?: number;
}

/** Paired marks of the written slots, each with its partner's slot (the innermost open mark of its kind closes). */
function pairedMarks(slots: readonly (readonly string[])[]): Mark[] {
  const marks: Mark[] = [];
  const open: Mark[] = [];
  slots.forEach((s, slot) =>
    s.forEach((token) => {
      if (MIRROR.has(token)) {
        const m: Mark = { slot, token };
        marks.push(m);
        open.push(m);
      } else if (CLOSERS.has(token)) {
        const m: Mark = { slot, token };
        marks.push(m);
        for (let k = open.length - 1; k >= 0; k--)
          if (MIRROR.get(open[k].token) === token) {
            m.partner = open[k].slot;
            open[k].partner = slot;
            open.splice(k, 1);
            break;
          }
      }
    }),
  );
  return marks;
}

/**
 * The merged slot (old slots lo−1 and hi; words lo..hi deleted) with its paired marks made right: those of slots lo−1
 * and hi whose pair encloses a kept word are there (closers first, openers last, as a slot writes them), the others
 * are not. `merged` is what the channel wrote there; its other marks stay as they are.
 */
export function repairPairsAtDeletion(written: readonly (readonly string[])[], lo: number, hi: number, merged: readonly string[]): string[] {
  const need = new Map<string, number>();
  for (const m of pairedMarks(written)) {
    if (m.slot !== lo - 1 && m.slot !== hi) continue;
    if (m.partner === undefined) continue; // an unpaired mark is the writer's; the channel's output decides it
    const a = Math.min(m.slot, m.partner), b = Math.max(m.slot, m.partner);
    // Words a+1..b lie inside the pair; it survives when one of them is kept.
    const keepsWord = a + 1 < lo || b > hi;
    if (keepsWord) need.set(m.token, (need.get(m.token) ?? 0) + 1);
    else need.set(m.token, need.get(m.token) ?? 0);
  }
  const out = [...merged];
  for (const [token, n] of need) {
    let have = out.filter((t) => t === token).length;
    const closer = CLOSERS.has(token);
    while (have > n) {
      out.splice(closer ? out.lastIndexOf(token) : out.indexOf(token), 1);
      have--;
    }
    while (have < n) {
      if (closer) out.unshift(token);
      else out.push(token);
      have++;
    }
  }
  return out;
}

/**
 * Quotation marks and brackets across a deletion. The Attach model puts each mark on one constituent, and a pair's two
 * marks can sit on different ones: in `(See attached file: X.pdf)` the `)` is the right edge of the appositive `X.pdf`
 * while `(` opens the whole parenthesis, so deleting the appositive with its punctemes took the `)` and left `(See
 * attached file` (6 of the 200 EWT dev deletions of `deletionBench.ts` broke a pair like this, or kept the `>` of a
 * deleted `<address>`). What the writer paired stays paired: a pair that encloses a word the edit keeps keeps both
 * marks, and a pair that encloses only deleted words goes with them.
 *
 * A mark without a partner in the sentence is one half of a pair that reaches outside it: a closing quotation mark
 * whose quotation began sentences before encloses every word before it, an opening one whose quotation runs on
 * encloses every word after it (EWT dev: `… my wedding fearing death, basically.”` minus the participial clause lost
 * its `”` with the clause, which T′ had put it on).
 */
const MIRROR = new Map([['“', '”'], ['‘', '’'], ['(', ')'], ['[', ']'], ['{', '}'], ['<', '>']]);
const CLOSERS = new Set(MIRROR.values());

interface Mark {
  slot: number;
  /** Its place in its slot. */
  index: number;
  token: string;
  /** Slot of its partner; undefined when it has none. */
  partner?: number;
}

/** Paired marks of the written slots, each with its partner's slot (the innermost open mark of its kind closes). */
function pairedMarks(slots: readonly (readonly string[])[]): Mark[] {
  const marks: Mark[] = [];
  const open: Mark[] = [];
  slots.forEach((s, slot) =>
    s.forEach((token, index) => {
      if (MIRROR.has(token)) {
        const m: Mark = { slot, index, token };
        marks.push(m);
        open.push(m);
      } else if (CLOSERS.has(token)) {
        const m: Mark = { slot, index, token };
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
 * `token` put into `out` where it stood among the marks of its written slot: after the last of the marks written before
 * it there that `out` still has (in order), so a restored `”` follows the `.` it followed (`wedding.”`).
 */
function insertAsWritten(out: string[], writtenSlot: readonly string[], index: number, token: string): void {
  let at = 0;
  for (const t of writtenSlot.slice(0, index)) {
    const j = out.indexOf(t, at);
    if (j >= 0) at = j + 1;
  }
  out.splice(at, 0, token);
}

/**
 * The merged slot (old slots lo−1 and hi; words lo..hi deleted) with its paired marks made right: those of slots lo−1
 * and hi whose pair encloses a kept word are there, where they stood among the slot's written marks, and the others
 * are not. `merged` is what the channel wrote there; its other marks stay as they are.
 */
export function repairPairsAtDeletion(written: readonly (readonly string[])[], lo: number, hi: number, merged: readonly string[]): string[] {
  const n = written.length - 1;
  const need = new Map<string, Mark[]>();
  for (const m of pairedMarks(written)) {
    if (m.slot !== lo - 1 && m.slot !== hi) continue;
    // Without a partner here, the pair reaches the sentence's start (a closer) or its end (an opener).
    const partner = m.partner ?? (CLOSERS.has(m.token) ? 0 : n);
    const a = Math.min(m.slot, partner), b = Math.max(m.slot, partner);
    // Words a+1..b lie inside the pair; it survives when one of them is kept.
    const keepsWord = a + 1 < lo || b > hi;
    const list = need.get(m.token) ?? [];
    if (keepsWord) list.push(m);
    need.set(m.token, list);
  }
  const out = [...merged];
  for (const [token, kept] of need) {
    let have = out.filter((t) => t === token).length;
    const closer = CLOSERS.has(token);
    while (have > kept.length) {
      out.splice(closer ? out.lastIndexOf(token) : out.indexOf(token), 1);
      have--;
    }
    // The missing ones are those at the deleted constituent's edges, which T′ may have given it: a closer of slot hi,
    // an opener of slot lo−1 (kept lists them in slot order).
    const missing = closer ? kept.slice(have) : kept.slice(0, kept.length - have);
    for (const m of missing) insertAsWritten(out, written[m.slot], m.index, token);
  }
  return out;
}

/**
 * The restored text is the writer's text with marks inserted and some letters upper-cased, nothing else: every
 * change is an insertion at an offset or the case of one letter, so no word can be re-spelled.
 */

export interface Insertion {
  at: number;
  text: string;
}

/** `text` with the insertions (in the given order at equal offsets) and the letters at `capitals` upper-cased. */
export function splice(text: string, insertions: readonly Insertion[], capitals: readonly number[]): string {
  const caps = new Set(capitals);
  const order = insertions.map((ins, k) => ({ ins, k })).sort((a, b) => a.ins.at - b.ins.at || a.k - b.k);
  let out = '';
  let cursor = 0;
  const copy = (to: number) => {
    for (let i = cursor; i < to; i++) out += caps.has(i) ? upperFirst(text, i) : text[i];
    cursor = to;
  };
  for (const { ins } of order) {
    copy(ins.at);
    out += ins.text;
  }
  copy(text.length);
  return out;
}

/** The upper case of the character at i, if it is a single letter that has one (ß stays ß: its upper case is two letters). */
function upperFirst(text: string, i: number): string {
  const c = text[i];
  const u = c.toUpperCase();
  return u.length === 1 ? u : c;
}

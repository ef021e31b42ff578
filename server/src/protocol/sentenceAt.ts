/**
 * Where a sentence ends, as the client and the server both read it: the client takes the sentence around the cursor
 * for its commands (explain, restore), and the server's "ignore this sentence" finds the same sentence in a document.
 */

/** A sentence end: terminal marks, then closing quotes or brackets, before a space. */
export const SENTENCE_END = /[.!?]+["'”’)\]]*(?=\s)/gu;

/**
 * The sentence around an offset of a plain string (the client's "current sentence" when nothing is selected): bounded
 * by blank lines and by sentence ends.
 */
export function sentenceAt(text: string, offset: number): string {
  const paraStart = Math.max(text.lastIndexOf('\n\n', offset - 1) + 2, 0);
  let paraEnd = text.indexOf('\n\n', offset);
  if (paraEnd < 0) paraEnd = text.length;
  const para = text.slice(paraStart, paraEnd) + ' '; // a final mark ends a sentence too
  const at = offset - paraStart;
  const ends = [...para.matchAll(SENTENCE_END)].map((m) => m.index! + m[0].length);
  const start = Math.max(0, ...ends.filter((e) => e <= at));
  const end = ends.find((e) => e > at) ?? para.length;
  return para.slice(start, end).trim();
}

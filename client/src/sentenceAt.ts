/** The sentence around an offset of a plain string: bounded by blank lines and by `.`, `!`, `?` before a space. */
export function sentenceAt(text: string, offset: number): string {
  const paraStart = Math.max(text.lastIndexOf('\n\n', offset - 1) + 2, 0);
  let paraEnd = text.indexOf('\n\n', offset);
  if (paraEnd < 0) paraEnd = text.length;
  const para = text.slice(paraStart, paraEnd);
  const at = offset - paraStart;
  const ends = [...para.matchAll(/[.!?]+["'”’)\]]*(?=\s|$)/g)].map((m) => m.index! + m[0].length);
  const start = Math.max(0, ...ends.filter((e) => e <= at && e < para.length));
  const end = ends.find((e) => e > at) ?? para.length;
  return para.slice(start, end).trim();
}

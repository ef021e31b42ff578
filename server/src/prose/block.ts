/**
 * A prose block: the characters of one paragraph (or heading, list item, …) copied from the document, each with the
 * document offset it came from. Blocks are only ever built by copying document characters, so a block character
 * always equals the document character at its offset: offsets can skip non-prose but never shift.
 */
export interface ProseBlock {
  text: string;
  /** offsets[i] = document offset of text[i]; offsets[text.length] = the document offset just after the last char. */
  offsets: Int32Array;
}

export class BlockBuilder {
  private readonly parts: string[] = [];
  private readonly offs: number[] = [];
  private length = 0;

  constructor(private readonly doc: string) {}

  /** Appends the document characters in [start, end). */
  append(start: number, end: number): void {
    if (end <= start) return;
    this.parts.push(this.doc.slice(start, end));
    for (let o = start; o < end; o++) this.offs.push(o);
    this.length += end - start;
  }

  get isEmpty(): boolean {
    return this.length === 0;
  }

  /** The block so far (or undefined if it holds no letter or digit: nothing to lint), and resets the builder. */
  take(): ProseBlock | undefined {
    const text = this.parts.join('');
    const offsets = new Int32Array(this.offs.length + 1);
    offsets.set(this.offs);
    offsets[this.offs.length] = this.offs.length ? this.offs[this.offs.length - 1] + 1 : 0;
    this.parts.length = 0;
    this.offs.length = 0;
    this.length = 0;
    return /[\p{L}\p{N}]/u.test(text) ? { text, offsets } : undefined;
  }
}

/**
 * The document range of block range [start, end), or undefined if that range is not one contiguous stretch of the
 * document (it would span non-prose: markup, code, a comment), which must never be reported or edited.
 */
export function documentRange(block: ProseBlock, start: number, end: number): { start: number; end: number } | undefined {
  const n = block.text.length;
  if (start < 0 || end > n || end < start) return undefined;
  if (end === start) return { start: block.offsets[start], end: block.offsets[start] };
  const docStart = block.offsets[start];
  const docLast = block.offsets[end - 1];
  if (docLast - docStart !== end - 1 - start) return undefined;
  return { start: docStart, end: docLast + 1 };
}

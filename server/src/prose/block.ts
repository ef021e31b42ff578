/**
 * A prose block: the characters of one paragraph (or heading, list item, …) copied from the document, each with the
 * document offset it came from. Blocks are only ever built by copying document characters, so a block character
 * always equals the document character at its offset: offsets can skip non-prose but never shift.
 */
export interface ProseBlock {
  text: string;
  /** offsets[i] = document offset of text[i]; offsets[text.length] = the document offset just after the last char. */
  offsets: Int32Array;
  /**
   * Stand-ins: a non-prose element (inline code) shown to the linter as a run of its own characters (its first word),
   * so that the parser sees a word there; never reported on and never edited.
   */
  standIns?: StandIn[];
  /**
   * Block positions where a non-prose element that is a word of its sentence left nothing to stand in for it (inline
   * code with no word of its own, "starts with `//`, then"): the parser reads the words around the gap without it.
   */
  holes?: number[];
  /**
   * The markup says this block is a label, not running prose: a heading, a list item, a description term. It takes no
   * final mark (`LintOptions.fragment`).
   */
  fragment?: boolean;
}

export interface StandIn {
  /** Block positions [index, index + length) of the stand-in characters. */
  index: number;
  length: number;
  /** Document range of the whole element it stands for (the code span with its backticks). */
  start: number;
  end: number;
}

export class BlockBuilder {
  private readonly parts: string[] = [];
  private readonly offs: number[] = [];
  private standIns: StandIn[] = [];
  private holes: number[] = [];
  private length = 0;

  constructor(private readonly doc: string) {}

  /** Appends the document characters in [start, end). */
  append(start: number, end: number): void {
    if (end <= start) return;
    this.parts.push(this.doc.slice(start, end));
    for (let o = start; o < end; o++) this.offs.push(o);
    this.length += end - start;
  }

  /** Appends the document characters [from, to) as the stand-in of the non-prose element at [start, end). */
  appendStandIn(from: number, to: number, start: number, end: number): void {
    this.standIns.push({ index: this.length, length: to - from, start, end });
    this.append(from, to);
  }

  /** Notes that a word of the sentence stood here but nothing stands in for it (see `ProseBlock.holes`). */
  markHole(): void {
    this.holes.push(this.length);
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
    const standIns = this.standIns;
    const holes = this.holes;
    this.parts.length = 0;
    this.offs.length = 0;
    this.standIns = [];
    this.holes = [];
    this.length = 0;
    if (!/[\p{L}\p{N}]/u.test(text)) return undefined;
    return { text, offsets, ...(standIns.length ? { standIns } : {}), ...(holes.length ? { holes } : {}) };
  }
}

/**
 * The document range of block range [start, end), or undefined if it may not be reported or edited: it is not one
 * contiguous stretch of the document (it would span non-prose: markup, code, a comment) or it holds a stand-in.
 * An insertion point (start = end) next to a stand-in goes on the prose side of the element, never into it.
 */
export function documentRange(block: ProseBlock, start: number, end: number): { start: number; end: number } | undefined {
  const n = block.text.length;
  if (start < 0 || end > n || end < start) return undefined;
  if (end === start) {
    const at = insertionPoint(block, start);
    return at === undefined ? undefined : { start: at, end: at };
  }
  if (block.standIns?.some((s) => s.index < end && start < s.index + s.length)) return undefined;
  const docStart = block.offsets[start];
  const docLast = block.offsets[end - 1];
  if (docLast - docStart !== end - 1 - start) return undefined;
  return { start: docStart, end: docLast + 1 };
}

/**
 * Which sides of block range [start, end) a stand-in touches with only spaces and marks between them, when the range
 * itself holds only spaces and marks.
 */
function standInsAround(block: ProseBlock, start: number, end: number): { before: boolean; after: boolean } {
  const standIns = block.standIns;
  const gap = /^[\s\p{P}]*$/u;
  if (!standIns || !gap.test(block.text.slice(start, end))) return { before: false, after: false };
  return {
    before: standIns.some((s) => s.index + s.length <= start && gap.test(block.text.slice(s.index + s.length, start))),
    after: standIns.some((s) => s.index >= end && gap.test(block.text.slice(end, s.index))),
  };
}

/**
 * Whether block range [start, end) lies in a gap between two stand-ins that holds only spaces and marks, as the comma
 * in "(`--flag`, `file.ts` `name`)". Between two pieces of code the punctuation follows the code, not English
 * grammar, and the parser reads the code's stand-in words as nonsense English: findings there are false alarms.
 */
export function betweenStandIns(block: ProseBlock, start: number, end: number): boolean {
  const { before, after } = standInsAround(block, start, end);
  return before && after;
}

/**
 * Whether the marks at block range [start, end) touch a stand-in on either side ("If set to `"suffix"`, it", "even
 * against Zlib, `fflate` is"). The writer set them knowing what the code is; the parser reads its stand-in as an
 * English word it guesses at ("suffix" a verb, `> a` a determiner), so the model's case for removing them is about a
 * sentence the writer did not write (journal, "a comma deleted beside inline code"). Marks are only ever added there.
 */
export function besideStandIn(block: ProseBlock, start: number, end: number): boolean {
  const { before, after } = standInsAround(block, start, end);
  return end > start && (before || after);
}

/**
 * The same block with every document position moved by `by`: its characters' offsets and its stand-ins' document
 * ranges (block positions and holes stay). Extraction parses a Markdown chunk on its own and then places it.
 */
export function movedBlock(b: ProseBlock, by: number): ProseBlock {
  const offsets = new Int32Array(b.offsets.length);
  for (let i = 0; i < offsets.length; i++) offsets[i] = b.offsets[i] + by;
  const moved: ProseBlock = { ...b, offsets };
  if (b.standIns) moved.standIns = b.standIns.map((s) => ({ ...s, start: s.start + by, end: s.end + by }));
  return moved;
}

/**
 * Whether block range [start, end) touches a hole (only spaces between them): "treated as `''`, which …" reaches the
 * parser as "treated as , which": the comma's neighbour is missing, so a finding there judges a sentence the writer
 * did not write.
 */
export function besideHole(block: ProseBlock, start: number, end: number): boolean {
  const space = /^\s*$/u;
  return (block.holes ?? []).some((h) => (h <= start && space.test(block.text.slice(h, start))) || (h >= end && space.test(block.text.slice(end, h))));
}

/** The document offset of an insertion at block position `p`: before the char at p, but outside any element. */
export function insertionPoint(block: ProseBlock, p: number): number | undefined {
  const standIns = block.standIns ?? [];
  if (standIns.some((s) => s.index < p && p < s.index + s.length)) return undefined; // inside one
  const here = standIns.find((s) => s.index === p);
  const before = standIns.find((s) => s.index + s.length === p);
  if (here && before) return before.end === here.start ? here.start : undefined;
  if (here) return here.start;
  if (before) return before.end;
  return block.offsets[p];
}

/** The document offset just after block position `p - 1` (the end of a range ending there), outside any element. */
export function endPoint(block: ProseBlock, p: number): number {
  const last = block.standIns?.find((s) => s.index + s.length === p);
  return last ? last.end : block.offsets[p - 1] + 1;
}

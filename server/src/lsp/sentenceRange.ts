/**
 * The sentence around an offset, in document offsets, found inside the prose block that holds it (so markup never
 * counts as part of it). A sentence ends after `.`, `!` or `?` (and any closing quotes or brackets) before a space.
 */
import { ProseBlock, endPoint, insertionPoint } from '../prose/block';
import { SENTENCE_END as END } from '../protocol/sentenceAt';

export function sentenceAround(blocks: readonly ProseBlock[], offset: number): { start: number; end: number } | undefined {
  const block = blocks.find((b) => b.text.length && b.offsets[0] <= offset && offset <= b.offsets[b.text.length]);
  if (!block) return undefined;
  const at = blockIndexOf(block, offset);
  let start = 0;
  let end = block.text.length;
  for (let m = END.exec(block.text); m; m = END.exec(block.text)) {
    const stop = m.index + m[0].length;
    if (stop <= at) start = stop;
    else {
      end = stop;
      break;
    }
  }
  END.lastIndex = 0;
  while (start < end && /\s/.test(block.text[start])) start++;
  while (end > start && /\s/.test(block.text[end - 1])) end--;
  // Around the sentence: a leading or trailing code span belongs to it (its stand-in is the first or last char).
  return { start: insertionPoint(block, start) ?? block.offsets[start], end: endPoint(block, end) };
}

function blockIndexOf(block: ProseBlock, offset: number): number {
  let lo = 0;
  let hi = block.text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (block.offsets[mid] < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Clean (uncorrupted) treebank text as a writer would lint it, for the benchmarks' false-alarm runs
 * (`scripts/bench-lint.ts`, `scripts/bench-lint-files.ts`): the `# text` of each sentence, joined into paragraphs
 * (`# newpar`) or into whole documents (`# newdoc id`, paragraphs separated by a blank line).
 */
import type { ConlluSentence } from '../../src/data/conllu';

/** One string per paragraph, or with `byDocument` per document, and the document id of each. */
export function cleanTexts(sentences: readonly ConlluSentence[], byDocument: boolean): { texts: string[]; ids: string[] } {
  const texts: string[] = [];
  const ids: string[] = [];
  for (const s of sentences) {
    const text = s.text ?? '';
    const doc = s.comments.find((c) => c.startsWith('# newdoc id'));
    const par = s.comments.some((c) => c.startsWith('# newpar'));
    if (texts.length === 0 || (byDocument ? doc !== undefined : par)) {
      texts.push(text);
      ids.push(doc?.replace(/^# newdoc id = /, '') ?? ids[ids.length - 1] ?? '');
    } else texts[texts.length - 1] += (byDocument && par ? '\n\n' : ' ') + text;
  }
  return { texts, ids };
}

/** The sentence of `text` around `offset` (to show a finding in a benchmark's log). */
export function sentenceAround(text: string, offset: number): string {
  const [lo, hi] = sentenceSpan(text, offset);
  return text.slice(lo, hi);
}

/** Where `sentenceAround`'s sentence starts and ends in `text`, its surrounding space left out. */
export function sentenceSpan(text: string, offset: number): [number, number] {
  let lo = text.slice(0, offset).search(/[^.!?\n]*$/);
  const after = text.slice(offset).search(/[.!?\n]/);
  let hi = after < 0 ? text.length : offset + after + 1;
  while (lo < hi && /\s/.test(text[lo])) lo++;
  while (hi > lo && /\s/.test(text[hi - 1])) hi--;
  return [lo, hi];
}

/**
 * Which fixes `--fix` may apply without a human looking: the finding is confident (≥ the fix threshold), it offers
 * exactly one fix (several alternatives — a comma splice's period, semicolon or conjunction — are a writer's choice),
 * its kind was measured right on real documents and it is in prose, not code or art (`autoFixPolicy.ts`), its edits
 * overlap no other chosen edit, and applying it changes no word (only punctuation, spacing, and the case of a letter
 * that starts a new sentence).
 */
import { applyEdits } from '../engine/textEdits';
import { Finding, TextEdit } from '../engine/types';
import { autoFixRefusal } from './autoFixPolicy';

export { applyEdits };

export const DEFAULT_FIX_MIN_CONFIDENCE = 0.9;

/** Sequence of words, case-folded: what a fix must leave unchanged. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [];
}

function sameWords(a: string, b: string): boolean {
  const x = wordsOf(a);
  const y = wordsOf(b);
  return x.length === y.length && x.every((w, i) => w === y[i]);
}

/** A UTF-16 code unit that may belong to a word of `wordsOf`: a letter, a digit, an apostrophe or half a surrogate pair. */
const WORD_UNIT = /[\p{L}\p{N}'’\uD800-\uDFFF]/u;

/** Edits conflict when their ranges overlap or touch (two insertions at one point would be ordered arbitrarily). */
function conflicts(a: TextEdit, b: TextEdit): boolean {
  return a.start.offset <= b.end.offset && b.start.offset <= a.end.offset;
}

function wellFormed(e: TextEdit, length: number): boolean {
  return 0 <= e.start.offset && e.start.offset <= e.end.offset && e.end.offset <= length;
}

/** A finding whose one fix is applied automatically, and that fix's edits. */
export interface SafeFix {
  finding: Finding;
  edits: TextEdit[];
}

/**
 * The edits of the safe fixes among `findings` for `text`. `inProse(start, end)` says whether a range lies wholly in
 * prose (a second guard besides the prose extractor: non-prose is never changed).
 */
export function safeEdits(
  text: string,
  findings: readonly Finding[],
  minConfidence: number,
  inProse: (start: number, end: number) => boolean = () => true,
): TextEdit[] {
  return safeFixes(text, findings, minConfidence, inProse).flatMap((f) => f.edits);
}

/** The safe fixes among `findings` for `text`, each with its finding (`safeEdits` without the attribution). */
export function safeFixes(
  text: string,
  findings: readonly Finding[],
  minConfidence: number,
  inProse: (start: number, end: number) => boolean = () => true,
): SafeFix[] {
  const chosen: TextEdit[] = [];
  const fixes: SafeFix[] = [];
  const candidates = findings
    .filter((f) => f.confidence >= minConfidence && f.fixes.length === 1 && f.fixes[0].edits.length > 0)
    .sort((a, b) => b.confidence - a.confidence || a.start.offset - b.start.offset);
  for (const f of candidates) {
    const edits = f.fixes[0].edits;
    if (!edits.every((e) => wellFormed(e, text.length) && inProse(e.start.offset, e.end.offset))) continue;
    if (autoFixRefusal(text, f)) continue;
    if (edits.some((e, i) => edits.some((o, j) => i < j && conflicts(e, o)))) continue;
    if (edits.some((e) => chosen.some((c) => conflicts(e, c)))) continue;
    // Judge the fix's effect on words locally: the edited stretch and the whole words around it (one character on
    // either side was not enough: beside an astral letter it is half a surrogate pair, no letter, so a comma put
    // inside "𝔘𝔫𝔦this" passed; the fuzz test found it).
    let lo = Math.max(0, Math.min(...edits.map((e) => e.start.offset)) - 1);
    let hi = Math.min(text.length, Math.max(...edits.map((e) => e.end.offset)) + 1);
    while (lo > 0 && WORD_UNIT.test(text[lo - 1])) lo--;
    while (hi < text.length && WORD_UNIT.test(text[hi])) hi++;
    const local = edits.map((e) => ({ ...e, start: { ...e.start, offset: e.start.offset - lo }, end: { ...e.end, offset: e.end.offset - lo } }));
    const before = text.slice(lo, hi);
    if (!sameWords(before, applyEdits(before, local))) continue;
    chosen.push(...edits);
    fixes.push({ finding: f, edits });
  }
  return fixes;
}

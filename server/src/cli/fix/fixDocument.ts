/**
 * `--fix` on one document: lint, apply the safe fixes, lint again, until nothing safe is left (at most a few passes,
 * so a fix that uncovers another is applied in the same run and a second `--fix` finds nothing to do).
 */
import { Finding } from '../../engine/types';
import { applyEdits, SafeFix, safeFixes, wordsOf } from '../../edits/safeFixes';

const MAX_PASSES = 10;

export interface FixResult {
  text: string;
  /** Number of edits applied over all passes. */
  applied: number;
  /** Findings of the final text. */
  findings: Finding[];
}

/**
 * `onPass(text, fixes)`, when given, is told each pass's text and the fixes applied to it (for measuring which
 * findings `--fix` applies; the result is the same without it).
 */
export function fixDocument(
  original: string,
  lint: (text: string) => Finding[],
  minConfidence: number,
  onPass?: (text: string, fixes: readonly SafeFix[]) => void,
): FixResult {
  let text = original;
  let applied = 0;
  let findings = lint(text);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const fixes = safeFixes(text, findings, minConfidence);
    const edits = fixes.flatMap((f) => f.edits);
    if (edits.length === 0) break;
    onPass?.(text, fixes);
    const next = applyEdits(text, edits);
    if (next === text) break;
    text = next;
    applied += edits.length;
    findings = lint(text);
  }
  // Last guard: whatever happened above, the words of the document must be exactly those it had.
  const before = wordsOf(original);
  const after = wordsOf(text);
  if (before.length !== after.length || before.some((w, i) => w !== after[i])) {
    return { text: original, applied: 0, findings: lint(original) };
  }
  return { text, applied, findings };
}

/**
 * Which findings' fixes `--fix` (and fix-on-save) may apply without a person looking. Confidence is not enough: on
 * real documents (issue 36; BENCHMARKS, "Fixes that are right") 122 of 216 applied hunks were wrong, most of them
 * confident. A fix is applied automatically only when
 *   1. its kind (rule, and where a rule decides in more than one way, the finding's `basis`) is one whose applied
 *      hunks were measured right at high precision on the look half of a corpus of real documents
 *      (`server/research/fixHunks.ts`, judged by hand);
 *   2. none of its edits touches a code-like token (`codeLikeTokens.ts`: paths, format specifiers, regular
 *      expressions, options, runs of marks standing apart from words);
 *   3. the paragraph around it reads as prose (`proseLikeness.ts`), not ASCII art, a table or an option list.
 * Every other finding is still reported with its fix, which an editor offers as a quick fix.
 */
import { Finding } from '../engine/types';
import { touchesCodeLikeToken } from './codeLikeTokens';
import { proseLikenessAt } from './proseLikeness';

/**
 * The kinds measured right often enough to apply unseen (look half: the hunks each applied, right / wrong):
 * `doubled-mark` outside code 12 / 0 (and 4 debatable: an emphatic "!!!", a trailing ".."), `quote-placement` 41 / 0
 * (1 debatable), an introductory comma after a transition 19 / 0. Left to the writer: `subject-verb-comma` 11 / 39
 * (appositions, vocatives and list commas removed), an introductory comma the document's habit asks for 4 / 2
 * (the clause's end misplaced: "If you know, this is the case"), `comma` 0 / 4, `nonrestrictive-comma` 0 / 2,
 * `sentence-final` 0 / 1, and `mark-absorption` and `mark-spacing`, whose every applied hunk was in code or art
 * (0 / 24), so never measured in prose.
 */
export const AUTO_FIX_KINDS: ReadonlySet<string> = new Set(['doubled-mark', 'quote-placement', 'introductory-comma/transition']);

/**
 * Below this prose-likeness a paragraph is too far from prose for unseen fixes. On the look half every right hunk's
 * paragraph scored at least 0.50, and every hunk in ASCII art that no code-like token gave away at most 0.09
 * (BENCHMARKS, "Fixes that are right").
 */
export const MIN_PROSE_LIKENESS = 0.4;

/** The kind of a finding's fix: its rule, with its basis where the rule has several. */
export function fixKind(f: Finding): string {
  return f.basis ? `${f.ruleId}/${f.basis}` : f.ruleId;
}

/** Why `f`'s one fix may not be applied automatically to `text`, or undefined when it may. */
export function autoFixRefusal(text: string, f: Finding): 'kind' | 'code' | 'genre' | undefined {
  if (!AUTO_FIX_KINDS.has(fixKind(f))) return 'kind';
  const edits = f.fixes[0]?.edits ?? [];
  if (edits.some((e) => touchesCodeLikeToken(text, e.start.offset, e.end.offset))) return 'code';
  if (edits.some((e) => proseLikenessAt(text, e.start.offset) < MIN_PROSE_LIKENESS)) return 'genre';
  return undefined;
}

/**
 * The CLI's one door to prose extraction (server/src/prose, shared with the language server so that both report
 * exactly the same findings), with a paragraph cache shared by all documents of a run (documentation repeats
 * paragraphs: licences, notices, boilerplate) and paragraph failures turned into errors instead of silence.
 */
import { AudienceDecision, Linter } from '../engine';
import { Finding, LintOptions } from '../engine/types';
import { lintDocument as proseLintDocument, ParagraphCache, PROSE_EXTENSIONS, ProseKind, proseKindForPath } from '../prose';

export { PROSE_EXTENSIONS, ProseKind, proseKindForPath };

const paragraphCache = new ParagraphCache();

/** A paragraph the engine failed on: the others are still linted, but the run must not pass silently. */
export class BlockErrors extends Error {
  constructor(
    readonly findings: Finding[],
    messages: string[],
  ) {
    super(messages.join('; '));
  }
}

/**
 * Findings for a whole document, in document coordinates, with inline disable comments applied. Throws
 * `BlockErrors` (carrying the findings of the other paragraphs) when the engine failed on some paragraph.
 */
export function lintDocument(
  linter: Linter,
  text: string,
  kind: ProseKind,
  options?: LintOptions,
  onNote?: (note: string) => void,
  onAudience?: (decision: AudienceDecision) => void,
): Finding[] {
  const failures: string[] = [];
  const lineOf = (offset: number) => lineNumber(text, offset);
  const findings = proseLintDocument(linter, text, kind, options, paragraphCache, {
    onBlockError: (error, block) => {
      failures.push(`the engine failed on the paragraph at line ${lineOf(block.offsets[0])}: ${(error as Error).message ?? error}`);
    },
    // What was not checked (a budget, nesting too deep), as "line N: why".
    onNote: (note) => onNote?.(`line ${lineOf(note.offset)}: ${note.message}`),
    ...(onAudience ? { onAudience } : {}),
  });
  if (failures.length) throw new BlockErrors(findings, failures);
  return findings;
}

/** The 1-based line of `offset` (counted without copying the text before it). */
function lineNumber(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

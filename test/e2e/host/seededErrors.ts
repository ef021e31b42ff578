/**
 * Where the fixture's seeded errors are, found in the fixture text itself (so editing the fixture cannot silently
 * desynchronise the expectations), and what the text must be after each fix.
 */
import * as vscode from 'vscode';

export interface SeededError {
  /** The marks as written. */
  written: string;
  /** What the quick fix must leave. */
  fixed: string;
  range: vscode.Range;
}

/** The prose line that carries the seeded `doubled-mark` errors; code spans and blocks repeat them as non-prose. */
export const SEEDED_LINE = 'When the storm ended,, the town was quiet.. This paragraph has two doubled marks.';

export function seededErrors(doc: vscode.TextDocument): SeededError[] {
  const at = doc.getText().indexOf(SEEDED_LINE);
  if (at < 0) throw new Error(`fixture ${doc.uri.fsPath} lacks the line "${SEEDED_LINE}"`);
  return [
    { written: ',,', fixed: ',' },
    { written: '..', fixed: '.' },
  ].map(({ written, fixed }) => {
    const start = at + SEEDED_LINE.indexOf(written);
    return { written, fixed, range: new vscode.Range(doc.positionAt(start), doc.positionAt(start + written.length)) };
  });
}

/**
 * "Ignore this sentence": the edits that wrap a sentence in the inline disable comments of each prose kind.
 * Markdown comments are inline (`<!-- … -->` renders as nothing, and does not split the paragraph); LaTeX, plain text
 * and commit messages have line comments, so the directive goes on a line of its own above the sentence's line(s).
 */
import type { ProseKind } from '../prose';

export interface InsertEdit {
  offset: number;
  newText: string;
}

export function ignoreSentenceEdits(text: string, kind: ProseKind, sentence: { start: number; end: number }): InsertEdit[] {
  if (kind === 'markdown') {
    return [
      { offset: sentence.start, newText: '<!-- puncteme-disable -->' },
      { offset: sentence.end, newText: '<!-- puncteme-enable -->' },
    ];
  }
  const prefix = kind === 'latex' ? '% ' : kind === 'git-commit' ? '# ' : '';
  const firstLine = text.lastIndexOf('\n', sentence.start - 1) + 1;
  const eol = lineEnding(text);
  const lastNl = text.indexOf('\n', sentence.end);
  const singleLine = text.slice(firstLine, sentence.end).indexOf('\n') < 0;
  if (singleLine) return [{ offset: firstLine, newText: `${prefix}puncteme-disable-next-line${eol}` }];
  const afterLast = lastNl < 0 ? text.length : lastNl + 1;
  return [
    { offset: firstLine, newText: `${prefix}puncteme-disable${eol}` },
    { offset: afterLast, newText: `${lastNl < 0 ? eol : ''}${prefix}puncteme-enable${eol}` },
  ];
}

function lineEnding(text: string): string {
  return /\r\n/.test(text) ? '\r\n' : '\n';
}

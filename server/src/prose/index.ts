/**
 * Prose extraction, shared by the language server and the CLI: which parts of a document are prose (with an exact
 * map back to document offsets), which inline disable comments apply, and whole-document linting on top of them.
 */
import type { Linter } from '../engine';
import { Finding, LintOptions } from '../engine/types';
import { Extraction } from './extraction';
import { extractGitCommit } from './gitCommit';
import { ProseKind } from './kinds';
import { extractLatex } from './latex';
import { LintHooks, lintSteps, runSteps } from './lintDocument';
import { ParagraphCache } from './paragraphCache';
import { extractPlaintext } from './plaintext';
import { extractRestructuredText } from './restructuredText';
import { extractAsciidoc } from './asciidoc';

export { PROSE_EXTENSIONS, ProseKind, proseKindForPath, proseKindForLanguageId } from './kinds';
export { ProseBlock, StandIn, documentRange, endPoint, insertionPoint } from './block';
export { Suppressions, SuppressedRange, isSuppressed } from './suppressions';
export { Extraction, ExtractionNote } from './extraction';
export { ParagraphCache } from './paragraphCache';
export { LintHooks, LintCancelled, LintStep, lintSteps, runSteps } from './lintDocument';

const EXTRACTORS: Readonly<Record<ProseKind, (text: string) => Extraction>> = {
  // Loaded on first use: the Markdown parser (micromark, mdast) took ~100 ms CPU to load, a third of the CLI's start
  // on a file of another kind (issue 37).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  markdown: (text) => (require('./markdown') as typeof import('./markdown')).extractMarkdown(text),
  plaintext: extractPlaintext,
  latex: extractLatex,
  'git-commit': extractGitCommit,
  restructuredtext: extractRestructuredText,
  asciidoc: extractAsciidoc,
};

export function extractProse(text: string, kind: ProseKind): Extraction {
  return EXTRACTORS[kind](text);
}

/**
 * The prose of the part of a document at document offsets [start, end), extracted without the rest, or undefined
 * when that is not worth it or not safe (see `extractMarkdownPart`; the other kinds' extractors are cheap line scans).
 */
export function extractProsePart(text: string, kind: ProseKind, range: readonly [number, number]): Extraction | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return kind === 'markdown' ? (require('./markdown') as typeof import('./markdown')).extractMarkdownPart(text, range) : undefined;
}

/** Findings in document coordinates; suppressed ones and ones that would touch non-prose are dropped. */
export function lintDocument(
  linter: Linter,
  text: string,
  kind: ProseKind,
  options?: LintOptions,
  cache?: ParagraphCache,
  hooks?: LintHooks,
): Finding[] {
  return runSteps(lintSteps(linter, text, extractProse(text, kind), options, cache, hooks));
}

/**
 * The CLI's one door to prose extraction (server/src/prose, shared with the language server so that both report
 * exactly the same findings). While that module has not landed, a plain-text stand-in keeps the CLI usable:
 * kinds by extension, the whole file linted as prose, no disable comments.
 */
import * as path from 'path';
import { Finding, LintOptions } from '../engine/types';
import { Linter } from '../engine';

export type ProseKind = string;

interface ProseModule {
  proseKindForPath(p: string): ProseKind | undefined;
  lintDocument(
    linter: Linter,
    text: string,
    kind: ProseKind,
    options?: LintOptions,
    cache?: unknown,
    hooks?: { onBlockError?: (error: unknown, block: { offsets: Int32Array }) => void },
  ): Finding[];
  /** Per-paragraph findings cache: documentation repeats paragraphs (licences, notices) across files. */
  ParagraphCache?: new () => unknown;
}

const KIND_BY_EXTENSION: Record<string, ProseKind> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.mdx': 'markdown',
  '.txt': 'plaintext',
  '.text': 'plaintext',
  '.tex': 'latex',
  '.latex': 'latex',
  '.ltx': 'latex',
};

const standIn: ProseModule = {
  proseKindForPath: (p) => KIND_BY_EXTENSION[path.extname(p).toLowerCase()],
  lintDocument: (linter, text, _kind, options) => linter.lint(text, options),
};

function loadProse(): ProseModule {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require('../prose') as Partial<ProseModule>;
    if (typeof mod.proseKindForPath === 'function' && typeof mod.lintDocument === 'function') return mod as ProseModule;
  } catch (e) {
    if ((e as { code?: string }).code !== 'MODULE_NOT_FOUND') throw e;
  }
  return standIn;
}

const prose = loadProse();
const paragraphCache = prose.ParagraphCache ? new prose.ParagraphCache() : undefined;

/** The prose kind of a path (by extension), or undefined for files that are not prose. */
export function proseKindForPath(p: string): ProseKind | undefined {
  return prose.proseKindForPath(p);
}

/** A paragraph the engine failed on: the others are still linted, but the run must not pass silently. */
export class BlockErrors extends Error {
  constructor(readonly findings: Finding[], messages: string[]) {
    super(messages.join('; '));
  }
}

/**
 * Findings for a whole document, in document coordinates, with inline disable comments applied. Throws
 * `BlockErrors` (carrying the findings of the other paragraphs) when the engine failed on some paragraph.
 */
export function lintDocument(linter: Linter, text: string, kind: ProseKind, options?: LintOptions): Finding[] {
  const failures: string[] = [];
  const findings = prose.lintDocument(linter, text, kind, options, paragraphCache, {
    onBlockError: (error, block) => {
      const line = text.slice(0, block.offsets[0]).split('\n').length;
      failures.push(`the engine failed on the paragraph at line ${line}: ${(error as Error).message ?? error}`);
    },
  });
  if (failures.length) throw new BlockErrors(findings, failures);
  return findings;
}

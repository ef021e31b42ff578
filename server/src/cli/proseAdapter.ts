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
  lintDocument(linter: Linter, text: string, kind: ProseKind, options?: LintOptions, cache?: unknown): Finding[];
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

/** The prose kind of a path (by extension), or undefined for files that are not prose. */
export function proseKindForPath(p: string): ProseKind | undefined {
  return prose.proseKindForPath(p);
}

/** Findings for a whole document, in document coordinates, with inline disable comments applied. */
export function lintDocument(linter: Linter, text: string, kind: ProseKind, options?: LintOptions): Finding[] {
  return prose.lintDocument(linter, text, kind, options);
}

/** Which prose handling a document gets, by file name (CLI) or by editor language id (language server). */
import * as path from 'path';

export type ProseKind = 'markdown' | 'plaintext' | 'latex' | 'git-commit' | 'restructuredtext' | 'asciidoc';

const KIND_BY_EXTENSION: Readonly<Record<string, ProseKind>> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.mdown': 'markdown',
  '.mkd': 'markdown',
  '.mdx': 'markdown',
  '.txt': 'plaintext',
  '.text': 'plaintext',
  '.tex': 'latex',
  '.latex': 'latex',
  '.ltx': 'latex',
  '.rst': 'restructuredtext',
  '.rest': 'restructuredtext',
  '.adoc': 'asciidoc',
  '.asciidoc': 'asciidoc',
  '.asc': 'asciidoc',
};

/** The file extensions a directory walk lints (the help lists them, so that it never falls behind). */
export const PROSE_EXTENSIONS: readonly string[] = Object.keys(KIND_BY_EXTENSION);

/** Git writes the message being edited to these files; they have no extension that would tell. */
const GIT_MESSAGE_FILES = new Set(['COMMIT_EDITMSG', 'MERGE_MSG', 'TAG_EDITMSG', 'SQUASH_MSG']);

const KIND_BY_LANGUAGE_ID: Readonly<Record<string, ProseKind>> = {
  markdown: 'markdown',
  plaintext: 'plaintext',
  latex: 'latex',
  tex: 'latex',
  'git-commit': 'git-commit',
  gitcommit: 'git-commit', // Neovim's filetype
  text: 'plaintext', // Neovim's filetype
  restructuredtext: 'restructuredtext',
  rst: 'restructuredtext', // Neovim's filetype
  asciidoc: 'asciidoc',
  asciidoctor: 'asciidoc', // the VS Code AsciiDoc extension's language id
};

export function proseKindForPath(p: string): ProseKind | undefined {
  const base = path.basename(p);
  if (GIT_MESSAGE_FILES.has(base)) return 'git-commit';
  const ext = path.extname(base).toLowerCase();
  return Object.hasOwn(KIND_BY_EXTENSION, ext) ? KIND_BY_EXTENSION[ext] : undefined;
}

export function proseKindForLanguageId(languageId: string): ProseKind | undefined {
  return Object.hasOwn(KIND_BY_LANGUAGE_ID, languageId) ? KIND_BY_LANGUAGE_ID[languageId] : undefined;
}

/**
 * Code actions for findings: each fix as a quick fix, "fix all of this rule", "ignore this sentence", "hide this false
 * positive", "disable this rule in the workspace", and the `source.fixAll.puncteme` action that fix-on-save runs.
 */
import { CodeAction, CodeActionKind, Diagnostic, Range, TextEdit as LspTextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { Finding, TextEdit } from '../engine/types';
import { lineStarts, positionFromStarts } from '../engine/positions';
import { safeEdits } from '../edits/safeFixes';
import { Analysis } from './analyzer';
import { rangeOf, toDiagnostic } from './diagnostics';
import { ignoreSentenceEdits } from './ignoreSentence';
import { sentenceAround } from './sentenceRange';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.puncteme`;
export const DISABLE_RULE_COMMAND = 'puncteme.server.disableRule';
export const HIDE_FALSE_POSITIVE_COMMAND = 'puncteme.server.hideFalsePositive';

function lspEdits(edits: readonly TextEdit[]): LspTextEdit[] {
  return edits.map((e) => ({ range: rangeOf(e), newText: e.newText }));
}

function workspaceEdit(a: Analysis, edits: readonly TextEdit[]): WorkspaceEdit {
  return { documentChanges: [{ textDocument: { uri: a.uri, version: a.version }, edits: lspEdits(edits) }] };
}

function overlaps(f: Finding, r: Range): boolean {
  const before = (a: { line: number; character: number }, b: { line: number; character: number }) =>
    a.line < b.line || (a.line === b.line && a.character < b.character);
  return !before(f.end, r.start) && !before(r.end, f.start);
}

/**
 * The edits of every whole-document fix — fix-on-save, the "Fix all" command and "fix all of this rule": only the safe
 * fixes (confident, unambiguous, word-preserving, of a kind measured right in prose), as the CLI's --fix. A batch is
 * applied without the writer reading each edit, so it gets the same checks whoever asks for it; a finding they leave
 * out keeps its own quick fix.
 */
export function fixAllEdits(a: Analysis, fixMinConfidence: number, findings: readonly Finding[] = a.findings): TextEdit[] {
  return safeEdits(a.text, findings, fixMinConfidence);
}

/** Whether `kind` is one of the kinds `only` asks for (a kind asks for its sub-kinds: `source` covers `source.fixAll.x`). */
function asked(only: readonly string[], kind: string): boolean {
  return only.some((k) => kind === k || kind.startsWith(k + '.'));
}

/**
 * The code actions for `range`. The whole-file `source.fixAll.puncteme` action comes only when the request's
 * `context.only` asks for it (fix-on-save, VS Code's "Source Action…"): a client that lists every action it gets, as
 * Neovim does, would otherwise show "fix all" first among a finding's quick fixes, and picking it rewrites the file.
 */
export function codeActions(a: Analysis, range: Range, only: readonly string[] | undefined, fixMinConfidence: number): CodeAction[] {
  const wants = (kind: string) => !only || asked(only, kind);
  const out: CodeAction[] = [];
  if (only && asked(only, FIX_ALL_KIND)) {
    const edits = fixAllEdits(a, fixMinConfidence);
    if (edits.length) out.push({ title: 'Puncteme: fix all safe punctuation problems', kind: FIX_ALL_KIND, edit: workspaceEdit(a, edits) });
  }
  if (!wants(CodeActionKind.QuickFix)) return out;
  const starts = lineStarts(a.text);
  a.findings.forEach((f, index) => {
    if (!overlaps(f, range)) return;
    const diagnostic: Diagnostic = toDiagnostic(f, a.uri, index);
    f.fixes.forEach((fix, i) => {
      out.push({ title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: i === 0 && f.fixes.length === 1, edit: workspaceEdit(a, fix.edits) });
    });
    const same = a.findings.filter((g) => g.ruleId === f.ruleId);
    if (same.length > 1) {
      const edits = fixAllEdits(a, fixMinConfidence, same);
      if (edits.length) out.push({ title: `Fix all "${f.ruleId}" problems in this document`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: workspaceEdit(a, edits) });
    }
    const sentence = sentenceAround(a.blocks, f.start.offset);
    if (sentence) {
      const inserts = ignoreSentenceEdits(a.text, a.kind, sentence).map((e) => {
        const p = positionFromStarts(starts, e.offset);
        return { start: p, end: p, newText: e.newText };
      });
      out.push({ title: 'Ignore this sentence (Puncteme)', kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: workspaceEdit(a, inserts) });
      // The same, kept outside the text: this rule, in this sentence wherever it occurs (`prose/allowed.ts`).
      if (sentence.start <= f.start.offset && f.end.offset <= sentence.end) out.push({
        title: 'Hide this false positive (Puncteme, in .punctemerc.json)',
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        command: { title: 'Hide this false positive', command: HIDE_FALSE_POSITIVE_COMMAND, arguments: [f.ruleId, a.text.slice(sentence.start, sentence.end), a.uri] },
      });
    }
    out.push({
      title: `Disable rule "${f.ruleId}" in this workspace (.punctemerc.json)`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      command: { title: 'Disable rule', command: DISABLE_RULE_COMMAND, arguments: [f.ruleId, a.uri] },
    });
  });
  return out;
}

/** Findings → LSP diagnostics (the one place that translates them), and the link to each rule's documentation. */
import { Diagnostic, DiagnosticSeverity, DiagnosticRelatedInformation, Range } from 'vscode-languageserver';
import { rulePageUri } from '../engine/rulePages';
import { Finding, Severity } from '../engine/types';

/**
 * The rule's documentation: its page shipped with the server (`docs/rules/<id>.md`, a `file:` URI, which VS Code opens
 * in an editor); undefined when the page is not there, so that no link leads nowhere.
 */
export function ruleDocsHref(ruleId: string): string | undefined {
  return rulePageUri(ruleId);
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function rangeOf(f: { start: { line: number; character: number }; end: { line: number; character: number } }): Range {
  return { start: { line: f.start.line, character: f.start.character }, end: { line: f.end.line, character: f.end.character } };
}

function codeDescription(ruleId: string): { codeDescription?: { href: string } } {
  const href = ruleDocsHref(ruleId);
  return href ? { codeDescription: { href } } : {};
}

export function toDiagnostic(f: Finding, uri: string, index: number): Diagnostic {
  const related: DiagnosticRelatedInformation[] = (f.related ?? []).map((r) => ({
    location: { uri, range: rangeOf(r) },
    message: r.message,
  }));
  return {
    range: rangeOf(f),
    severity: SEVERITY[f.severity] ?? DiagnosticSeverity.Warning,
    source: 'puncteme',
    code: f.ruleId,
    ...codeDescription(f.ruleId),
    message: f.message,
    ...(related.length ? { relatedInformation: related } : {}),
    data: { index, confidence: f.confidence },
  };
}

/** Said where a paragraph's analysis ran over its time budget: its findings may be incomplete. */
export function truncatedDiagnostic(position: { line: number; character: number }, budgetMs: number): Diagnostic {
  return {
    range: { start: position, end: position },
    severity: DiagnosticSeverity.Information,
    source: 'puncteme',
    code: 'analysis-truncated',
    message: `Puncteme stopped analysing this paragraph after ${budgetMs / 1000} s (it is very long); punctuation problems further on may be missed. Shorter sentences are checked fully.`,
  };
}

/** Said where the analysis stopped or skipped something (a word budget, Markdown nested too deep): never silently. */
export function noteDiagnostic(position: { line: number; character: number }, message: string): Diagnostic {
  return {
    range: { start: position, end: position },
    severity: DiagnosticSeverity.Information,
    source: 'puncteme',
    code: 'analysis-truncated',
    message: `Puncteme: ${message}`,
  };
}

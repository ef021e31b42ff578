/** Hover on a finding: the message, the confidence, and the model's explanation with the bracketing as code. */
import { Hover, MarkupKind, Position } from 'vscode-languageserver';
import { Finding } from '../engine/types';
import { rangeOf, ruleDocsHref } from './diagnostics';

function contains(f: Finding, p: Position): boolean {
  const afterStart = p.line > f.start.line || (p.line === f.start.line && p.character >= f.start.character);
  const beforeEnd = p.line < f.end.line || (p.line === f.end.line && p.character <= f.end.character);
  return afterStart && beforeEnd;
}

/** Lines of an explanation that are bracketings (`[ [“ Dale ”] means … ]`) are shown as code, the rest as text. */
export function explanationMarkdown(explanation: string): string {
  const out: string[] = [];
  let inCode = false;
  for (const line of explanation.split('\n')) {
    const isTree = /^\s*\[.*\]\s*$/.test(line) || /^\s*(T′|T'|underlying|surface)\s*[:=]/i.test(line);
    if (isTree !== inCode) {
      out.push(isTree ? '```puncteme-tree' : '```');
      inCode = isTree;
    }
    out.push(line);
  }
  if (inCode) out.push('```');
  return out.join('\n');
}

export function findingHover(findings: readonly Finding[], p: Position): Hover | undefined {
  const here = findings.filter((f) => contains(f, p));
  if (!here.length) return undefined;
  const parts = here.map((f) => {
    const head = `**${f.message}** — [\`${f.ruleId}\`](${ruleDocsHref(f.ruleId)}), confidence ${(f.confidence * 100).toFixed(0)}%`;
    return f.explanation ? `${head}\n\n${explanationMarkdown(f.explanation)}` : head;
  });
  return { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n---\n\n') }, range: rangeOf(here[0]) };
}

/**
 * Model-behaviour snapshots: what the shipped models find in a few real documents, one finding a line, kept in
 * `test/golden/*.findings` so that a change of model or decision shows as a diff a reviewer can read line by line.
 * `npm run golden:update` rewrites them (scripts/golden-update.ts); `test/golden/golden.test.ts` checks them.
 */
import * as fs from 'fs';
import * as path from 'path';
import { createLinter, Finding, Linter } from '../../server/src/engine';
import { RULES } from '../../server/src/engine/registry';
import { lintDocument, ProseKind } from '../../server/src/prose';

const ROOT = path.resolve(__dirname, '../..');

export interface GoldenCase {
  /** The snapshot's file name in test/golden/ (without `.findings`). */
  name: string;
  /** Where the text comes from, for the snapshot's header. */
  source: string;
  kind: ProseKind;
  text: () => string;
}

/** The wrong side of every example in the registry of rules, one paragraph each, in one document. */
function registryExamples(): string {
  return RULES.flatMap((r) => r.examples.map((e) => e.wrong)).join('\n\n');
}

export const GOLDEN_CASES: readonly GoldenCase[] = [
  { name: 'sample.md', source: 'examples/sample.md', kind: 'markdown', text: () => fs.readFileSync(path.join(ROOT, 'examples/sample.md'), 'utf8') },
  { name: 'rule-examples', source: 'the wrong side of each example in engine/registry/, one paragraph each', kind: 'plaintext', text: registryExamples },
];

function quoted(s: string): string {
  return JSON.stringify(s);
}

/** One line a finding: where, rule, severity, confidence, the text it covers and what its first fix writes there. */
export function renderFindings(text: string, findings: readonly Finding[]): string[] {
  return findings.map((f) => {
    const fix = f.fixes[0]?.edits.map((e) => `${e.start.line + 1}:${e.start.character + 1} ${quoted(text.slice(e.start.offset, e.end.offset))} → ${quoted(e.newText)}`).join(', ') ?? 'no fix';
    return `${f.start.line + 1}:${f.start.character + 1}-${f.end.line + 1}:${f.end.character + 1} ${f.ruleId} ${f.severity} ${f.confidence.toFixed(2)} ${quoted(text.slice(f.start.offset, f.end.offset))} | ${fix}`;
  });
}

export function snapshotFile(c: GoldenCase): string {
  return path.join(ROOT, 'test/golden', `${c.name}.findings`);
}

/** The snapshot as it should read now: a header, then the findings at the default settings. */
export function snapshotOf(linter: Linter, c: GoldenCase): string {
  const text = c.text();
  const header = [`# What the shipped models find in ${c.source} (${c.kind}, default settings).`, '# line:col-line:col rule severity confidence "covered text" | first fix. Regenerate: npm run golden:update'];
  return [...header, ...renderFindings(text, lintDocument(linter, text, c.kind))].join('\n') + '\n';
}

export async function goldenLinter(): Promise<Linter> {
  return createLinter();
}

/**
 * `--format sarif`: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers. One run; regions are 1-based
 * lines and UTF-16 columns (`columnKind: utf16CodeUnits`, the unit our offsets use), plus charOffset/charLength;
 * each fix becomes a SARIF fix with its replacements.
 */
import * as fs from 'fs';
import { findingKeys } from '../../engine/findingKey';
import { ruleDoc } from '../../engine/ruleCatalog';
import { rulePagePath, rulePageUri } from '../../engine/rulePages';
import { Finding, Position, Severity } from '../../engine/types';
import { Formatter } from './report';

/** The rule's page as SARIF help Markdown (GitHub code scanning shows it with the alert), without its HTML comments. */
function helpMarkdown(ruleId: string): string | undefined {
  const file = rulePagePath(ruleId);
  return file ? fs.readFileSync(file, 'utf8').replace(/^<!--.*-->\n+/gm, '').trim() : undefined;
}

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };

function region(start: Position, end: Position) {
  return {
    startLine: start.line + 1,
    startColumn: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
    charOffset: start.offset,
    charLength: end.offset - start.offset,
  };
}

/** A relative URI reference for a report path (each segment percent-encoded). */
function fileUri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

export const formatSarif: Formatter = (reports, ctx) => {
  const ruleIds = [...new Set(reports.flatMap((r) => r.findings.map((f) => f.ruleId)))].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const results = reports.flatMap((r) => {
    const artifactLocation = { uri: fileUri(r.file), uriBaseId: '%SRCROOT%' };
    // Code scanning matches an alert across commits by its fingerprint: one that survives edits elsewhere in the file.
    const keys = r.text !== undefined ? findingKeys(r.text, r.findings) : undefined;
    return r.findings.map((f: Finding, i: number) => ({
      ruleId: f.ruleId,
      ruleIndex: ruleIndex.get(f.ruleId),
      level: LEVEL[f.severity],
      message: { text: f.message },
      locations: [{ physicalLocation: { artifactLocation, region: region(f.start, f.end) } }],
      ...(f.fixes.length
        ? {
            fixes: f.fixes.map((fix) => ({
              description: { text: fix.title },
              artifactChanges: [
                {
                  artifactLocation,
                  replacements: fix.edits.map((e) => ({ deletedRegion: region(e.start, e.end), insertedContent: { text: e.newText } })),
                },
              ],
            })),
          }
        : {}),
      ...(keys ? { partialFingerprints: { 'punctemeFinding/v1': keys[i] } } : {}),
      properties: { confidence: f.confidence, explanation: f.explanation },
    }));
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'puncteme',
            version: ctx.toolVersion,
            rules: ruleIds.map((id) => {
              const doc = ruleDoc(id);
              const markdown = helpMarkdown(id);
              const helpUri = rulePageUri(id);
              return {
                id,
                name: id,
                shortDescription: { text: doc.summary },
                // The page shipped with the package (an absolute file: URI, as SARIF asks), and its text for viewers
                // on another machine.
                ...(helpUri ? { helpUri } : {}),
                ...(doc.example || markdown ? { help: { text: doc.example ? `Example: ${doc.example}` : doc.summary, ...(markdown ? { markdown } : {}) } } : {}),
                properties: { tags: [doc.style ? 'style' : 'punctuation'] },
              };
            }),
          },
        },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
};

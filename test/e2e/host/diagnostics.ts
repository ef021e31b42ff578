/** Reading the extension's diagnostics through the `vscode` API, shared by the e2e test files. */
import * as vscode from 'vscode';
import { waitFor } from './wait';

export const punctemeDiagnostics = (uri: vscode.Uri) =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'puncteme');

export const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? d.code.value : d.code);

/** `line:char-line:char`, 0-based: compact and exact, for assertions and messages. */
export const show = (r: vscode.Range) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;

/** Waits until the document has exactly `n` Puncteme diagnostics; on timeout, says which it has. */
export async function diagnosticsCount(uri: vscode.Uri, n: number): Promise<vscode.Diagnostic[]> {
  return waitFor(`${n} Puncteme diagnostic(s)`, () => {
    const d = punctemeDiagnostics(uri);
    return d.length === n ? d : undefined;
  }).catch((e: Error) => {
    const got = punctemeDiagnostics(uri).map((d) => `${show(d.range)} ${codeOf(d)}: ${d.message}`);
    throw new Error(`${e.message}; got ${JSON.stringify(got)}`);
  });
}

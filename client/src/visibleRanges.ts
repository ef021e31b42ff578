/**
 * Tells the server which lines each editor shows (VISIBLE_RANGES_NOTIFICATION): it analyses those paragraphs of a
 * document first and publishes them as soon as they are done, so a long document's visible diagnostics come before
 * the rest (LSP has no visible range of its own).
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { VISIBLE_RANGES_NOTIFICATION, VisibleRangesParams } from '../../server/src/protocol';

export function trackVisibleRanges(client: () => LanguageClient | undefined, languages: readonly string[]): vscode.Disposable {
  const send = (editor: vscode.TextEditor) => {
    const c = client();
    const doc = editor.document;
    if (!c?.isRunning() || !languages.includes(doc.languageId) || (doc.uri.scheme !== 'file' && doc.uri.scheme !== 'untitled')) return;
    const params: VisibleRangesParams = {
      uri: doc.uri.toString(),
      ranges: editor.visibleRanges.map((r) => ({ start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } })),
    };
    void c.sendNotification(VISIBLE_RANGES_NOTIFICATION, params);
  };
  vscode.window.visibleTextEditors.forEach(send);
  return vscode.Disposable.from(
    vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach(send)),
    vscode.window.onDidChangeTextEditorVisibleRanges((e) => send(e.textEditor)),
  );
}

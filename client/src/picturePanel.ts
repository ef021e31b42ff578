/**
 * "Puncteme: Show Punctuation Picture": a webview beside the editor with the picture of the sentence at the cursor
 * (the dependency arcs, the underlying punctuation T′ at each constituent's edges, the written marks, the channel's
 * rewrites between them), updated as the cursor moves, with its text form below (for screen readers) and an SVG
 * export. It complements "Show Underlying Punctuation", which stays for the one-line bracketing.
 */
import * as fs from 'fs';
import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { PICTURE_REQUEST, PictureParams, PictureResult } from '../../server/src/protocol';

/** Cursor moves closer together than this ask for one picture (the last position). */
const FOLLOW_DEBOUNCE_MS = 150;

export class PicturePanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private last: PictureResult | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly client: () => LanguageClient | undefined,
    private readonly languages: readonly string[],
  ) {
    this.subscriptions.push(
      vscode.window.onDidChangeTextEditorSelection((e) => this.follow(e.textEditor)),
      vscode.window.onDidChangeActiveTextEditor((e) => e && this.follow(e)),
    );
  }

  show(): void {
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel('punctemePicture', 'Punctuation Picture', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true, localResourceRoots: [] });
      this.panel.webview.html = page(this.panel.webview);
      this.panel.webview.onDidReceiveMessage((m: { type?: string }) => (m.type === 'export' ? void this.exportSvg() : undefined), undefined, this.subscriptions);
      this.panel.onDidDispose(() => (this.panel = undefined), undefined, this.subscriptions);
    } else this.panel.reveal(undefined, true);
    const editor = vscode.window.activeTextEditor;
    if (editor) this.follow(editor, 0);
  }

  private follow(editor: vscode.TextEditor, delay = FOLLOW_DEBOUNCE_MS): void {
    if (!this.panel || !this.languages.includes(editor.document.languageId)) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(editor), delay);
  }

  private async update(editor: vscode.TextEditor): Promise<void> {
    const client = this.client();
    if (!client || !this.panel) return;
    const params: PictureParams = { uri: editor.document.uri.toString(), position: editor.selection.active };
    try {
      const r = await client.sendRequest<PictureResult | null>(PICTURE_REQUEST, params);
      if (r) this.last = r;
      void this.panel?.webview.postMessage(r ? { type: 'picture', ...r } : { type: 'none' });
    } catch (e) {
      void this.panel?.webview.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  }

  async exportSvg(): Promise<void> {
    if (!this.last) return void vscode.window.showInformationMessage('Puncteme: put the cursor in a sentence first.');
    const target = await vscode.window.showSaveDialog({ filters: { SVG: ['svg'] }, saveLabel: 'Export SVG' });
    if (!target) return;
    if (target.scheme === 'file') fs.writeFileSync(target.fsPath, this.last.svg);
    else await vscode.workspace.fs.writeFile(target, Buffer.from(this.last.svg, 'utf8'));
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    for (const d of this.subscriptions) d.dispose();
  }
}

/** The webview's page: the picture takes the editor's colours; nothing is loaded from outside (strict CSP). */
function page(webview: vscode.Webview): string {
  const nonce = randomBytes(16).toString('base64');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource} 'unsafe-inline'; script-src 'nonce-${nonce}';">
<style>
body { color: var(--vscode-editor-foreground); font-family: var(--vscode-font-family); }
#picture { overflow-x: auto; --fg: var(--vscode-editor-foreground); --muted: var(--vscode-descriptionForeground); --under: var(--vscode-textLink-foreground); --absorb: var(--vscode-errorForeground); --swap: var(--vscode-editorWarning-foreground); }
pre { white-space: pre-wrap; font-family: var(--vscode-editor-font-family); }
button { color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 4px 10px; }
</style></head><body>
<p id="sentence" aria-live="polite">Put the cursor in a sentence.</p>
<div id="picture"></div>
<p><button id="export">Export SVG…</button></p>
<details open><summary>As text</summary><pre id="text"></pre></details>
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
document.getElementById('export').addEventListener('click', () => vscode.postMessage({ type: 'export' }));
window.addEventListener('message', (e) => {
  const m = e.data;
  if (m.type === 'picture') {
    document.getElementById('sentence').textContent = m.sentence;
    document.getElementById('picture').innerHTML = m.svg;
    document.getElementById('text').textContent = m.text;
  } else if (m.type === 'error') {
    document.getElementById('sentence').textContent = 'Puncteme: ' + m.message;
  }
});
</script></body></html>`;
}

/** The status bar item: the server's state for the active document (loading, n findings, skipped, error). */
import * as vscode from 'vscode';
import { StatusParams } from '../../server/src/protocol';

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('puncteme.status', vscode.StatusBarAlignment.Right, 100);
  private server: StatusParams = { state: 'loading' };
  private readonly documents = new Map<string, StatusParams>();
  private active: string | undefined;

  constructor() {
    this.item.name = 'Puncteme';
    this.item.command = 'workbench.actions.view.problems';
    this.item.show();
  }

  set(p: StatusParams): void {
    if (p.uri) this.documents.set(p.uri, p);
    else this.server = p;
    this.render();
  }

  focus(uri: string | undefined): void {
    this.active = uri;
    this.render();
  }

  private render(): void {
    const doc = this.active ? this.documents.get(this.active) : undefined;
    const s = this.server.state === 'loading' || this.server.state === 'error' ? this.server : doc ?? this.server;
    switch (s.state) {
      case 'loading':
        this.item.text = '$(sync~spin) Puncteme';
        break;
      case 'error':
        this.item.text = '$(error) Puncteme';
        break;
      case 'skipped':
        this.item.text = '$(circle-slash) Puncteme';
        break;
      default:
        this.item.text = s.findings === undefined ? '$(check) Puncteme' : s.findings ? `$(warning) Puncteme: ${s.findings}` : '$(check) Puncteme: 0';
    }
    this.item.tooltip = s.message ?? (s.findings !== undefined ? `${s.findings} punctuation finding(s) in this document` : 'Puncteme is ready');
  }

  dispose(): void {
    this.item.dispose();
  }
}

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
    // A document held to learner standards gets more findings than the same text as edited prose: say so, and why.
    const learner = s.audience?.audience === 'learner';
    if (learner && s.state === 'ready') this.item.text += ' · learner';
    const audience = s.audience
      ? `Held to ${learner ? 'learner' : 'edited-prose'} standards (${s.audience.by === 'setting' ? 'the puncteme.audience setting' : `audience auto: ${s.audience.findings} finding(s) in ${s.audience.sentences} sentence(s); set puncteme.audience to choose`}).`
      : undefined;
    const base = s.message ?? (s.findings !== undefined ? `${s.findings} punctuation finding(s) in this document` : 'Puncteme is ready');
    this.item.tooltip = audience && s.state === 'ready' ? `${base}\n${audience}` : base;
  }

  dispose(): void {
    this.item.dispose();
  }
}

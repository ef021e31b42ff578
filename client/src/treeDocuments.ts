/** Read-only virtual documents (`puncteme-tree:` scheme) holding the underlying punctuation of a sentence. */
import * as vscode from 'vscode';

export const TREE_SCHEME = 'puncteme-tree';

export class TreeDocuments implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private count = 0;

  /** Stores the content and returns the URI that shows it. */
  show(source: string, tree: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: TREE_SCHEME, path: `/Underlying punctuation ${++this.count}.puncteme-tree` });
    // The server's explanation already names each sentence in a `#` line above its bracketing.
    this.contents.set(uri.toString(), tree.trim() ? `${tree.trim()}\n` : `# ${source.replace(/\s+/g, ' ').trim()}\n# (no underlying tree)\n`);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }
}

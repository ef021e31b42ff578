/** The workspace the harness opened: a copy of test/e2e/fixtures. */
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';

export function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the workbench opened no folder');
  return vscode.Uri.file(path.join(folder.uri.fsPath, name));
}

/**
 * Re-punctuation in VS Code (issue 35): the refactoring "Delete this phrase with its punctuation" with its preview in
 * the title, applied as one edit and undone in one step; and "Show Punctuation Picture", the webview beside the
 * editor (checked by its tab and on the screenshot: its content lives in an iframe the extension host cannot read).
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { UiClient } from '../harness/channel';
import { waitFor } from './wait';

const ui = UiClient.fromEnv();

describe('Puncteme in VS Code: re-punctuation and the picture', () => {
  it('deletes a phrase with its punctuation in one edit, undone in one step', async () => {
    const content = 'My brother, a doctor, lives in Paris.\n';
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content });
    await vscode.window.showTextDocument(doc);
    const range = new vscode.Range(doc.positionAt(12), doc.positionAt(20)); // "a doctor"
    // The server answers from its analysis of the document's current version: ask until it has one.
    const action = await waitFor('the re-punctuating code actions', async () => {
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, range, 'refactor.rewrite');
      return actions?.find((a) => a.title.startsWith('Delete this phrase with its punctuation'));
    }, 40_000);
    assert.equal(action.title, 'Delete this phrase with its punctuation: “My brother lives in Paris.”');
    assert.ok(action.edit, 'the action carries its edit');
    assert.ok(await vscode.workspace.applyEdit(action.edit));
    assert.equal(doc.getText(), 'My brother lives in Paris.\n');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), content);
  });

  it('Show Punctuation Picture opens the picture of the sentence at the cursor beside the editor', async () => {
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'He called it "a mess," and left, however.\n' });
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(doc.positionAt(5), doc.positionAt(5));
    await vscode.commands.executeCommand('puncteme.showPunctuationPicture');
    await waitFor('the picture tab', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label === 'Punctuation Picture'));
    // Time for the server's answer and the webview's drawing before the screenshot.
    await new Promise((r) => setTimeout(r, 3000));
    await ui.ask({ kind: 'screenshot', name: 'punctuation-picture' });
  });
});

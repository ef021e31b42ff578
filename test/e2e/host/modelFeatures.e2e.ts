/**
 * The client commands that run the punctuation model: "Show Underlying Punctuation" (the MAP underlying bracketing
 * in a read-only `puncteme-tree` document) and "Restore Punctuation" (MBR restoration of a selection).
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { UiClient } from '../harness/channel';
import { commandOutcome, doneOrSkip } from './modelOutcome';

const ui = UiClient.fromEnv();

/** The words of a text, lower-cased, without punctuation: what restoration must never change. */
// Words with their intra-word marks (hyphens, underscores, apostrophes): restoration must keep them as written.
const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}'’_-]+/gu) ?? [];

describe('Puncteme in VS Code: the model behind the commands', () => {
  it('Show Underlying Punctuation opens the bracketing of the current sentence', async function () {
    const doc = await vscode.workspace.openTextDocument({
      language: 'markdown',
      content: 'The first sentence is short. Dale, who lives here, means river valley.\n',
    });
    const editor = await vscode.window.showTextDocument(doc);
    const at = doc.getText().indexOf('lives');
    editor.selection = new vscode.Selection(doc.positionAt(at), doc.positionAt(at));
    const tree = doneOrSkip(
      this,
      await commandOutcome(ui, 'puncteme.showUnderlyingPunctuation', 'a puncteme-tree editor', () =>
        vscode.window.visibleTextEditors.find((e) => e.document.languageId === 'puncteme-tree'),
      ),
    );
    const text = tree.document.getText();
    await ui.ask({ kind: 'screenshot', name: 'underlying-punctuation' });
    assert.match(text, /\[/, `not a bracketing: ${text}`);
    // The sentence under the cursor, not its neighbour.
    for (const w of ['Dale', 'lives', 'valley']) assert.ok(text.includes(w), `"${w}" missing from ${text}`);
    assert.ok(!text.includes('first'), `the tree shows the wrong sentence: ${text}`);
  });

  it('Restore Punctuation punctuates a selection and keeps its words', async function () {
    const unpunctuated = "when the rain stopped we walked home to fix my_config in node_modules and the children who were tired didn't wait for the well-known state-of-the-art film";
    const doc = await vscode.workspace.openTextDocument({ language: 'plaintext', content: unpunctuated });
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(doc.positionAt(0), doc.positionAt(unpunctuated.length));
    const restored = doneOrSkip(
      this,
      await commandOutcome(ui, 'puncteme.restorePunctuation', 'restored text', () =>
        doc.getText() !== unpunctuated ? doc.getText() : undefined,
      ),
    );
    assert.deepStrictEqual(words(restored), words(unpunctuated), `words changed: ${restored}`);
    assert.match(restored, /[.!?]\s*$/, `no sentence-final mark: ${restored}`);
    for (const w of ['my_config', 'node_modules', "didn't", 'well-known', 'state-of-the-art']) assert.ok(restored.includes(w), `${w} changed: ${restored}`);
  });
});

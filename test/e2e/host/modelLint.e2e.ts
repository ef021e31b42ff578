/**
 * A finding only the punctuation model can make, through the shipped models: a comma between a verb and its object
 * is no typographic pattern (`wrote,` is fine in "She wrote, and he read."); the engine parses the sentence, scores
 * the surface with and without the comma under Attach + NoisyChannel, and reports it when the calibrated
 * confidence passes the threshold. Its hover shows the model's explanation; its quick fix removes the comma.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { codeOf, diagnosticsCount, show } from './diagnostics';
import { waitFor } from './wait';
import { workspaceFile } from './workspace';

const SENTENCE = 'The committee wrote, a long letter to the mayor.';
/** Rules decided by the model (the typographic ones are doubled-mark, mark-absorption, unbalanced-*, quote-placement). */
const MODEL_RULES = ['subject-verb-comma', 'comma'];

describe('Puncteme in VS Code: a finding decided by the model', () => {
  it('flags the comma between verb and object, explains it, and its quick fix removes it', async () => {
    const doc = await vscode.workspace.openTextDocument(workspaceFile('model.md'));
    await vscode.window.showTextDocument(doc);
    const at = doc.getText().indexOf(SENTENCE) + SENTENCE.indexOf(',');
    const comma = new vscode.Range(doc.positionAt(at), doc.positionAt(at + 1));
    // The models load in the server's worker; the first analysis can take a few seconds on a busy machine.
    const [d] = await waitFor('the model finding', () => diagnosticsCount(doc.uri, 1).catch(() => undefined), 60_000);
    assert.strictEqual(show(d.range), show(comma));
    assert.ok(MODEL_RULES.includes(String(codeOf(d))), `rule ${codeOf(d)} is not one of the model's`);

    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, comma.start);
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    // The model's account: the underlying bracketing (a puncteme-tree code block) and what it expects here.
    assert.match(text, /```puncteme-tree\n\[.*\]\n```/, `no underlying bracketing in the hover: ${text}`);
    assert.match(text, /the model expects/i, `hover: ${text}`);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, comma, vscode.CodeActionKind.QuickFix.value);
    // The finding's own fix comes first; "ignore this sentence" and "disable this rule" follow it.
    const fix = actions.find((a) => a.kind && vscode.CodeActionKind.QuickFix.contains(a.kind) && a.edit && !/^(Ignore|Disable)\b/.test(a.title));
    assert.ok(fix?.edit, `no quick fix for the finding among ${JSON.stringify(actions.map((a) => a.title))}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.ok(doc.getText().includes('The committee wrote a long letter to the mayor.'), doc.getText());
    await diagnosticsCount(doc.uri, 0);
  });
});

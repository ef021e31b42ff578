/**
 * The other document kinds the extension activates for — plain text, LaTeX, git commit messages — each with one
 * seeded error in prose and the same marks repeated where they are not prose (LaTeX comments and math, commit
 * message comments), which must stay silent; "Puncteme: Fix All" then fixes that one error and nothing else.
 * Runs after markdown.e2e.ts (files run in name order), whose Problems panel counts assume that only its own
 * document has findings.
 */
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import { waitFor } from './wait';

interface Case {
  file: string;
  language: string;
  /** A stretch of prose in the file; its `,,` is the one error the server must report. */
  flagged: string;
}

const CASES: Case[] = [
  { file: 'seeded.txt', language: 'plaintext', flagged: 'When the rain stopped,, we' },
  { file: 'seeded.tex', language: 'latex', flagged: 'In short,, the' },
  { file: 'COMMIT_EDITMSG', language: 'git-commit', flagged: 'When the tests pass,, merge' },
];

const show = (r: vscode.Range) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;

describe('Puncteme in VS Code: plain text, LaTeX, commit messages', () => {
  for (const c of CASES) {
    it(`reports only the prose error in ${c.language} (${c.file}); Fix All fixes it alone`, async () => {
      const folder = vscode.workspace.workspaceFolders?.[0];
      assert.ok(folder, 'the workbench opened no folder');
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(folder.uri.fsPath, c.file)));
      await vscode.window.showTextDocument(doc);
      assert.strictEqual(doc.languageId, c.language);
      const at = doc.getText().indexOf(c.flagged) + c.flagged.indexOf(',,');
      const expected = new vscode.Range(doc.positionAt(at), doc.positionAt(at + 2));
      // Wait for the first analysis, then a moment more so that late diagnostics in non-prose would show too.
      await waitFor('diagnostics', () =>
        vscode.languages.getDiagnostics(doc.uri).some((d) => d.source === 'puncteme') ? true : undefined,
      );
      await new Promise((r) => setTimeout(r, 500));
      const diags = vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source === 'puncteme');
      assert.deepStrictEqual(
        diags.map((d) => show(d.range)),
        [show(expected)],
        `diagnostics: ${JSON.stringify(diags.map((d) => [show(d.range), d.message]))}`,
      );

      // "Puncteme: Fix All" changes that one mark and nothing else, non-prose included.
      const before = doc.getText();
      await vscode.commands.executeCommand('puncteme.fixAll');
      const after = before.slice(0, at) + ',' + before.slice(at + 2);
      await waitFor('the fix', () => (doc.getText() === after ? true : undefined), 10_000).catch(() => {
        assert.strictEqual(doc.getText(), after);
      });
      // The doubled mark is gone; the comma left is the one an introductory clause takes, so nothing else appears.
      await waitFor('no diagnostics', () =>
        vscode.languages.getDiagnostics(doc.uri).some((d) => d.source === 'puncteme') ? undefined : true,
      ).catch((e: Error) => {
        const left = vscode.languages.getDiagnostics(doc.uri).map((d) => [show(d.range), d.message]);
        throw new Error(`${e.message}; left: ${JSON.stringify(left)}`);
      });
    });
  }
});

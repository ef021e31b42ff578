/**
 * The other document kinds the extension activates for — plain text, LaTeX, git commit messages — each with one
 * seeded error in prose and the same marks repeated where they are not prose (LaTeX comments and math, commit
 * message comments), which must stay silent; "Puncteme: Fix All" then fixes that one error and nothing else.
 * Runs after markdown.e2e.ts (files run in name order), whose Problems panel counts assume that only its own
 * document has findings.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { diagnosticsCount, show } from './diagnostics';
import { waitFor } from './wait';
import { workspaceFile } from './workspace';

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

describe('Puncteme in VS Code: plain text, LaTeX, commit messages', () => {
  for (const c of CASES) {
    it(`reports only the prose error in ${c.language} (${c.file}); Fix All fixes it alone`, async () => {
      const doc = await vscode.workspace.openTextDocument(workspaceFile(c.file));
      await vscode.window.showTextDocument(doc);
      assert.strictEqual(doc.languageId, c.language);
      const at = doc.getText().indexOf(c.flagged) + c.flagged.indexOf(',,');
      const expected = new vscode.Range(doc.positionAt(at), doc.positionAt(at + 2));
      const [d] = await diagnosticsCount(doc.uri, 1);
      assert.strictEqual(show(d.range), show(expected));
      // A moment more, so that a late diagnostic in non-prose would show too.
      await new Promise((r) => setTimeout(r, 500));
      await diagnosticsCount(doc.uri, 1);

      // "Puncteme: Fix All" changes that one mark and nothing else, non-prose included.
      const before = doc.getText();
      await vscode.commands.executeCommand('puncteme.fixAll');
      const after = before.slice(0, at) + ',' + before.slice(at + 2);
      await waitFor('the fix', () => (doc.getText() === after ? true : undefined), 10_000).catch(() => {
        assert.strictEqual(doc.getText(), after);
      });
      // The doubled mark is gone; the comma left is the one an introductory clause takes, so nothing else appears.
      await diagnosticsCount(doc.uri, 0);
    });
  }
});

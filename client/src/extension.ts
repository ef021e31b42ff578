/**
 * The VS Code side of Puncteme: starts the language server over IPC, shows its state in the status bar, and adds the
 * commands that need an editor (underlying punctuation in a read-only document, restoration of a selection, fix all).
 */
import * as fs from 'fs';
import * as vscode from 'vscode';
import { ExecuteCommandRequest, LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { COMMANDS, SERVER_ENV, STATUS_NOTIFICATION, StatusParams } from '../../server/src/protocol';
import { StatusBar } from './statusBar';
import { TreeDocuments, TREE_SCHEME } from './treeDocuments';
import { PicturePanel } from './picturePanel';
import { trackVisibleRanges } from './visibleRanges';
import { sentenceAt } from '../../server/src/protocol/sentenceAt';

const LANGUAGES = ['markdown', 'plaintext', 'latex', 'tex', 'git-commit', 'restructuredtext', 'asciidoc'];

let client: LanguageClient | undefined;

/** The bundled server in the .vsix (dist/server.js), else the compiled one of a development checkout. */
function serverModule(context: vscode.ExtensionContext): string {
  const bundled = context.asAbsolutePath('dist/server.js');
  return fs.existsSync(bundled) ? bundled : context.asAbsolutePath('server/out/lsp/server.js');
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const module = serverModule(context);
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { env: SERVER_ENV } },
    debug: { module, transport: TransportKind.ipc, options: { env: SERVER_ENV, execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.flatMap((language) => [{ scheme: 'file', language }, { scheme: 'untitled', language }]),
    synchronize: {
      configurationSection: 'puncteme',
      fileEvents: vscode.workspace.createFileSystemWatcher('**/.punctemerc.json'),
    },
  };
  client = new LanguageClient('puncteme', 'Puncteme', serverOptions, clientOptions);
  const status = new StatusBar();
  const trees = new TreeDocuments();
  context.subscriptions.push(status, vscode.workspace.registerTextDocumentContentProvider(TREE_SCHEME, trees));
  const picture = new PicturePanel(() => client, LANGUAGES);
  context.subscriptions.push(picture, vscode.commands.registerCommand('puncteme.showPunctuationPicture', () => picture.show()));

  const runServerCommand = async <T>(command: string, args: unknown[]): Promise<T> =>
    (await client!.sendRequest(ExecuteCommandRequest.type, { command, arguments: args })) as T;

  context.subscriptions.push(
    vscode.commands.registerCommand('puncteme.showUnderlyingPunctuation', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) return;
      const text = editor.selection.isEmpty ? sentenceAt(editor.document.getText(), editor.document.offsetAt(editor.selection.active)) : editor.document.getText(editor.selection);
      if (!text.trim()) return void vscode.window.showInformationMessage('Puncteme: put the cursor in a sentence, or select text.');
      try {
        const tree = await runServerCommand<string>(COMMANDS.explain, [text]);
        const doc = await vscode.workspace.openTextDocument(trees.show(text, tree));
        await vscode.languages.setTextDocumentLanguage(doc, 'puncteme-tree');
        await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
      } catch (e) {
        void vscode.window.showErrorMessage(`Puncteme: ${e instanceof Error ? e.message : e}`);
      }
    }),
    vscode.commands.registerCommand('puncteme.restorePunctuation', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.selection.isEmpty) return void vscode.window.showInformationMessage('Puncteme: select the unpunctuated text to restore.');
      const selection = editor.selection;
      try {
        const original = editor.document.getText(selection);
        const restored = await runServerCommand<string>(COMMANDS.restore, [original]);
        if (restored === original) return void vscode.window.showInformationMessage('Puncteme: nothing to restore (the selection is already punctuated).');
        // The text may have been edited while the server worked: never overwrite what the writer typed meanwhile.
        if (editor.document.getText(selection) !== original) return void vscode.window.showWarningMessage('Puncteme: the selection changed while restoring; run Restore Punctuation again.');
        await editor.edit((b) => b.replace(selection, restored));
      } catch (e) {
        void vscode.window.showErrorMessage(`Puncteme: ${e instanceof Error ? e.message : e}`);
      }
    }),
    vscode.commands.registerCommand('puncteme.fixAll', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) return;
      const r = await runServerCommand<{ applied: boolean; edits: number }>(COMMANDS.fixAll, [editor.document.uri.toString()]);
      if (!r.edits) void vscode.window.showInformationMessage('Puncteme: nothing to fix.');
    }),
    vscode.window.onDidChangeActiveTextEditor((e) => status.focus(e?.document.uri.toString())),
  );

  status.set({ state: 'loading', message: 'Starting the Puncteme server…' });
  status.focus(vscode.window.activeTextEditor?.document.uri.toString());
  // Registered before start: the server reports "loading" as soon as it is initialised.
  context.subscriptions.push(client.onNotification(STATUS_NOTIFICATION, (p: StatusParams) => status.set(p)));
  try {
    await client.start();
    context.subscriptions.push(trackVisibleRanges(() => client, LANGUAGES));
  } catch (e) {
    status.set({ state: 'error', message: `The Puncteme server did not start: ${e instanceof Error ? e.message : e}` });
    throw e;
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

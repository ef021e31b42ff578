/**
 * Entry point of the Puncteme language server (`puncteme-ls --stdio`, or `--node-ipc` when VS Code starts it).
 * The transport is chosen from the command line by vscode-languageserver.
 */
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { locateModels } from './modelDir';
import { startServer } from './session';

locateModels();
const connection = createConnection(ProposedFeatures.all);
// A bug anywhere must not take the editor's server down silently: log it and keep serving.
process.on('uncaughtException', (e) => connection.console.error(`puncteme: uncaught: ${e.stack ?? e}`));
process.on('unhandledRejection', (e) => connection.console.error(`puncteme: unhandled rejection: ${e instanceof Error ? e.stack : e}`));
startServer(connection);

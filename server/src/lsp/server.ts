/**
 * Entry point of the Puncteme language server (`puncteme-ls --stdio`, or `--node-ipc` when VS Code starts it).
 * The transport is chosen from the command line by vscode-languageserver. The models are found as everywhere else, by
 * `data/modelDir.ts` (`PUNCTEME_MODEL_DIR`, else the `models/en` above the compiled server or the bundle).
 */
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { startServer } from './session';

const connection = createConnection(ProposedFeatures.all);
// A bug anywhere must not take the editor's server down silently: log it and keep serving.
process.on('uncaughtException', (e) => connection.console.error(`puncteme: uncaught: ${e.stack ?? e}`));
process.on('unhandledRejection', (e) => connection.console.error(`puncteme: unhandled rejection: ${e instanceof Error ? e.stack : e}`));
startServer(connection);

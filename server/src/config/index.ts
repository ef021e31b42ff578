/** The `.punctemerc.json` project configuration, shared by the CLI and the language server. */
export * from './projectConfig';
export * from './dialect';

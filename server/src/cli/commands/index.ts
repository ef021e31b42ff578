/**
 * Every sub-command of the user CLI. Add new commands here (developer commands: server/research/cli/).
 *
 * Each command's module is loaded only when it runs (or its help is shown): `puncteme lint` need not load what
 * `explain` imports (the treebank reader, re-punctuation), which cost about 40 ms CPU of a cold start.
 */
import { Command } from '../command';

/** A command whose module `load` returns, required on first use; `path` must be the command's own (tested). */
function lazyCommand(path: string[], load: () => Command): Command {
  return {
    path,
    get summary() {
      return load().summary;
    },
    get usage() {
      return load().usage;
    },
    run: (args, io) => load().run(args, io),
  };
}

/* eslint-disable @typescript-eslint/no-require-imports */
export const commands: Command[] = [
  lazyCommand(['explain'], () => (require('./explain') as typeof import('./explain')).explainCommand),
  lazyCommand(['lint'], () => (require('./lint') as typeof import('./lint')).lintCommand),
  lazyCommand(['restore'], () => (require('./restore') as typeof import('./restore')).restoreCommand),
];

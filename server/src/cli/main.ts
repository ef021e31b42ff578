/** `puncteme` command-line entry point: dispatches to the sub-commands in `commands/`. */
import { CliIO } from './command';
import { commands } from './commands';
import { defaultIO, dispatch } from './dispatch';
import { printable } from './text/printable';

/**
 * Commands that moved to the developer entry point (server/research/cli/): they need a checkout, its treebanks and
 * models, and their code does not ship in the npm package.
 */
const DEVELOPER_COMMANDS = new Set(['eval', 'data']);

export async function main(args: string[], io: CliIO = defaultIO()): Promise<number> {
  if (args[0] === '--version' || args[0] === '-v') {
    io.stdout(`${require('../../package.json').version}\n`);
    return 0;
  }
  if (args.length > 0 && DEVELOPER_COMMANDS.has(args[0])) {
    io.stderr(`puncteme: \`${args[0]}\` is a developer command: in a checkout of the repository run \`npm run dev -- ${args.join(' ')}\`\n`);
    return 2;
  }
  return dispatch({ name: 'puncteme', commands }, args, io);
}

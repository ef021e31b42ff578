/** Every sub-command of the user CLI. Add new commands here (developer commands: server/research/cli/). */
import { Command } from '../command';
import { explainCommand } from './explain';
import { lintCommand } from './lint';
import { restoreCommand } from './restore';

export const commands: Command[] = [explainCommand, lintCommand, restoreCommand];

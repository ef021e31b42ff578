/** Every CLI sub-command. Add new commands here. */
import { Command } from '../command';
import { dataStatsCommand } from './dataStats';

export const commands: Command[] = [dataStatsCommand];

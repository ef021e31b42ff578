/** Every CLI sub-command. Add new commands here. */
import { Command } from '../command';
import { dataStatsCommand } from './dataStats';
import { evalParserCommand } from './evalParser';
import { evalPerplexityCommand } from './evalPerplexity';
import { evalRulesCommand } from './evalRules';
import { explainCommand } from './explain';
import { lintCommand } from './lint';
import { restoreCommand } from './restore';

export const commands: Command[] = [dataStatsCommand, explainCommand, evalParserCommand, evalPerplexityCommand, evalRulesCommand, lintCommand, restoreCommand];

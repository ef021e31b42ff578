/**
 * The developer entry point, `npm run dev -- <command>`: the commands that measure the models on treebanks (`eval
 * perplexity`, `eval rules`, `eval parser`) and describe the training data (`data stats`). They need a checkout (the
 * treebanks, the Attach-only ablation, which does not ship), so they stay out of the user CLI and its bundle.
 */
import { CliIO } from '../../src/cli/command';
import { defaultIO, dispatch } from '../../src/cli/dispatch';
import { dataStatsCommand } from './commands/dataStats';
import { evalParserCommand } from './commands/evalParser';
import { evalPerplexityCommand } from './commands/evalPerplexity';
import { evalRulesCommand } from './commands/evalRules';

export const developerCommands = [dataStatsCommand, evalParserCommand, evalPerplexityCommand, evalRulesCommand];

export function devMain(args: string[], io: CliIO = defaultIO()): Promise<number> {
  return dispatch({ name: 'npm run dev --', commands: developerCommands }, args, io);
}

if (require.main === module) {
  // `npm run` starts scripts in the repository's root; file names on the command line are relative to where it was
  // typed (INIT_CWD), as they would be for `puncteme`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  devMain(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: Error) => {
      process.stderr.write(`npm run dev: ${err.stack ?? err}\n`);
      process.exitCode = 2;
    },
  );
}

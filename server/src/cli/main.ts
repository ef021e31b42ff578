/** `puncteme` command-line entry point: dispatches to the sub-commands in `commands/`. */
import { CliIO, Command, UsageError } from './command';
import { commands } from './commands';

function defaultIO(): CliIO {
  return {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    readStdin: () =>
      new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        process.stdin.on('data', (c: Buffer) => chunks.push(c));
        process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        process.stdin.on('error', reject);
      }),
    isTTY: Boolean(process.stdout.isTTY),
    ...(process.stdout.isTTY && process.stdout.columns ? { columns: process.stdout.columns } : {}),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
  };
}

function findCommand(args: string[]): { command: Command; rest: string[] } | undefined {
  let best: { command: Command; rest: string[] } | undefined;
  for (const c of commands) {
    if (c.path.every((w, i) => args[i] === w) && (!best || c.path.length > best.command.path.length)) {
      best = { command: c, rest: args.slice(c.path.length) };
    }
  }
  return best;
}

function help(): string {
  const lines = ['Usage: puncteme <command> [options]', '', 'Commands:'];
  const width = Math.max(...commands.map((c) => c.path.join(' ').length));
  for (const c of commands) lines.push(`  ${c.path.join(' ').padEnd(width)}  ${c.summary}`);
  lines.push('', 'Run `puncteme <command> --help` for a command\'s options.');
  return lines.join('\n') + '\n';
}

export async function main(args: string[], io: CliIO = defaultIO()): Promise<number> {
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h' || args[0] === 'help') {
    io.stdout(help());
    return args.length === 0 ? 2 : 0;
  }
  if (args[0] === '--version' || args[0] === '-v') {
    io.stdout(`${require('../../package.json').version}\n`);
    return 0;
  }
  const found = findCommand(args);
  if (!found) {
    io.stderr(`puncteme: unknown command "${args.join(' ')}"\n\n${help()}`);
    return 2;
  }
  if (found.rest.includes('--help') || found.rest.includes('-h')) {
    io.stdout(`Usage: ${found.command.usage}\n\n${found.command.summary}\n`);
    return 0;
  }
  try {
    return await found.command.run(found.rest, io);
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err instanceof UsageError || err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' || err.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      io.stderr(`puncteme ${found.command.path.join(' ')}: ${err.message}\nUsage: ${found.command.usage}\n`);
      return 2;
    }
    io.stderr(`puncteme ${found.command.path.join(' ')}: ${err.message}\n`);
    return 2;
  }
}

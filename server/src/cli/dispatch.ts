/**
 * Runs one of a program's sub-commands: finds it by its words, prints help and usage, and turns usage errors into
 * exit code 2. The user CLI (`puncteme`, main.ts) and the developer one (`npm run dev`, server/research/cli/) share it.
 */
import { CliIO, Command, UsageError } from './command';
import { printable, printableLines } from './text/printable';

export interface Program {
  /** The name shown in help and errors: `puncteme`. */
  name: string;
  commands: readonly Command[];
}

export function defaultIO(): CliIO {
  quietWhenReaderCloses();
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

/**
 * A reader that stops early (`puncteme explain … | head`) closes the pipe: the next write fails with EPIPE, which
 * Node raises as an unhandled 'error' event and a stack trace. Like other command-line tools, stop quietly instead:
 * nobody is reading what is left to print.
 */
function quietWhenReaderCloses(): void {
  if (process.stdout.listenerCount('error') > 0) return;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

function findCommand(commands: readonly Command[], args: string[]): { command: Command; rest: string[] } | undefined {
  let best: { command: Command; rest: string[] } | undefined;
  for (const c of commands) {
    if (c.path.every((w, i) => args[i] === w) && (!best || c.path.length > best.command.path.length)) {
      best = { command: c, rest: args.slice(c.path.length) };
    }
  }
  return best;
}

export function help(program: Program): string {
  const lines = [`Usage: ${program.name} <command> [options]`, '', 'Commands:'];
  const width = Math.max(...program.commands.map((c) => c.path.join(' ').length));
  for (const c of program.commands) lines.push(`  ${c.path.join(' ').padEnd(width)}  ${c.summary}`);
  lines.push('', `Run \`${program.name} <command> --help\` for a command's options.`);
  return lines.join('\n') + '\n';
}

/** Runs `args` (help when empty or `--help`); returns the process exit code. */
export async function dispatch(program: Program, args: string[], io: CliIO): Promise<number> {
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h' || args[0] === 'help') {
    io.stdout(help(program));
    return args.length === 0 ? 2 : 0;
  }
  const found = findCommand(program.commands, args);
  if (!found) {
    io.stderr(`${program.name}: unknown command "${printable(args.join(' '))}"\n\n${help(program)}`);
    return 2;
  }
  if (found.rest.includes('--help') || found.rest.includes('-h')) {
    io.stdout(`Usage: ${found.command.usage}\n\n${found.command.summary}\n`);
    return 0;
  }
  const prefix = `${program.name} ${found.command.path.join(' ')}`;
  try {
    return await found.command.run(found.rest, io);
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err instanceof UsageError || err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' || err.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      io.stderr(`${prefix}: ${printableLines(err.message)}\nUsage: ${found.command.usage}\n`);
      return 2;
    }
    io.stderr(`${prefix}: ${printableLines(err.message)}\n`);
    return 2;
  }
}

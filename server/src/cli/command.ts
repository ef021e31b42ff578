/** The shape of a CLI sub-command. Each lives in its own file under `commands/` and is listed in `commands/index.ts`. */
export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** Reads all of standard input (for `-`). */
  readStdin: () => Promise<string>;
  isTTY: boolean;
  /** Columns of the terminal standard output is (absent when it is not one). */
  columns?: number;
  /** Whether standard error is a terminal (progress bars); absent = no. */
  stderrIsTTY?: boolean;
  cwd: string;
}

export interface Command {
  /** Words that select it, e.g. ['data', 'stats']. */
  path: string[];
  summary: string;
  usage: string;
  /** Returns the process exit code: 0 ok, 1 findings (lint), 2 usage or input errors. */
  run(args: string[], io: CliIO): Promise<number>;
}

/** A usage error: printed with the command's usage and exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

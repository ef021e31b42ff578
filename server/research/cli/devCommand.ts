/**
 * What the developer commands share: `--json` beside each command's own options, a check of how many files were
 * given, a model file named relative to where the command was typed, a treebank cut to `--limit`, and JSON output.
 */
import * as path from 'path';
import { parseArgs, ParseArgsConfig } from 'util';
import { Treebank, readTreebank } from '../../src/data/treebank';
import { defaultModelDir } from '../../src/data/modelDir';
import { CliIO, UsageError } from '../../src/cli/command';

type Options = NonNullable<ParseArgsConfig['options']>;
type DevConfig<O extends Options> = { args: string[]; options: O & { json: { type: 'boolean' } }; allowPositionals: true };

/** The arguments with the command's options and `--json`; a usage error unless `min` to `max` files are given. */
export function devArgs<O extends Options>(
  args: string[],
  options: O,
  files: { min: number; max: number; problem: string },
): ReturnType<typeof parseArgs<DevConfig<O>>> {
  const config: DevConfig<O> = { args, options: { ...options, json: { type: 'boolean' } }, allowPositionals: true };
  const parsed = parseArgs(config);
  if (parsed.positionals.length < files.min || parsed.positionals.length > files.max) throw new UsageError(files.problem);
  return parsed;
}

/** `--model FILE` relative to where the command was typed, else the shipped model of that name. */
export function modelFileArg(io: CliIO, given: string | undefined, shipped: string): string {
  return given ? path.resolve(io.cwd, given) : path.join(defaultModelDir(), shipped);
}

/** A CoNLL-U file's trees, the first `limit` of them when given. */
export function readTrees(io: CliIO, file: string, limit?: string): Treebank {
  const tb = readTreebank(path.resolve(io.cwd, file));
  return limit ? { ...tb, trees: tb.trees.slice(0, Number(limit)) } : tb;
}

/** Writes the command's result as JSON; the exit code. */
export function printJson(io: CliIO, value: unknown): number {
  io.stdout(JSON.stringify(value, null, 2) + '\n');
  return 0;
}

/**
 * Equivalence check of the parser's run time (issue 4; journal, "speed", 2026-11-21): prints every tag, head and
 * relation that the parser code under ROOT gives on all of EWT dev and test (`parseLines.ts`), so that two checkouts —
 * the code before a speed change (e.g. a `git worktree`) and after it — can be compared with `cmp`.
 *
 *   npx tsx test/parser/speed/dumpParses.ts ROOT [--limit N] [--neural MODEL WEIGHT] [--model-dir DIR] > out.txt
 *
 * `PARSER_BUILD=out` runs ROOT's compiled JavaScript instead of its sources. The model is ROOT's models/en, or the
 * parser.bin.gz in DIR (an older model).
 * `--limit 40` wrote test/parser/fixtures/speed-expected.txt (from the code before the speed work; again for the model
 * with the neural scorer).
 */
import * as path from 'path';
import { modulesAt, parseLines } from './parseLines';

const args = process.argv.slice(2);
const root = path.resolve(args[0] ?? '.');
const at = (flag: string) => args.indexOf(flag);
const limit = at('--limit') > 0 ? Number(args[at('--limit') + 1]) : undefined;
const neural = at('--neural') > 0 ? { file: args[at('--neural') + 1], weight: Number(args[at('--neural') + 2]) } : undefined;
const modelDir = at('--model-dir') > 0 ? path.resolve(args[at('--model-dir') + 1]) : path.join(root, 'models/en');
const mods = modulesAt(root, process.env.PARSER_BUILD === 'out' ? 'out' : 'src');
process.stdout.write(parseLines(mods, { modelDir, limit, neural }).join('\n') + '\n');

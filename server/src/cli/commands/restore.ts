import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { Command, UsageError } from '../command';
import type { QuoteStyle } from '../../restore';
import { loadRestorer } from '../restoreAdapter';

/** Seconds a restoration may take before the rest of the text is left as written (about 50,000 words on a quiet machine). */
export const RESTORE_BUDGET_S = 60;

export const restoreCommand: Command = {
  path: ['restore'],
  summary: 'Punctuate text that has none, such as dictation: sentences, capitals, commas, end marks.',
  usage: [
    'puncteme restore [--quotes auto|straight|curly] [--budget SECONDS] [FILE|-]',
    '',
    '  No argument or - reads standard input; the result goes to standard output. --budget 0 lifts the time limit.',
  ].join('\n'),
  async run(args, io) {
    const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { quotes: { type: 'string', default: 'auto' }, budget: { type: 'string', default: String(RESTORE_BUDGET_S) } } });
    const quotes = values.quotes as string;
    if (!['auto', 'straight', 'curly'].includes(quotes)) throw new UsageError(`--quotes must be auto, straight or curly, not "${quotes}"`);
    const budget = Number(values.budget);
    if (!(budget >= 0)) throw new UsageError(`--budget takes a number of seconds (0: no limit), not "${values.budget}"`);
    if (positionals.length > 1) throw new UsageError('restore takes at most one file');
    const source = positionals[0] ?? '-';
    let text: string;
    if (source === '-') text = await io.readStdin();
    else {
      try {
        text = fs.readFileSync(path.resolve(io.cwd, source), 'utf8');
      } catch (e) {
        io.stderr(`puncteme restore: ${source}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}\n`);
        return 2;
      }
    }
    if (text.trim() === '') {
      io.stderr('puncteme restore: the input is empty\n');
      return 2;
    }
    let restorer;
    try {
      restorer = await loadRestorer({ quotes: quotes as QuoteStyle });
    } catch (e) {
      io.stderr(`puncteme restore: ${(e as Error).message}\n`);
      return 2;
    }
    // Paragraphs (blank-line separated) are restored one by one; the text is otherwise kept as written. Past the
    // budget no further sentence is begun: the rest comes out as it was written, and a note says where it starts.
    const { text: restored, stoppedAt } = restorer.restoreUntil(text, budget > 0 ? performance.now() + budget * 1000 : Infinity);
    io.stdout(restored.endsWith('\n') ? restored : restored + '\n');
    if (stoppedAt !== undefined) {
      const line = restored.slice(0, stoppedAt).split('\n').length;
      io.stderr(`puncteme restore: stopped after ${budget} s at line ${line}; the text from there on is left as written (--budget)\n`);
    }
    return 0;
  },
};

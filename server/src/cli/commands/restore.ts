import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { Command, UsageError } from '../command';
import type { QuoteStyle } from '../../restore';
import { loadRestorer } from '../restoreAdapter';

export const restoreCommand: Command = {
  path: ['restore'],
  summary: "Restore the punctuation of unpunctuated text (the model's MBR restoration).",
  usage:
    'puncteme restore [--quotes auto|straight|curly] [FILE|-]   (no argument or - reads standard input; the result goes to standard output)',
  async run(args, io) {
    const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { quotes: { type: 'string', default: 'auto' } } });
    const quotes = values.quotes as string;
    if (!['auto', 'straight', 'curly'].includes(quotes)) throw new UsageError(`--quotes must be auto, straight or curly, not "${quotes}"`);
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
    // Paragraphs (blank-line separated) are restored one by one; the text is otherwise kept as written.
    const restored = restorer.restore(text);
    io.stdout(restored.endsWith('\n') ? restored : restored + '\n');
    return 0;
  },
};

import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { Command, UsageError } from '../command';
import { loadRestorer } from '../restoreAdapter';

export const restoreCommand: Command = {
  path: ['restore'],
  summary: "Restore the punctuation of unpunctuated text (the model's MBR restoration).",
  usage: 'puncteme restore [FILE|-]   (no argument or - reads standard input; the result goes to standard output)',
  async run(args, io) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
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
      restorer = await loadRestorer();
    } catch (e) {
      io.stderr(`puncteme restore: ${(e as Error).message}\n`);
      return 2;
    }
    // Paragraphs (blank-line separated) are restored one by one and keep their separation.
    const paragraphs = text.split(/\n\s*\n/);
    io.stdout(paragraphs.map((p) => (p.trim() ? restorer.restore(p.replace(/\s+/g, ' ').trim()) : '')).join('\n\n') + '\n');
    return 0;
  },
};

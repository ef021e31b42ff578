import { parseArgs } from 'util';
import { readTreebank, TreebankStats, treebankStats } from '../../../src/data/treebank';
import { Command, UsageError } from '../../../src/cli/command';
import { formatTable } from '../../../src/cli/table';

export const dataStatsCommand: Command = {
  path: ['data', 'stats'],
  summary: 'Treebank statistics after depunctuation (paper Table 2).',
  usage: 'npm run dev -- data stats [--json] FILE.conllu…',
  async run(args, io) {
    const { values, positionals } = parseArgs({ args, options: { json: { type: 'boolean' } }, allowPositionals: true });
    if (positionals.length === 0) throw new UsageError('no CoNLL-U file given');
    const stats: TreebankStats[] = positionals.map((f) => treebankStats(readTreebank(f)));
    if (values.json) {
      const out = stats.map(({ punctTypeList, ...rest }) => ({ ...rest, punctTypeList }));
      io.stdout(JSON.stringify(out.length === 1 ? out[0] : out, null, 2) + '\n');
      return 0;
    }
    io.stdout(
      formatTable(
        ['file', 'sentences', 'tokens', '%punct', 'omitted', 'non-leaf', 'types', '|V|', 'relations', 'max |W_d|'],
        stats.map((s) => [
          s.file,
          s.sentences,
          s.tokens,
          s.punctPercent.toFixed(1),
          s.omitted,
          s.omittedNonLeaf,
          s.punctTypes,
          s.punctemes,
          s.relations,
          s.maxAllowedPairs,
        ]),
      ) + '\n',
    );
    for (const s of stats) io.stdout(`${s.file}: punctuation types: ${s.punctTypeList.join(' ')}\n`);
    return 0;
  },
};

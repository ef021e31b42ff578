import { readTreebank, TreebankStats, treebankStats } from '../../../src/data/treebank';
import { Command } from '../../../src/cli/command';
import { formatTable } from '../../../src/cli/table';
import { devArgs, printJson } from '../devCommand';

export const dataStatsCommand: Command = {
  path: ['data', 'stats'],
  summary: 'Treebank statistics after depunctuation (paper Table 2).',
  usage: 'npm run dev -- data stats [--json] FILE.conllu…',
  async run(args, io) {
    const { values, positionals } = devArgs(args, {}, { min: 1, max: Infinity, problem: 'no CoNLL-U file given' });
    const stats: TreebankStats[] = positionals.map((f) => treebankStats(readTreebank(f)));
    if (values.json) {
      const out = stats.map(({ punctTypeList, ...rest }) => ({ ...rest, punctTypeList }));
      return printJson(io, out.length === 1 ? out[0] : out);
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

/**
 * `npm run dev -- eval rules [FILE.conllu]`: the learned channel (edits with φ > 0.75 on windows seen ≥ 25 times in MAP
 * underlying trees) next to Nunberg's rules (paper Table 1), and the top (l, r) pairs of parataxis, appos, list,
 * conj, advcl and ccomp (Table 4). Without a file, the statistics stored with the model at training time are used.
 */
import { DEFAULT_MODEL_FILE, loadPunctModel } from '../../../src/model';
import { readModelJson } from '../../../src/model/modelFile';
import { learnedEdits, nunbergComparison, RuleStats, ruleStats, showPair } from '../../../src/training/model/rules';
import { Command, UsageError } from '../../../src/cli/command';
import { formatTable } from '../../../src/cli/table';
import { devArgs, modelFileArg, printJson, readTrees } from '../devCommand';

/**
 * The paper's Table 4 (Li, Wang & Eisner 2019, English): the five relations most likely to take symmetric punctemes,
 * each with the figure the table prints beside it (read here as its entropy in bits, as ours is) and its top five
 * (l, r) pairs in percent. ε is written as an empty side.
 */
const PAPER_TABLE_4: Record<string, { entropy: number; pairs: Array<[string, string, number]> }> = {
  parataxis: { entropy: 2.38, pairs: [[',', ',', 26.8], ['', '', 20.1], ['(', ')', 13.0], ['-', '', 9.7], [':', '', 8.1]] },
  appos: { entropy: 2.29, pairs: [[',', ',', 18.8], [':', '', 18.1], ['-', '', 15.9], ['', '', 14.4], ['(', ')', 13.1]] },
  list: { entropy: 1.33, pairs: [['', '', 60.0], [',', ',', 22.3], [',', '', 5.3], ['<', '>', 3.0], ['(', ')', 3.0]] },
  advcl: { entropy: 0.77, pairs: [['', '', 73.8], [',', ',', 21.2], ['', ',', 3.1], ['(', ')', 0.74], ['', '-', 0.21]] },
  ccomp: { entropy: 0.53, pairs: [['', '', 90.8], ['“', '”', 2.4], [',', ',', 2.4], [':“', '”', 0.9], ['“', ',”', 0.8]] },
};

const side = (m: string) => (m === '' ? 'ε' : m);

export const evalRulesCommand: Command = {
  path: ['eval', 'rules'],
  summary: "The learned noisy channel beside Nunberg's rules, and the top (l, r) pairs per relation (paper Tables 1, 4).",
  usage: 'npm run dev -- eval rules [--json] [--model FILE] [--limit N] [--min-p P] [--min-count C] [FILE.conllu]',
  async run(args, io) {
    const { values, positionals } = devArgs(
      args,
      {
        model: { type: 'string' },
        limit: { type: 'string' },
        'min-p': { type: 'string', default: '0.75' },
        'min-count': { type: 'string', default: '25' },
      },
      { min: 0, max: 1, problem: 'give at most one CoNLL-U file' },
    );
    const modelFile = modelFileArg(io, values.model, DEFAULT_MODEL_FILE);
    const model = loadPunctModel(modelFile);
    let stats: RuleStats;
    let source: string;
    if (positionals.length === 1) {
      const { trees } = readTrees(io, positionals[0], values.limit);
      stats = ruleStats(model, trees);
      source = `${positionals[0]} (${trees.length} trees)`;
    } else {
      const stored = readModelJson(modelFile).training?.rules as RuleStats | undefined;
      if (!stored) throw new UsageError('this model has no stored rule statistics; give a CoNLL-U file');
      stats = stored;
      source = `statistics stored with the model (${stats.sentences} training trees)`;
    }
    const edits = learnedEdits(model, stats, Number(values['min-p']), Number(values['min-count']));
    const nunberg = nunbergComparison(model, stats);
    const relations = Object.entries(stats.relations);
    if (values.json) return printJson(io, { source, direction: model.core.channel.direction, edits, nunberg, relations: stats.relations, paperTable4: PAPER_TABLE_4 });
    io.stdout(`Model ${model.version} (direction ${model.core.channel.direction}); counts from ${source}\n\n`);
    io.stdout(`Learned edits with p > ${values['min-p']} and underlying count ≥ ${values['min-count']} (keep edits included):\n`);
    io.stdout(
      formatTable(
        ['window', 'edit', 'surface', 'p', 'count', 'Nunberg'],
        edits.map((e) => [`${e.a}${e.b}`, e.edit, e.surface.join(''), e.p.toFixed(3), e.count, e.nunberg]),
      ) + '\n\n',
    );
    io.stdout("Nunberg's rules (paper Table 1) under the learned channel:\n");
    io.stdout(
      formatTable(
        ['group', 'rule', 'p(rule output)', 'learned argmax', 'count'],
        nunberg.map((r) => [r.group, r.rule, r.pRule.toFixed(3), r.learned, r.count]),
      ) + '\n\n',
    );
    io.stdout("Most probable (l, r) pairs per relation (mean p_θ over its nodes; entropy in bits), and the paper's Table 4 below each of its five:\n");
    for (const [d, r] of relations) {
      io.stdout(`  ${d} (entropy ${r.entropy.toFixed(2)}, ${r.nodes} nodes): ${r.pairs.slice(0, 5).map((p) => `${showPair(p.l, p.r)} ${(100 * p.p).toFixed(1)}%`).join(' | ')}\n`);
      const paper = PAPER_TABLE_4[d];
      if (paper) io.stdout(`    paper (${paper.entropy.toFixed(2)}): ${paper.pairs.map(([l, rr, pct]) => `${side(l)} ${side(rr)} ${pct}%`).join(' | ')}\n`);
    }
    return 0;
  },
};

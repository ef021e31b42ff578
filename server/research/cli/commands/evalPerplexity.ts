/**
 * `npm run dev -- eval perplexity [--json] FILE.conllu`: per-slot perplexity of the gold surface punctuation given the gold
 * tree (paper Table 3) under the full model and under the Attach-only ablation; with `--restore`, also the average
 * edit distance per slot of MBR restoration (§6.1) against the trivial baseline (a final period, nothing else).
 */
import * as fs from 'fs';
import * as path from 'path';
import { ATTACH_MODEL_FILE, DEFAULT_MODEL_FILE, loadPunctModel } from '../../../src/model';
import { perplexity, restoration } from '../../../src/training/model/evaluate';
import { Command } from '../../../src/cli/command';
import { formatTable } from '../../../src/cli/table';
import { devArgs, modelFileArg, printJson, readTrees } from '../devCommand';

export const evalPerplexityCommand: Command = {
  path: ['eval', 'perplexity'],
  summary: 'Per-slot perplexity of the punctuation model (full and Attach-only) on gold trees; --restore adds AED.',
  usage:
    'npm run dev -- eval perplexity [--json] [--model FILE] [--attach FILE] [--restore] [--samples N] [--limit N] FILE.conllu',
  async run(args, io) {
    const { values, positionals } = devArgs(
      args,
      {
        model: { type: 'string' },
        attach: { type: 'string' },
        restore: { type: 'boolean' },
        samples: { type: 'string', default: '100' },
        limit: { type: 'string' },
      },
      { min: 1, max: 1, problem: 'give one CoNLL-U file' },
    );
    const tb = readTrees(io, positionals[0], values.limit);
    const trees = tb.trees;
    const fullFile = modelFileArg(io, values.model, DEFAULT_MODEL_FILE);
    const attachFile = modelFileArg(io, values.attach, ATTACH_MODEL_FILE);
    const full = loadPunctModel(fullFile);
    const full1 = perplexity(full, trees, { checkSmoothing: true });
    const attach = fs.existsSync(attachFile) ? loadPunctModel(attachFile) : undefined;
    const att1 = attach ? perplexity(attach, trees, { checkSmoothing: true }) : undefined;
    const samples = Number(values.samples);
    const rest = values.restore ? restoration(full, trees, samples) : undefined;
    const restAtt = values.restore && attach ? restoration(attach, trees, samples) : undefined;
    const out = {
      file: positionals[0],
      sentences: trees.length,
      omitted: tb.omitted,
      slots: full1.slots,
      perplexity: full1.perplexity,
      perplexityAttach: att1?.perplexity ?? null,
      model: { file: path.basename(fullFile), version: full.version, direction: full.core.channel.direction },
      attachModel: attach ? { file: path.basename(attachFile), version: attach.version } : null,
      needSmoothing: full1.needSmoothing,
      needSmoothingAttach: att1?.needSmoothing ?? null,
      unseenSlotStrings: full1.unseenSlotStrings,
      liftedTrees: full1.lifted,
      unseenRelationNodes: full1.unseenRelations,
      msPerSentence: (1000 * full1.seconds) / Math.max(1, trees.length),
      ...(rest
        ? { aed: rest.aed, aedAttach: restAtt?.aed ?? null, aedBaseline: rest.aedBaseline, restoreSamples: samples }
        : {}),
    };
    if (values.json) return printJson(io, out);
    const rows: Array<Array<string | number>> = [
      ['Attach + NoisyChannel', full1.perplexity.toFixed(4), rest ? rest.aed.toFixed(4) : '', full1.needSmoothing],
    ];
    if (att1) rows.push(['Attach only', att1.perplexity.toFixed(4), restAtt ? restAtt.aed.toFixed(4) : '', att1.needSmoothing]);
    if (rest) rows.push(['trivial baseline (final period)', '', rest.aedBaseline.toFixed(4), '']);
    io.stdout(`${out.file}: ${trees.length} trees, ${full1.slots} slots\n`);
    io.stdout(formatTable(['model', 'perplexity/slot', 'AED', 'sentences needing smoothing'], rows) + '\n');
    return 0;
  },
};

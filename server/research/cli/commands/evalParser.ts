import * as fs from 'fs';
import { parseConllu } from '../../../src/data/conllu';
import { learnerCommaSlots } from '../../../src/training/parser/learnerCommas';
import { addLearnerCommas, corruptWithSeed, depunctuatedTrees, removeAll, scoreGoldTokens, scoreRelativeSubjects, uasWithPunctuation } from '../../parser/evaluation';
import { scoreEndToEnd } from '../../parser/endToEnd';
import { compareWithWinkTags } from '../../parser/winkTagComparison';
import { loadParser } from '../../../src/parser';
import { Command, UsageError } from '../../../src/cli/command';
import { formatTable } from '../../../src/cli/table';
import { devArgs, printJson } from '../devCommand';

export const evalParserCommand: Command = {
  path: ['eval', 'parser'],
  summary: 'Parser accuracy on a CoNLL-U file: UAS/LAS/UPOS, robustness to punctuation, speed, end to end from text.',
  usage: 'npm run dev -- eval parser [--json] [--model DIR] [--seed N] [--no-e2e] [--compare-wink] FILE.conllu',
  async run(args, io) {
    const { values, positionals } = devArgs(
      args,
      {
        model: { type: 'string' },
        seed: { type: 'string', default: '13' },
        'no-e2e': { type: 'boolean' },
        'compare-wink': { type: 'boolean' },
      },
      { min: 1, max: 1, problem: 'give exactly one CoNLL-U file' },
    );
    const file = positionals[0];
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
    }
    const sentences = parseConllu(text, file);
    if (sentences.length === 0) throw new UsageError(`${file} holds no sentences`);

    const t0 = process.hrtime.bigint();
    const cpu0 = process.cpuUsage();
    const parser = loadParser(values.model);
    const loadMs = Math.round(Number(process.hrtime.bigint() - t0) / 1e6);
    const loadCpu = process.cpuUsage(cpu0);

    const gold = scoreGoldTokens(parser, sentences);
    const trees = depunctuatedTrees(sentences);
    const seed = Number(values.seed);
    const learnerTrees = trees.filter((t) => learnerCommaSlots(t).length > 0);
    const result = {
      file,
      version: parser.version,
      sentences: gold.sentences,
      words: gold.words,
      uas: gold.uas,
      las: gold.las,
      upos: gold.upos,
      xpos: gold.xpos,
      labelAccuracy: gold.labelAccuracy,
      uasUnpunctuated: uasWithPunctuation(parser, trees, removeAll),
      uasCorrupted: uasWithPunctuation(parser, trees, corruptWithSeed(seed)),
      // Only the sentences with a learner-comma slot, as written and with a comma in every such slot.
      learnerCommas: {
        sentences: learnerTrees.length,
        uasAsWritten: uasWithPunctuation(parser, learnerTrees, (slots) => slots),
        uasWithCommas: uasWithPunctuation(parser, learnerTrees, addLearnerCommas),
      },
      relativeSubjects: scoreRelativeSubjects(parser, sentences),
      robustnessSentences: trees.length,
      sentencesPerSecond: Math.round(gold.sentences / gold.parseSeconds),
      sentencesPerCpuSecond: Math.round(gold.sentences / gold.parseCpuSeconds),
      loadMs,
      loadCpuMs: Math.round((loadCpu.user + loadCpu.system) / 1000),
      ...(values['no-e2e'] ? {} : { endToEnd: scoreEndToEnd(parser, sentences) }),
      ...(values['compare-wink'] ? { winkTagger: compareWithWinkTags(parser, sentences) } : {}),
    };
    if (values.json) return printJson(io, result);
    const rows: Array<[string, string | number]> = [
      ['model', result.version],
      ['sentences / words scored', `${result.sentences} / ${result.words}`],
      ['UAS', result.uas],
      ['LAS', result.las],
      ['UPOS', result.upos],
      ['XPOS', result.xpos],
      ['UAS, punctuation removed', result.uasUnpunctuated],
      ['UAS, punctuation corrupted', result.uasCorrupted],
      [`UAS of the ${result.learnerCommas.sentences} sentences with learner-comma slots, as written`, result.learnerCommas.uasAsWritten],
      ['  … with a learner comma in every such slot', result.learnerCommas.uasWithCommas],
      [`subjects ending in a relative clause (${result.relativeSubjects.subjects}): subject and clause heads right`, result.relativeSubjects.percent],
      ['sentences / s (one thread)', result.sentencesPerSecond],
      ['sentences / CPU second', result.sentencesPerCpuSecond],
      ['model load (ms)', result.loadMs],
      ['model load (CPU ms)', result.loadCpuMs],
    ];
    if (result.endToEnd) {
      const e = result.endToEnd;
      rows.push(['end to end: tokens F1', e.tokensF1], ['end to end: sentences F1', e.sentencesF1]);
      rows.push(['end to end: UAS F1', e.uasF1], ['end to end: LAS F1', e.lasF1]);
    }
    if (result.winkTagger) {
      const w = result.winkTagger;
      rows.push([`UPOS on ${w.words} words both tokenise alike: ours`, w.ourUpos], ['  … wink-nlp', w.winkUpos]);
    }
    io.stdout(formatTable(['metric', 'value'], rows) + '\n');
    return 0;
  },
};

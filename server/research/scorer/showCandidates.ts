/**
 * Every candidate the learned decision weighs in the given sentences, with the scorer's probability, its threshold and
 * the features that weighed most: for reading where the scorer fails (probes, clean EWT), not for measuring.
 *
 *   npx tsx server/research/scorer/showCandidates.ts [--scorer FILE] [--top 6] "sentence" …
 */
import * as path from 'path';
import { parseArgs } from 'util';
import { loadParser } from '../../src/parser';
import { CALIBRATION_FILE, defaultModelDir, loadEngineModel } from '../../src/engine';
import { loadCalibration } from '../../src/engine/correction/pipeline/calibration';
import { treeInfo } from '../../src/engine/treeInfo';
import { scoredForScorer } from '../../src/engine/correction/learned/learnedDecision';
import { candidateFeatures, loadLearnedScorer, predictFeatures, SCORER_FILE, scorerThreshold } from '../../src/engine/correction/learned/learnedScorer';
import { loadCommaGapsModel } from '../../src/engine/commaGaps/model';
import { loadSetOffCommasModel } from '../../src/engine/setOffCommas/model';

const { values: opt, positionals } = parseArgs({ allowPositionals: true, options: { scorer: { type: 'string' }, top: { type: 'string', default: '6' } } });
const dir = defaultModelDir();
const parser = loadParser(dir);
const model = loadEngineModel(dir);
const cal = loadCalibration(path.join(dir, CALIBRATION_FILE));
const scorer = loadLearnedScorer(opt.scorer ?? path.join(dir, SCORER_FILE))!;
const side = { gaps: scorer.gapFeature ? loadCommaGapsModel(dir) : undefined, setOff: scorer.setOffFeature ? loadSetOffCommasModel(dir) : undefined };
for (const text of positionals) {
  for (const s of parser.parseText(text)) {
    const info = treeInfo(s.tree);
    console.log(`\n${text}`);
    const rows = scoredForScorer(scorer, s, info, model, cal, parser.parseWithCommas.bind(parser), false, false, undefined, side).map(({ scored, ctx }) => {
      const byHand = scorer.hand && !scored.candidate.dense;
      const f = candidateFeatures(scored, s, info, byHand ? {} : ctx);
      const w = byHand ? scorer.hand!.weights : scorer.weights;
      const t = byHand ? scorer.hand!.threshold : scorerThreshold(scorer, scored.key);
      const top = f.map(([n, v]) => [n, (w.get(n) ?? 0) * v] as [string, number]).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).slice(0, Number(opt.top));
      const slots = [...scored.candidate.changes.keys()].map((i) => `${s.tree.words[i - 1]?.form}|${s.tree.words[i]?.form ?? '</s>'}`).join(' ');
      return { p: predictFeatures(w, f), t, line: `${byHand ? 'hand ' : 'dense'} ${scored.key} @ ${slots} Δ ${scored.delta.toFixed(2)} guards ${scored.candidate.guards?.join(',') ?? '-'}\n      ${top.map(([n, x]) => `${n} ${x.toFixed(2)}`).join('; ')}` };
    });
    for (const r of rows.sort((a, b) => b.p - a.p).slice(0, 12)) console.log(`  ${r.p >= r.t ? '*' : ' '} ${r.p.toFixed(3)} (t ${r.t.toFixed(2)}) ${r.line}`);
  }
}

/**
 * The lowest threshold for one rule's findings that keeps the clean dev texts within a budget of findings, read off
 * one clean run made at a low threshold for that rule (so that every finding a higher one would keep is listed with
 * its confidence): the edited-english dev part as written (`benchEdited.ts --part dev --no-corrupt --findings FILE`)
 * and clean EWT dev (`bench-lint.ts --clean-only --clean-split dev --clean-docs --no-harper --out FILE.json`).
 * A threshold on the fit's grid (k/100) is in budget when the findings of every rule, with the rule's counted only at
 * or above it, are at most `--edited-max` and `--ewt-max` (the shipped configuration's counts on the same texts).
 * Findings of the same rule from other models (the comma-gap model's) are counted as the calibrated pipeline's: the
 * choice is checked afterwards by a run at the chosen threshold, which the criterion reads.
 *
 *   npx tsx server/research/eval/budgetThreshold.ts --rule subject-verb-comma --from 0.5 \
 *     --edited FINDINGS.txt --edited-max 114 --ewt CLEAN.json --ewt-max 32
 */
import * as fs from 'fs';
import { parseArgs } from 'util';

const { values: opt } = parseArgs({
  options: {
    rule: { type: 'string' },
    from: { type: 'string' },
    edited: { type: 'string' },
    'edited-max': { type: 'string' },
    ewt: { type: 'string' },
    'ewt-max': { type: 'string' },
  },
});
if (!opt.rule || !opt.edited || !opt.ewt || opt['edited-max'] === undefined || opt['ewt-max'] === undefined) {
  throw new Error('usage: budgetThreshold.ts --rule RULE --from T --edited FINDINGS.txt --edited-max N --ewt CLEAN.json --ewt-max N');
}
const rule = opt.rule;
const from = Number(opt.from ?? 0.5);

/** The rule's confidences and the number of other findings, for one clean text. */
interface CleanRun {
  confidences: number[];
  others: number;
}

function editedRun(file: string): CleanRun {
  // benchEdited's findings file: document ¶paragraph, rule, confidence (2 decimals), sentence, message; tab-separated.
  const rows = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => l.split('\t'));
  const own = rows.filter((r) => r[1] === rule);
  return { confidences: own.map((r) => Number(r[2])), others: rows.length - own.length };
}

function ewtRun(file: string): CleanRun {
  const out = JSON.parse(fs.readFileSync(file, 'utf8')) as { clean: Record<string, { list: Array<{ ruleId: string; confidence?: number }> }> };
  const list = Object.values(out.clean)[0].list;
  const own = list.filter((f) => f.ruleId === rule);
  if (own.some((f) => f.confidence === undefined)) throw new Error(`${file}: findings without a confidence (an older bench-lint)`);
  return { confidences: own.map((f) => f.confidence!), others: list.length - own.length };
}

const runs = [
  { name: 'edited dev', run: editedRun(opt.edited), max: Number(opt['edited-max']) },
  { name: 'EWT dev', run: ewtRun(opt.ewt), max: Number(opt['ewt-max']) },
];
const countAt = (r: CleanRun, t: number) => r.others + r.confidences.filter((c) => c >= t - 1e-9).length;
let chosen: number | undefined;
for (let k = Math.round(from * 100); k <= 99; k++) {
  const t = k / 100;
  const counts = runs.map(({ run }) => countAt(run, t));
  const ok = runs.every(({ max }, i) => counts[i] <= max);
  console.log(`${t.toFixed(2)}  ${runs.map(({ name }, i) => `${name} ${counts[i]}`).join('  ')}${ok ? '  within budget' : ''}`);
  if (ok && chosen === undefined) chosen = t;
}
console.log(chosen === undefined ? 'no threshold keeps the budget' : `lowest threshold within budget: ${chosen.toFixed(2)}`);

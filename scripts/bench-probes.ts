/**
 * Learner-style probes: sentences with the punctuation errors learners make most, each paired with its correction
 * (`examples/probes/learner-pairs.tsv`, written for this project, not from EWT). The corpus suite is built by
 * corrupting EWT; these are errors as a learner writes them, in sentences no model has seen, so they show how the
 * product fares on writing it was not built from. A measure only: never tuned on.
 *
 *   npm run bench:probes -- [--file F.tsv] [--min-confidence P] [--comma-splices edited|ignore]
 *                            [--introductory-comma edited|auto|ignore] [--list] [--as-document] [--no-adapt]
 *                            [--audience edited|learner|auto]
 *                            [--decision calibrated|learned]
 *
 * `--as-document` lints the written sentences as one text (a learner's essay) and the corrections as another, instead
 * of each sentence alone; `--no-adapt` lints with `adaptToWriter: false`.
 *
 * Per pair: the written sentence is linted; it is *detected* when a finding's range touches the characters where the
 * two versions differ, *corrected* when one of that finding's fixes turns it into the correction, and every other
 * finding is a false alarm. The correction is linted too (a pair whose two sides are equal is a control): any finding
 * on it is a false alarm.
 */
import { joinWithSpaces } from '../server/research/eval/bench';
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { COMMA_SPLICES_USAGE, createLinter, Finding, INTRODUCTORY_COMMA_USAGE, isAudience, isCommaSplices, isIntroductoryComma, LintOptions } from '../server/src/engine';
import { applyEdits } from '../server/src/edits/safeFixes';

const { values: opt } = parseArgs({
  options: {
    file: { type: 'string', default: path.resolve(__dirname, '../examples/probes/learner-pairs.tsv') },
    'min-confidence': { type: 'string' },
    'comma-splices': { type: 'string' },
    'introductory-comma': { type: 'string' },
    list: { type: 'boolean' },
    'as-document': { type: 'boolean' },
    'no-adapt': { type: 'boolean' },
    audience: { type: 'string' },
    /** `calibrated` or `learned`: which decision lints (LintOptions.decision); the engine's default when absent. */
    decision: { type: 'string' },
  },
});

/**
 * Each text's findings: each text linted alone, or (`--as-document`) all of them joined by a space into one text, as
 * a learner's essay, each finding then given to the text it lies in, its offsets made the text's own.
 */
function findingsOf(texts: readonly string[], lint: (t: string) => Finding[], asDocument: boolean): Finding[][] {
  if (!asDocument) return texts.map(lint);
  const { text: joined, starts } = joinWithSpaces(texts);
  const all = lint(joined);
  return texts.map((t, k) => {
    const lo = starts[k];
    const hi = lo + t.length;
    return all
      .filter((f) => f.start.offset >= lo && f.end.offset <= hi)
      .map((f) => ({
        ...f,
        start: { ...f.start, offset: f.start.offset - lo },
        end: { ...f.end, offset: f.end.offset - lo },
        fixes: f.fixes.map((x) => ({ ...x, edits: x.edits.map((e) => ({ ...e, start: { ...e.start, offset: e.start.offset - lo }, end: { ...e.end, offset: e.end.offset - lo } })) })),
      }));
  });
}

/** The differing region of `a` against `b`: [start, end) in `a` after the common prefix and suffix. */
export function differingRegion(a: string, b: string): [number, number] {
  let s = 0;
  while (s < a.length && s < b.length && a[s] === b[s]) s++;
  let e = 0;
  while (e < a.length - s && e < b.length - s && a[a.length - 1 - e] === b[b.length - 1 - e]) e++;
  return [s, a.length - e];
}

async function main(): Promise<void> {
  const pairs = fs
    .readFileSync(opt.file!, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [wrong, right] = l.split('\t');
      if (right === undefined) throw new Error(`${opt.file}: no TAB in "${l}"`);
      return { wrong, right };
    });
  const linter = await createLinter();
  const minConfidence = opt['min-confidence'] === undefined ? undefined : Number(opt['min-confidence']);
  const commaSplices = opt['comma-splices'];
  if (commaSplices !== undefined && !isCommaSplices(commaSplices)) throw new Error(COMMA_SPLICES_USAGE);
  const introductoryComma = opt['introductory-comma'];
  if (introductoryComma !== undefined && !isIntroductoryComma(introductoryComma)) throw new Error(INTRODUCTORY_COMMA_USAGE);
  const audience = opt.audience;
  if (audience !== undefined && !isAudience(audience)) throw new Error('--audience: edited, learner or auto');
  const options: LintOptions = {
    ...(minConfidence === undefined ? {} : { minConfidence }),
    ...(commaSplices ? { commaSplices } : {}),
    ...(introductoryComma ? { introductoryComma } : {}),
    ...(opt['no-adapt'] ? { adaptToWriter: false } : {}),
    ...(audience ? { audience } : {}),
    ...(opt.decision === 'learned' || opt.decision === 'calibrated' ? { decision: opt.decision } : {}),
  };
  const lint = (t: string): Finding[] => linter.lint(t, options);
  const asDocument = opt['as-document'] === true;
  const wrongFindings = findingsOf(pairs.map((p) => p.wrong), lint, asDocument);
  const rightFindings = findingsOf(pairs.filter((p) => p.wrong !== p.right).map((p) => p.right), lint, asDocument);
  let r = 0;
  let errors = 0;
  let detected = 0;
  let corrected = 0;
  let falseAlarms = 0;
  let controls = 0;
  const lines: string[] = [];
  for (const [k, { wrong, right }] of pairs.entries()) {
    const isError = wrong !== right;
    if (isError) errors++;
    const [a, b] = differingRegion(wrong, right);
    let hit = false;
    let fixed = false;
    for (const f of wrongFindings[k]) {
      // A finding may stand where the error shows (an unclosed bracket's opener) while its fix edits the place itself.
      const near = (start: number, end: number) => start <= Math.max(b, a + 1) && end >= a - 1;
      const touches = isError && (near(f.start.offset, f.end.offset) || f.fixes.some((x) => x.edits.some((e) => near(e.start.offset, e.end.offset))));
      if (!touches) {
        falseAlarms++;
        lines.push(`  false alarm  ${f.ruleId} ${f.confidence.toFixed(2)}  ${wrong}`);
        continue;
      }
      hit = true;
      if (f.fixes.some((x) => applyEdits(wrong, x.edits) === right)) fixed = true;
      lines.push(`  ${fixed ? 'corrected' : 'detected '}    ${f.ruleId} ${f.confidence.toFixed(2)}  ${wrong}`);
    }
    if (isError && !hit) lines.push(`  missed       ${wrong}`);
    if (hit) detected++;
    if (fixed) corrected++;
    if (isError) {
      controls++;
      for (const f of rightFindings[r++]) {
        falseAlarms++;
        lines.push(`  false alarm  ${f.ruleId} ${f.confidence.toFixed(2)}  ${right}`);
      }
    } else controls++;
  }
  console.log(`${errors} learner-style errors, ${controls} correct sentences (${path.basename(opt.file!)}), parser ${linter.version}`);
  console.log('\n| errors | detected | corrected | false alarms (on the errors\' other slots and the correct sentences) |');
  console.log('| ---: | ---: | ---: | ---: |');
  console.log(`| ${errors} | ${detected} (${((100 * detected) / errors).toFixed(0)}%) | ${corrected} (${((100 * corrected) / errors).toFixed(0)}%) | ${falseAlarms} |`);
  if (opt.list) console.log(lines.join('\n'));
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});

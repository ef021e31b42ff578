/**
 * Examples for the comma-gap model (`engine/commaGaps/`), from the silver trees of one edited-english part. Each
 * example is one gap of a sentence as written (`gapHead`: an empty gap, or one holding a lone comma) with its hashed
 * features (`gapFeatures`) and its label:
 * - every gap of a sentence as the editor wrote it (every `--clean-every`-th sentence): label 0 (no comma is missing,
 *   none is stray). Its silver tree is the parse the linter makes of it;
 * - every gap of a copy corrupted by the writers' error generator (`eval/corrupt.ts`, the benchmark's own): a comma of
 *   an introductory phrase, a relative clause, an apposition, a clause coordinator or an aside's end taken away, or a
 *   stray comma put between subject and verb, verb and object, before a restrictive clause or after a coordinator.
 *   The copy is parsed again by the bundled parser, as the linter would see it; a gap the corruption changed is
 *   label 1, every other gap of the copy 0.
 * Per sentence, each kind that applies is drawn with the probability `--rate` gives it (one corruption of that kind,
 * its site drawn at random): the rare kinds always, the common ones less, so the reparsing stays affordable.
 * `--comma-added-rate` (default 0: none) plants the generator's generic stray comma (`comma-added`: a comma at a gap
 * none of the four named kinds covers, as learners write `I can, do it`) at that rate, after the other kinds; at 0 it
 * draws nothing, so the other kinds' draws and the file are byte for byte those of the recipe without it. It has an
 * option of its own, not a key of `--rate`'s default, because the shipped model's recipe has none.
 * Written as JSON lines (one sentence copy a line) to `<cache>/edited-english/comma-gaps-v<features version>-<part>.jsonl`,
 * with the recipe beside it (`…-<part>.recipe.json`, read by `train.ts` for its notes and its prior shift).
 *
 *   npx tsx server/research/commaGaps/examples.ts --part train|dev [--every N] [--clean-every N] [--comma-added-rate R]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { loadEngineParts } from '../../src/engine';
import { AnalysedSentence } from '../../src/engine/sentence';
import { treeInfo } from '../../src/engine/treeInfo';
import { featureIndex } from '../../src/restore/hashedLogistic';
import { GAP_KINDS, gapFeatures, gapHead, gapKind, gapSentence } from '../../src/engine/commaGaps/features';
import { defaultSilverDir, readSilverTrees } from '../silverTrees';
import { silverGold } from '../corruption/silverSentence';
import { Draft, draftOf, renderDraft } from '../eval/draft';
import { Corruption, corruptionsOfError, ErrorKind } from '../eval/corrupt';
import { pick, Rng, seededRng } from '../eval/rng';
import { EditedPart } from '../editedEnglish';

/** The bits examples are hashed to; a model with fewer bits masks them (`featureIndex` is the hash's low bits). */
export const EXAMPLE_BITS = 22;

export const MISSING_KINDS: ErrorKind[] = ['relative-clause-comma-missing', 'appositive-comma-missing', 'introductory-comma-missing', 'clause-coordinator-comma-missing', 'aside-closing-comma-missing'];
export const STRAY_KINDS: ErrorKind[] = ['subject-verb-comma-added', 'verb-object-comma-added', 'restrictive-clause-comma-added', 'comma-after-coordinator', 'comma-added'];

/** One sentence copy: its id, the error it carries (`clean`: none), its word count and its gaps. */
export interface GapCopy {
  id: string;
  source: ErrorKind | 'clean';
  /** The gold slots (the corruption's). */
  gold: number[];
  /** [slot, head (0 missing, 1 stray), label, feature indices, kind (index in GAP_KINDS)]. */
  gaps: Array<[number, 0 | 1, 0 | 1, number[], number]>;
  /** The text as written (corrupted copies only, for reading). */
  text?: string;
}

/**
 * The features' version, in the examples' file name: examples hold hashed features, so a change of `gapFeatures`
 * needs new files (2: the parse-free pair features, `pairFeatures`).
 */
export const GAP_FEATURES_VERSION = 2;

export function examplesFile(part: EditedPart): string {
  return path.join(defaultSilverDir(), `comma-gaps-v${GAP_FEATURES_VERSION}-${part}.jsonl`);
}

/** The shipped recipe's rates: per kind, the probability that a sentence where it applies gets one corruption of it. */
export const DEFAULT_RATES = 'relative-clause-comma-missing=1,appositive-comma-missing=1,introductory-comma-missing=0.5,clause-coordinator-comma-missing=0.5,aside-closing-comma-missing=1,subject-verb-comma-added=0.25,verb-object-comma-added=0.25,restrictive-clause-comma-added=0.5,comma-after-coordinator=0.5';

/** How an examples file was drawn, written beside it. */
export interface GapRecipe {
  rates: Record<string, number>;
  commaAddedRate: number;
  seed: number;
  every: number;
  cleanEvery: number;
}

export function recipeFile(examples: string): string {
  return examples.replace(/\.jsonl$/, '') + '.recipe.json';
}

/** The recipe an examples file was drawn with; a file without one was drawn before recipes were written (no `comma-added`). */
export function readRecipe(examples: string): GapRecipe | undefined {
  const f = recipeFile(examples);
  return fs.existsSync(f) ? (JSON.parse(fs.readFileSync(f, 'utf8')) as GapRecipe) : undefined;
}

/**
 * The rates of `--rate` and `--comma-added-rate` as one map. `comma-added` is refused in `--rate` so that one option
 * alone sets it; a kind that is neither missing nor stray is refused too (a typo would silently draw nothing).
 */
export function gapRates(rate: string, commaAddedRate: number): Map<ErrorKind, number> {
  const rates = new Map<ErrorKind, number>();
  for (const [k, v] of rate.split(',').map((x) => x.split('='))) {
    if (k === 'comma-added') throw new Error('--rate: give comma-added by --comma-added-rate');
    if (![...MISSING_KINDS, ...STRAY_KINDS].includes(k as ErrorKind)) throw new Error(`--rate: ${k} is not a kind of the comma-gap examples`);
    if (!(Number(v) >= 0 && Number(v) <= 1)) throw new Error(`--rate: ${k}=${v} is not a probability`);
    rates.set(k as ErrorKind, Number(v));
  }
  if (!(commaAddedRate >= 0 && commaAddedRate <= 1)) throw new Error(`--comma-added-rate: ${commaAddedRate} is not a probability`);
  rates.set('comma-added', commaAddedRate);
  return rates;
}

/**
 * The corruptions drawn for one sentence: per kind in order (`MISSING_KINDS`, then `STRAY_KINDS`), a draw at its rate,
 * then one of its corruptions at random. A kind at rate 0 (or absent) draws nothing at all, so adding one leaves every
 * other kind's draws as they were.
 */
export function drawCorruptions(draft: Draft, rates: ReadonlyMap<ErrorKind, number>, rng: Rng): Corruption[] {
  const out: Corruption[] = [];
  for (const error of [...MISSING_KINDS, ...STRAY_KINDS]) {
    const rate = rates.get(error) ?? 0;
    if (!rate) continue;
    if (rng() >= rate) continue;
    const all = corruptionsOfError(draft, error);
    if (!all.length) continue;
    out.push(pick(rng, all));
  }
  return out;
}

type Prior = ((tree: AnalysedSentence['tree']) => Float64Array) | undefined;

export function gapsOf(s: AnalysedSentence, prior: Prior, gold: ReadonlySet<number>): GapCopy['gaps'] {
  const info = treeInfo(s.tree);
  const g = gapSentence(s, info, prior?.(s.tree));
  const out: GapCopy['gaps'] = [];
  for (let i = 1; i < info.n; i++) {
    const head = gapHead(s, i);
    if (!head) continue;
    out.push([i, head === 'missing' ? 0 : 1, gold.has(i) ? 1 : 0, gapFeatures(g, i, head).map((f) => featureIndex(f, EXAMPLE_BITS)), GAP_KINDS.indexOf(gapKind(g, i, head))]);
  }
  return out;
}

function main(): void {
  const { values: opt } = parseArgs({
    options: {
      part: { type: 'string', default: 'train' },
      every: { type: 'string', default: '1' },
      'clean-every': { type: 'string', default: '1' },
      // Per kind, the probability that a sentence where it applies gets one corruption of it.
      rate: { type: 'string', default: DEFAULT_RATES },
      // The same for the generic stray comma (`comma-added`); 0, the shipped recipe, plants none.
      'comma-added-rate': { type: 'string', default: '0' },
      seed: { type: 'string', default: '1' },
    },
  });
  const part = opt.part as EditedPart;
  const every = Number(opt.every);
  const cleanEvery = Number(opt['clean-every']);
  const rates = gapRates(opt.rate!, Number(opt['comma-added-rate']));
  const rng = seededRng(Number(opt.seed));
  const parts = loadEngineParts();
  if (parts.problem || !parts.analyser || !parts.model) throw new Error(`engine: ${parts.problem}`);
  const parser = parts.analyser;
  const prior: Prior = parts.model.commaPrior?.bind(parts.model);
  const silver = readSilverTrees(part);
  const file = examplesFile(part);
  const out = fs.openSync(file + '.tmp', 'w');
  const t0 = Date.now();
  const count: Record<string, number> = { sentences: 0, copies: 0, reparsed: 0, positives: 0 };
  silver.forEach((sv, idx) => {
    if (idx % every) return;
    const gold = silverGold(sv);
    if (!gold) return;
    count.sentences++;
    const lines: string[] = [];
    if (idx % cleanEvery === 0) lines.push(JSON.stringify({ id: `${idx}`, source: 'clean', gold: [], gaps: gapsOf(gold.sentence, prior, new Set()) } satisfies GapCopy));
    for (const cor of drawCorruptions(draftOf(gold), rates, rng)) {
      const error = cor.error;
      count.copies++;
      const r = renderDraft(cor.draft);
      const parsed = parser.parseText(r.text);
      if (parsed.length !== 1 || parsed[0].tree.words.length !== gold.sentence.tree.words.length) continue;
      count.reparsed++;
      const goldSlots = new Set(cor.gold.keys());
      const gaps = gapsOf(parsed[0], prior, goldSlots);
      count.positives += gaps.filter((x) => x[2]).length;
      count[error] = (count[error] ?? 0) + 1;
      lines.push(JSON.stringify({ id: `${idx}/${error}`, source: error, gold: [...goldSlots].sort((a, b) => a - b), gaps, text: r.text } satisfies GapCopy));
    }
    if (lines.length) fs.writeSync(out, lines.join('\n') + '\n');
    if (idx % 2000 === 0) console.log(`${idx}/${silver.length} ${JSON.stringify(count)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  });
  fs.closeSync(out);
  fs.renameSync(file + '.tmp', file);
  const recipe: GapRecipe = { rates: Object.fromEntries(rates), commaAddedRate: rates.get('comma-added') ?? 0, seed: Number(opt.seed), every, cleanEvery };
  fs.writeFileSync(recipeFile(file), JSON.stringify(recipe, null, 1) + '\n');
  console.log(`${part}: ${JSON.stringify(count)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

if (require.main === module) main();

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
 * Written as JSON lines (one sentence copy a line) to `/work/cache/edited-english/comma-gaps-v<features version>-<part>.jsonl`.
 *
 *   npx tsx server/research/commaGaps/examples.ts --part train|dev [--every N] [--clean-every N]
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
import { draftOf, renderDraft } from '../eval/draft';
import { corruptionsOfError, ErrorKind } from '../eval/corrupt';
import { pick, seededRng } from '../eval/rng';
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
      rate: { type: 'string', default: 'relative-clause-comma-missing=1,appositive-comma-missing=1,introductory-comma-missing=0.5,clause-coordinator-comma-missing=0.5,aside-closing-comma-missing=1,subject-verb-comma-added=0.25,verb-object-comma-added=0.25,restrictive-clause-comma-added=0.5,comma-after-coordinator=0.5' },
      seed: { type: 'string', default: '1' },
    },
  });
  const part = opt.part as EditedPart;
  const every = Number(opt.every);
  const cleanEvery = Number(opt['clean-every']);
  const rates = new Map(opt.rate!.split(',').map((x) => x.split('=')).map(([k, v]) => [k as ErrorKind, Number(v)]));
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
    const draft = draftOf(gold);
    for (const error of [...MISSING_KINDS, ...STRAY_KINDS]) {
      // A kind at rate 0 draws nothing, so adding one leaves every other kind's draws as they were.
      if (!rates.get(error)) continue;
      if (rng() >= (rates.get(error) ?? 0)) continue;
      const all = corruptionsOfError(draft, error);
      if (!all.length) continue;
      const cor = pick(rng, all);
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
  console.log(`${part}: ${JSON.stringify(count)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

if (require.main === module) main();

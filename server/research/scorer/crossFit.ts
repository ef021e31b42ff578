/**
 * Cross-fitted comma-gap probabilities for the learned scorer's training examples.
 *
 * The scorer reads the comma-gap model's probability as a feature (`learned/sideModels.ts`). The shipped gap
 * model was trained on every edited-english train document, so on those documents its probabilities are sharper than
 * on new text, and a scorer fitted on them learns to trust it more than it deserves (journal, "The learned scorer
 * after the comma-gap model changed": `To summarize⟦,⟧` called stray at 0.98). So the train documents are split into
 * `GAP_FOLDS` folds by their index within their source; for each fold a gap model is trained on the other folds'
 * documents (`commaGaps/train.ts --leave-fold k`, the settings of `npm run train:comma-gaps`, from the same examples
 * file and so the same recipe, `examples.ts --comma-added-rate` included) and gives the gap
 * probability of the scorer's examples from that fold. EWT train (which no gap model trains on), dev and run time use
 * the shipped gap model.
 *
 * The same holds for the set-off comma model (`setOffCommas/train.ts`, trained on every edited-english train document:
 * `npm run train:set-off-commas` on the cached examples rebuilds the shipped file weight for weight), whose probability
 * a scorer trained with `setOffFeature` reads: one set-off model per fold, trained with that script's settings on the
 * other fold's documents (`--leave-fold k`), in the same folds.
 *
 *   npx tsx server/research/scorer/crossFit.ts   (trains the fold models that are missing; `--rebuild`: all of them)
 *     [-- TRAIN_OPTIONS…]   (more options of `commaGaps/train.ts`, as the shipped gap model was trained with)
 */
import * as fs from 'fs';
import * as path from 'path';
import { execFileSync } from 'child_process';
import { parseArgs } from 'util';
import { CommaGapsModel, decodeCommaGaps } from '../../src/engine/commaGaps/model';
import { defaultSilverDir } from '../silverTrees';
import { examplesFile } from '../commaGaps/examples';
import { examplesFile as setOffExamplesFile } from '../setOffCommas/examples';
import { SetOffCommasJson, setOffCommasFromJson, SetOffCommasModel } from '../../src/engine/setOffCommas/model';

export const GAP_FOLDS = 2;

/** The fold of an edited-english train document (its source's file, its index there). */
export function gapFoldOf(index: number): number {
  return index % GAP_FOLDS;
}

/** The fold of a scorer example's document from its id (`source#index/…`); undefined for EWT and anything else. */
export function gapFoldOfId(id: string): number | undefined {
  const m = /^([^#/]+)#(\d+)(\/|$)/.exec(id);
  if (!m || m[1] === 'ewt') return undefined;
  return gapFoldOf(Number(m[2]));
}

/**
 * The model that gives an example with this id its feature: for edited-english train, the fold model that did not see
 * the example's document (`folds` in fold order); the shipped one elsewhere. For the comma-gap and set-off models
 * below, and for the linter's gap tagger (`sideModels.ts`: `train-restore-bilstm.ts --written --leave-fold k`, given to
 * `fit.ts --neural-gap-folds`), which saw every edited train document, so that its probabilities there are sharper
 * than on a user's text and a scorer fitted on them trusted it too much (journal, "The linter's gap tagger as
 * learned-scorer features": clean EWT dev false alarms 46 → 56).
 */
export function crossFitted<T>(shipped: T, folds: readonly T[]): (id: string) => T {
  if (folds.length !== GAP_FOLDS) throw new Error(`${GAP_FOLDS} fold models wanted, ${folds.length} given`);
  return (id) => {
    const k = gapFoldOfId(id);
    return k === undefined ? shipped : folds[k];
  };
}

/** Where the gap model that did not see fold k is written (a derived cache, rebuilt by this script). */
export function foldModelFile(k: number): string {
  return path.join(defaultSilverDir(), `comma-gaps-leave-fold-${k}-of-${GAP_FOLDS}.bin`);
}

/** The gap model that gives the probability of an example with this id: its fold's, else the shipped one. */
export function crossFittedGaps(shipped: CommaGapsModel): (id: string) => CommaGapsModel {
  const folds = Array.from({ length: GAP_FOLDS }, (_, k) => {
    const file = foldModelFile(k);
    if (!fs.existsSync(file)) throw new Error(`no gap model for fold ${k} at ${file}: run npx tsx server/research/scorer/crossFit.ts`);
    return decodeCommaGaps(fs.readFileSync(file));
  });
  return crossFitted(shipped, folds);
}

/** Where the set-off model that did not see fold k is written (a derived cache, rebuilt by this script). */
export function setOffFoldModelFile(k: number): string {
  return path.join(defaultSilverDir(), `set-off-commas-leave-fold-${k}-of-${GAP_FOLDS}.json`);
}

/** The set-off model that gives the probability of an example with this id: its fold's, else the shipped one. */
export function crossFittedSetOff(shipped: SetOffCommasModel): (id: string) => SetOffCommasModel {
  const folds = Array.from({ length: GAP_FOLDS }, (_, k) => {
    const file = setOffFoldModelFile(k);
    if (!fs.existsSync(file)) throw new Error(`no set-off model for fold ${k} at ${file}: run npx tsx server/research/scorer/crossFit.ts`);
    return setOffCommasFromJson(JSON.parse(fs.readFileSync(file, 'utf8')) as SetOffCommasJson);
  });
  return crossFitted(shipped, folds);
}

/** The settings of `npm run train:set-off-commas` (its examples must exist: that script builds them). */
const SET_OFF_TRAIN_ARGS = ['--max-clean', 'relative=2,appositive=0.25,introductory=3', '--set', 'relative=0.38,appositive=0.6,introductory=0.7'];

function main(): void {
  const { values: opt, positionals: trainOptions } = parseArgs({ options: { rebuild: { type: 'boolean' } }, allowPositionals: true });
  for (let k = 0; k < GAP_FOLDS; k++) {
    const out = foldModelFile(k);
    // Kept while newer than the gap model's train examples (`npm run train:comma-gaps` rebuilds those).
    const examples = examplesFile('train');
    if (!fs.existsSync(examples)) throw new Error(`no comma-gap examples at ${examples}: run npm run train:comma-gaps first`);
    if (fs.existsSync(out) && fs.statSync(out).mtimeMs > fs.statSync(examples).mtimeMs && !opt.rebuild) {
      console.log(`fold ${k}: ${out} is newer than the gap examples; kept`);
      continue;
    }
    const t0 = Date.now();
    // The settings of `npm run train:comma-gaps` (its examples must exist: that script builds them).
    execFileSync('npx', ['tsx', 'server/research/commaGaps/train.ts', '--epochs', '8', '--ewt-clean', 'dev', '--leave-fold', String(k), '--out', out, ...trainOptions], { stdio: 'inherit' });
    console.log(`fold ${k}: ${out} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  for (let k = 0; k < GAP_FOLDS; k++) {
    const out = setOffFoldModelFile(k);
    const examples = setOffExamplesFile('train');
    // Only a fit with `--set-off-feature` reads these (it says what is missing); the shipped recipe needs none.
    if (!fs.existsSync(examples)) {
      console.log(`set-off fold ${k}: no set-off examples at ${examples} (npm run train:set-off-commas builds them); skipped`);
      continue;
    }
    if (fs.existsSync(out) && fs.statSync(out).mtimeMs > fs.statSync(examples).mtimeMs && !opt.rebuild) {
      console.log(`set-off fold ${k}: ${out} is newer than the set-off examples; kept`);
      continue;
    }
    execFileSync('npx', ['tsx', 'server/research/setOffCommas/train.ts', ...SET_OFF_TRAIN_ARGS, '--leave-fold', String(k), '--out', out], { stdio: 'inherit' });
    console.log(`set-off fold ${k}: ${out}`);
  }
}

if (require.main === module) main();

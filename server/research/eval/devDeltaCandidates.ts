/**
 * The labelled candidates of the corrupted EWT dev suite (the suite `bench:lint` builds, same seed, parser trees),
 * scored by the punctuation model of `PUNCTEME_MODEL_DIR`, written for `deltaSeparation.ts`. With `--half fit` it is
 * the `devfit` file of `bench:lint --fit --fit-cache`; by default both halves, since a kind such as a set-off comma
 * deleted has only ~16 right candidates in one half. No EWT train corruptions: a few minutes instead of half an hour,
 * so that a training run's early checkpoints can be compared by the AUC of their Δ on dev alone.
 *
 *   PUNCTEME_MODEL_DIR=DIR npx tsx server/research/eval/devDeltaCandidates.ts OUT.json [--half fit|eval|all] [--limit N] [--seed S]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../../src/data/treebank';
import { defaultModelDir, loadEngineModel } from '../../src/engine';
import { loadParser } from '../../src/parser';
import { DEFAULT_CALIBRATION } from '../../src/engine/correction/pipeline/calibration';
import { buildSuite } from './suite';
import { spliceItems } from './splice';
import { labelledCandidates } from './calibrationFit';

/** As `bench:lint` builds its dev suite: one corruption per sentence, and 200 comma splices. */
const SPLICES = 200;

const { values: opt, positionals } = parseArgs({ allowPositionals: true, options: { limit: { type: 'string' }, seed: { type: 'string', default: '1' }, half: { type: 'string', default: 'all' } } });
const out = positionals[0];
if (!out || !['fit', 'eval', 'all'].includes(opt.half!)) throw new Error('usage: devDeltaCandidates.ts OUT.json [--half fit|eval|all] [--limit N] [--seed S]');
const dev = readTreebank(path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu'));
let suite = [...buildSuite(dev.sentences, { seed: Number(opt.seed) }), ...spliceItems(dev.sentences, SPLICES)];
if (opt.limit) suite = suite.slice(0, Number(opt.limit));
// bench:lint's halves: even items fit the calibration, odd ones are reported.
const items = opt.half === 'all' ? suite : suite.filter((_, k) => k % 2 === (opt.half === 'fit' ? 0 : 1));
const dir = defaultModelDir();
const model = loadEngineModel(dir);
const t0 = Date.now();
const rows = labelledCandidates(items, loadParser(dir), model, DEFAULT_CALIBRATION);
fs.writeFileSync(out, JSON.stringify(rows, (_, v) => (v instanceof Map ? [...v] : v)));
console.log(`${rows.length} labelled candidates of ${items.length} items, model ${model.version}, ${((Date.now() - t0) / 1000).toFixed(0)} s -> ${out}`);

/**
 * The model-based rules with the trained model and GOLD trees of corrupted EWT dev sentences (skipped while no
 * trained model is present): findings are well-formed, pass the threshold, keep the words, explain themselves with
 * the underlying bracketing, and are mostly right.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { readTreebank } from '../../server/src/data/treebank';
import { buildSuite } from '../../server/research/eval/suite';
import { runItem } from '../../server/research/eval/bench';
import { makeLinter, CALIBRATION_FILE, defaultModelDir, punctModelFile } from '../../server/src/engine';
import { loadCalibration, thresholdFor } from '../../server/src/engine/correction/pipeline/calibration';
import { engineModel } from '../../server/src/engine/modelAdapter';
import { loadPunctModel } from '../../server/src/model';
import { ewtFile } from '../ewt';

const DEV = ewtFile('dev');
const modelFile = punctModelFile(defaultModelDir());

describe('engine: model-based decisions on gold trees', function () {
  this.timeout(300000);
  before(function () {
    if (!fs.existsSync(modelFile)) this.skip();
  });

  it('gives well-formed, explained findings that are mostly right on corrupted dev sentences', async () => {
    const suite = buildSuite(readTreebank(DEV).sentences.slice(0, 1000), { seed: 11 }).filter((it) =>
      ['subject-verb-comma', 'nonrestrictive-comma', 'comma', 'introductory-comma', 'sentence-final'].includes(it.corruption.category),
    ).slice(0, 100);
    const byText = new Map(suite.flatMap((it) => [[it.corrupted.text, it.corrupted.sentence], [it.original.text, it.original.sentence]] as const));
    const cal = loadCalibration(path.join(defaultModelDir(), CALIBRATION_FILE));
    const linter = makeLinter({ analyser: { version: 'gold', parseText: (t) => (byText.has(t) ? [byText.get(t)!] : []) }, model: engineModel(loadPunctModel(modelFile)), calibration: cal });
    let tp = 0;
    let fp = 0;
    for (const it of suite) {
      for (const f of linter.lint(it.corrupted.text, { quoteStyle: 'american' })) {
        assert.ok(f.confidence >= 0 && f.confidence <= 1);
        assert.ok(f.fixes.length >= 1);
        for (const e of f.fixes[0].edits) assert.ok(!/[\p{L}\p{N}]/u.test(it.corrupted.text.slice(e.start.offset, e.end.offset) + e.newText));
        if (['nonrestrictive-comma', 'subject-verb-comma', 'introductory-comma', 'comma', 'sentence-final'].includes(f.ruleId)) {
          assert.ok(f.confidence >= thresholdFor(cal, f.ruleId));
          assert.match(f.explanation, /Underlying punctuation/);
          if (f.fixes[0].edits.length === 2) assert.strictEqual(f.related?.length, 1);
        }
      }
      const r = await runItem({ name: 'p', propose: (t) => linter.lint(t, { quoteStyle: 'american' }).map((f) => ({ ruleId: f.ruleId, edits: f.fixes[0].edits.map((e) => ({ start: e.start.offset, end: e.end.offset, newText: e.newText })) })) }, it);
      tp += r.correct;
      fp += r.wrong.length;
    }
    assert.ok(tp + fp >= 8, `only ${tp + fp} edits`);
    assert.ok(tp / (tp + fp) >= 0.75, `precision ${tp}/${tp + fp}`);
  });
});

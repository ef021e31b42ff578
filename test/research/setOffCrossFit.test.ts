/**
 * The set-off comma model's cross-fit for the learned scorer's training examples (`scorer/crossFit.ts`): an
 * edited-english train example reads the fold model that did not see its document, anything else the shipped model.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { crossFittedSetOff, gapFoldOf, setOffFoldModelFile } from '../../server/research/scorer/crossFit';
import { setOffCommasFromJson } from '../../server/src/engine/setOffCommas/model';

describe('research: cross-fitted set-off comma models for the learned scorer', () => {
  const before = process.env.PUNCTEME_CACHE;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setoff-xfit-'));
  const model = (version: string) => ({ version, bits: 4, thresholds: { relative: 0.5, appositive: 0.5, introductory: 0.5 }, weights: [] as Array<[number, number]> });
  after(() => {
    if (before === undefined) delete process.env.PUNCTEME_CACHE;
    else process.env.PUNCTEME_CACHE = before;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives an edited-english train example the model of its document\'s fold, and EWT the shipped one', () => {
    process.env.PUNCTEME_CACHE = dir;
    fs.mkdirSync(path.dirname(setOffFoldModelFile(0)), { recursive: true });
    for (const k of [0, 1]) fs.writeFileSync(setOffFoldModelFile(k), JSON.stringify(model(`fold-${k}`)));
    const pick = crossFittedSetOff(setOffCommasFromJson(model('shipped')));
    assert.equal(pick(`digitalgov#7/relative-clause-comma-missing/0`).version, `fold-${gapFoldOf(7)}`);
    assert.equal(pick(`digitalgov#8/3/1`).version, `fold-${gapFoldOf(8)}`);
    assert.notEqual(gapFoldOf(7), gapFoldOf(8));
    assert.equal(pick('ewt#12/0/0').version, 'shipped');
  });

  it('says how to build a fold model that is missing', () => {
    process.env.PUNCTEME_CACHE = path.join(dir, 'empty');
    assert.throws(() => crossFittedSetOff(setOffCommasFromJson(model('shipped'))), /crossFit\.ts/);
  });
});

/**
 * The learned scorer's sidecar (`lint-scorer.weights.bin`): the same weights as the JSON file, exactly; used only
 * while it was derived from that file; and what the engine loads, with the same findings as the JSON gives.
 */
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { loadEngineParts, makeLinter } from '../../server/src/engine';
import { featureHash, FeatureWeightTable, readScorerSidecar, recordWeights, ScorerJson, scorerSidecarFile, scorerSource, writeScorerSidecar } from '../../server/src/engine/correction/learned/scorerWeights';
import { loadLearnedScorer, SCORER_FILE } from '../../server/src/engine/correction/learned/learnedScorer';
import { checkModelFiles, isOptionalModelFile, writeManifest } from '../../server/src/data/modelIntegrity';

const SHIPPED_DIR = path.resolve(__dirname, '../../models/en');
const SHIPPED = path.join(SHIPPED_DIR, SCORER_FILE);
const REPO = path.resolve(__dirname, '../..');

const TEXT =
  'Unfortunately this information is stored in an inconvenient manner. My brother who lives in Boston, is a doctor. ' +
  'We tested the new site and the users liked it. The students, passed the exam. When the build is ready we ship it, ' +
  'and the team, which met on Monday agreed.';

describe('engine: the learned scorer\'s sidecar (start-up)', function () {
  this.timeout(180000);
  const made: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'scorer-sidecar-'));
    made.push(d);
    return d;
  };
  after(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('a table finds every name it was built from, with its weight, and no other name', () => {
    // Names that share prefixes, are prefixes of each other, are empty, are not ASCII, and that collide in their slot.
    const base: Array<[string, number]> = [['', 0.5], ['a', 1], ['ab', -2], ['abc', 3.25], ['lw=’s*insert', -0.1], ['rw=naïve*2:insert', 1e-300], ['x=🙂', -0]];
    const slots = FeatureWeightTable.build(Array.from({ length: base.length + 4 }, (_, k) => [`d${k}`, 0] as [string, number])).layout.slots.length;
    const slotOf = (name: string) => featureHash(name) & (slots - 1);
    const collide = ['c0'];
    for (let k = 1; collide.length < 4; k++) if (slotOf(`c${k}`) === slotOf('c0')) collide.push(`c${k}`);
    const entries: Array<[string, number]> = [...base, ...collide.map((n, k) => [n, k + 0.125] as [string, number])];
    const t = FeatureWeightTable.build(entries);
    assert.strictEqual(t.layout.slots.length, slots);
    assert.strictEqual(t.size, entries.length);
    // Twice: the second pass is answered by the names the table remembers.
    for (let pass = 0; pass < 2; pass++) {
      for (const [name, w] of entries) assert.ok(Object.is(t.get(name), w), name);
      for (const other of ['abcd', 'b', 'A', 'lw=’s*insert ', 'lw=\'s*insert', 'rw=naive*2:insert', 'x=🙁', 'c99999', 'constructor', '__proto__']) assert.strictEqual(t.get(other), undefined, other);
    }
    assert.deepStrictEqual([...t.entries()], entries);
    assert.strictEqual(FeatureWeightTable.build([]).get('a'), undefined);
    assert.throws(() => FeatureWeightTable.build([['a', 1], ['a', 2]]), /a twice/);
    assert.throws(() => FeatureWeightTable.build([['\ud800', 1]]), /not valid Unicode/);
  });

  it('the shipped lint-scorer.weights.bin holds exactly the settings and weights of lint-scorer.json (else: npm run models:manifest)', () => {
    const bytes = fs.readFileSync(SHIPPED);
    const j = JSON.parse(bytes.toString('utf8')) as ScorerJson;
    const stored = readScorerSidecar(SHIPPED, scorerSource(bytes));
    assert.ok(stored, 'no sidecar derived from lint-scorer.json');
    const { weights, hand, ...settings } = j;
    assert.deepStrictEqual(stored.settings, { ...settings, ...(hand ? { hand: { threshold: hand.threshold } } : {}) });
    // Name for name and float64 for float64, in the file's order.
    assert.deepStrictEqual([...stored.weights.entries()], Object.entries(weights));
    for (const [name, w] of Object.entries(weights)) assert.ok(Object.is(stored.weights.get(name), w), name);
    assert.strictEqual(stored.hand === undefined, hand === undefined);
    if (hand) assert.deepStrictEqual([...stored.hand!.entries()], Object.entries(hand.weights));
  });

  it('a sidecar derived from another file is not used: the scorer is read from its JSON; a malformed one is refused', () => {
    const dir = tmp();
    const file = path.join(dir, SCORER_FILE);
    const j: ScorerJson = { weights: { bias: -0.5, 'lw=the*insert': 1.25, 'rw=naïve*insert': 0.1 }, threshold: 0.7, thresholds: { 'comma/insert': 0.6 }, hand: { weights: { bias: 0.3 }, threshold: 0.8 }, candidates: 'dense', gapFeature: true, note: 'a test scorer' };
    fs.writeFileSync(file, JSON.stringify(j));
    writeScorerSidecar(file, j, scorerSource(fs.readFileSync(file)));
    const fromSidecar = loadLearnedScorer(file)!;
    assert.ok(fromSidecar.weights instanceof FeatureWeightTable && fromSidecar.hand!.weights instanceof FeatureWeightTable);
    assert.deepStrictEqual({ ...fromSidecar, weights: undefined, hand: { ...fromSidecar.hand, weights: undefined } }, { weights: undefined, threshold: 0.7, thresholds: { 'comma/insert': 0.6 }, hand: { weights: undefined, threshold: 0.8 }, candidates: 'dense', gapFeature: true, documentRegister: false, documentWhich: false, setOffFeature: false, neuralGaps: false, note: 'a test scorer' });
    assert.strictEqual(fromSidecar.weights.get('rw=naïve*insert'), 0.1);
    // The file retrained (one weight and a threshold changed) without its sidecar rewritten.
    const retrained = { ...j, weights: { ...j.weights, 'lw=the*insert': 1.5 }, threshold: 0.75 };
    fs.writeFileSync(file, JSON.stringify(retrained));
    assert.strictEqual(readScorerSidecar(file, scorerSource(fs.readFileSync(file))), undefined);
    const fromJson = loadLearnedScorer(file)!;
    assert.ok(!(fromJson.weights instanceof FeatureWeightTable));
    assert.strictEqual(fromJson.weights.get('lw=the*insert'), 1.5);
    assert.strictEqual(fromJson.threshold, 0.75);
    // A sidecar that names the file but is cut short, or is not a sidecar, is refused rather than read past.
    const source = scorerSource(fs.readFileSync(file));
    writeScorerSidecar(file, retrained, source);
    const sidecar = fs.readFileSync(scorerSidecarFile(file));
    fs.writeFileSync(scorerSidecarFile(file), sidecar.subarray(0, sidecar.length - 8));
    assert.throws(() => loadLearnedScorer(file), /bytes, expected/);
    fs.writeFileSync(scorerSidecarFile(file), Buffer.from('\u0004\u0000\u0000\u0000{}  '));
    assert.throws(() => readScorerSidecar(file, source), /not a scorer sidecar/);
    fs.rmSync(scorerSidecarFile(file));
    assert.strictEqual(readScorerSidecar(file, source), undefined);
    assert.strictEqual(loadLearnedScorer(file)!.weights.get('lw=the*insert'), 1.5);
  });

  it('without its JSON file, as the packages ship it, the scorer is its sidecar\'s, named by the manifest; a sidecar alone without a manifest is no scorer', () => {
    assert.ok(isOptionalModelFile(SCORER_FILE), 'the packages leave lint-scorer.json out');
    const dir = tmp();
    const file = path.join(dir, SCORER_FILE);
    fs.copyFileSync(SHIPPED, file);
    fs.copyFileSync(scorerSidecarFile(SHIPPED), scorerSidecarFile(file));
    const withJson = loadLearnedScorer(file)!;
    writeManifest(dir);
    fs.rmSync(file);
    checkModelFiles(dir, true);
    const packaged = loadLearnedScorer(file)!;
    assert.ok(packaged.weights instanceof FeatureWeightTable);
    assert.deepStrictEqual({ ...packaged, weights: undefined, hand: undefined }, { ...withJson, weights: undefined, hand: undefined });
    assert.deepStrictEqual([...(packaged.weights as FeatureWeightTable).entries()], [...(withJson.weights as FeatureWeightTable).entries()]);
    // A directory with the sidecar alone and no manifest to name its source holds no scorer.
    const bare = tmp();
    fs.copyFileSync(scorerSidecarFile(SHIPPED), scorerSidecarFile(path.join(bare, SCORER_FILE)));
    assert.strictEqual(loadLearnedScorer(path.join(bare, SCORER_FILE)), undefined);
  });

  it('models:manifest --check fails on a missing or stale sidecar; models:manifest writes it', () => {
    const dir = tmp();
    const file = path.join(dir, SCORER_FILE);
    const j = JSON.parse(fs.readFileSync(SHIPPED, 'utf8')) as ScorerJson;
    fs.writeFileSync(file, JSON.stringify(j));
    writeManifest(dir);
    const manifest = (...args: string[]) => spawnSync(process.execPath, ['--require', require.resolve('tsx/cjs'), path.join(REPO, 'scripts/model-manifest.ts'), '--dir', dir, ...args], { cwd: REPO, encoding: 'utf8' });
    let r = manifest('--check');
    assert.strictEqual(r.status, 1, r.stderr);
    assert.match(r.stderr, /lint-scorer\.weights\.bin: missing/);
    r = manifest();
    assert.strictEqual(r.status, 0, r.stderr);
    assert.match(r.stdout, /wrote .*lint-scorer\.weights\.bin/);
    assert.strictEqual(manifest('--check').status, 0);
    // One weight changed in the JSON, the manifest rewritten: the sidecar is stale.
    const first = Object.keys(j.weights)[0];
    fs.writeFileSync(file, JSON.stringify({ ...j, weights: { ...j.weights, [first]: j.weights[first] + 1 } }));
    writeManifest(dir);
    r = manifest('--check');
    assert.strictEqual(r.status, 1, r.stderr);
    assert.match(r.stderr, /lint-scorer\.weights\.bin: missing or derived from other weights/);
    assert.strictEqual(manifest().status, 0);
    assert.strictEqual(manifest('--check').status, 0);
    assert.strictEqual(loadLearnedScorer(file)!.weights.get(first), j.weights[first] + 1);
  });

  it('the engine scores with the sidecar, and its findings and confidences are those the JSON file gives', function () {
    const parts = loadEngineParts(SHIPPED_DIR);
    if (parts.modelError) this.skip();
    const scorer = parts.scorer!;
    assert.ok(scorer.weights instanceof FeatureWeightTable, 'the shipped scorer is read from its sidecar');
    const j = JSON.parse(fs.readFileSync(SHIPPED, 'utf8')) as ScorerJson;
    const fromJson = { ...scorer, weights: recordWeights(j.weights), hand: j.hand && { weights: recordWeights(j.hand.weights), threshold: j.hand.threshold } };
    const withSidecar = makeLinter(parts).lint(TEXT, { explain: true });
    const withJson = makeLinter({ ...parts, scorer: fromJson }).lint(TEXT, { explain: true });
    assert.ok(withSidecar.some((f) => f.ruleId === 'nonrestrictive-comma' || f.ruleId === 'subject-verb-comma'));
    assert.deepStrictEqual(withSidecar, withJson);
  });
});

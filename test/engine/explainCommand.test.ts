import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { runMain } from '../cli/helpers';
import { defaultModelDir, punctModelFile } from '../../server/src/engine';

const RUN_OPTS = { cwd: process.cwd(), input: 'Did he.?' };

describe('engine: puncteme explain', function () {
  this.timeout(120000);

  it('prints the findings with fixes and explanations; exit 1 with findings, 0 without', async () => {
    const r = await runMain(['explain', 'He left,, quickly.'], RUN_OPTS);
    assert.strictEqual(r.code, 1);
    assert.match(r.stdout, /doubled-mark/);
    assert.match(r.stdout, /fix: Replace with ","/);
    assert.match(r.stdout, /Point absorption/);
    const clean = await runMain(['explain', 'He left quickly.'], RUN_OPTS);
    assert.strictEqual(clean.code, 0, clean.stdout + clean.stderr);
    const stdin = await runMain(['explain', '-'], RUN_OPTS);
    assert.match(stdin.stdout, /mark-absorption/);
  });

  it('prints the parse and the MAP underlying bracketing when the models are there', async function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir())) || !fs.existsSync(path.join(defaultModelDir(), 'parser.bin'))) this.skip();
    const r = await runMain(['explain', 'My brother, who lives in Paris, is a doctor.'], RUN_OPTS);
    assert.match(r.stdout, /relation/);
    assert.match(r.stdout, /Underlying punctuation \(MAP tree T′\):\n {2}\[/);
  });

  it('--candidates lists every correction weighed, with Δ and confidence, consistent with the findings', async function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir())) || !fs.existsSync(path.join(defaultModelDir(), 'parser.bin'))) this.skip();
    const r = await runMain(['explain', '--candidates', '--decision', 'calibrated', 'The people in the back row, could not hear.'], RUN_OPTS);
    const table = r.stdout.split('Corrections weighed')[1];
    assert.ok(table, r.stdout);
    const row = table.split('\n').find((l) => l.startsWith('subject-verb-comma/delete'));
    assert.ok(row, 'the subject–verb comma deletion is weighed');
    assert.match(row!, /"row _ could" → nothing/);
    // A row marked as reported is exactly a finding of the same rule.
    assert.strictEqual(/ yes\s*$/.test(row!), /^\d+:\d+ {2}subject-verb-comma /m.test(r.stdout));
  });

  it('--candidates --decision learned lists the learned scorer\'s probabilities and what weighed for each, consistent with the findings', async function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir())) || !fs.existsSync(path.join(defaultModelDir(), 'lint-scorer.json'))) this.skip();
    const r = await runMain(['explain', '--candidates', '--decision', 'learned', 'The people in the back row, could not hear.'], RUN_OPTS);
    const table = r.stdout.split('Corrections the learned scorer weighed')[1];
    assert.ok(table, r.stdout);
    assert.match(table, /probability +reported +what weighed for it/);
    const row = table.split('\n').find((l) => l.startsWith('subject-verb-comma/delete'));
    assert.ok(row, 'the subject–verb comma deletion is weighed');
    assert.match(row!, /"row _ could" → nothing/);
    // Its reasons are in plain words, not feature names or numbers.
    assert.match(row!, /(yes)? +[a-z][^*=|]+$/);
    assert.strictEqual(/ yes {2}/.test(row!), /^\d+:\d+ {2}subject-verb-comma /m.test(r.stdout));
    const bad = await runMain(['explain', '--candidates', '--decision', 'guess', 'The people in the back row, could not hear.'], RUN_OPTS);
    assert.strictEqual(bad.code, 2);
    assert.match(bad.stderr, /--decision: learned or calibrated/);
  });

  it('--candidates names the guard that vetoed a correction (a veto leaves a trace)', async function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir())) || !fs.existsSync(path.join(defaultModelDir(), 'parser.bin'))) this.skip();
    const r = await runMain(['explain', '--candidates', '--decision', 'calibrated', 'No, the bus is late.'], RUN_OPTS);
    const vetoed = r.stdout.split('Corrections a guard vetoed (never weighed):')[1];
    assert.ok(vetoed, r.stdout);
    const row = vetoed.split('\n').find((l) => l.includes('"No _ the" → nothing'));
    assert.ok(row, vetoed);
    assert.match(row!, /\binterjection\b/);
  });

  it('--candidates says what each stage after scoring did, and the standard the whole text was held to', async function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir())) || !fs.existsSync(path.join(defaultModelDir(), 'parser.bin'))) this.skip();
    const r = await runMain(['explain', '--candidates', '--decision', 'calibrated', 'However the results were good and we left, we were tired'], RUN_OPTS);
    const notes = r.stdout.split('What the decision did to the corrections it did not report as scored')[1];
    assert.ok(notes, r.stdout);
    // The splice is below its threshold, then waits for an error-prone document; the comma after "However" is the
    // setting's to decide.
    assert.match(notes, /^threshold +dropped +comma-splice\/replace +"left _ we" → ; +confidence 0\.\d+ < 0\.\d+$/m);
    assert.match(notes, /^writer-error-rate +deferred +comma-splice\/replace +"left _ we" → ; +reported only in an error-prone document/m);
    assert.match(notes, /^style +rewritten +introductory-comma\/insert\/word +"However _ the" → ,/m);
    assert.match(r.stdout, /^Decided over the whole text: held to edited-prose standards \(audience auto: 1 finding in 1 sentence/m);
    // Under `--comma-splices edited` the setting decides the splice, and it is reported.
    const learner = await runMain(['explain', '--candidates', '--decision', 'calibrated', '--comma-splices', 'edited', 'However the results were good and we left, we were tired'], RUN_OPTS);
    assert.match(learner.stdout, /^style +rewritten +comma-splice\/replace +"left _ we" → ;/m);
    assert.match(learner.stdout, /^\d+:\d+ {2}comma-splice /m);
  });

  it('--candidates says why the set-off comma model left a relative clause without commas', async function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir())) || !fs.existsSync(path.join(defaultModelDir(), 'parser.bin'))) this.skip();
    const r = await runMain(['explain', '--candidates', 'My brother who lives in Paris is a doctor.'], RUN_OPTS);
    assert.match(r.stdout, /^set-off-model +dropped +set-off\/relative +"brother _ who" → ,; "Paris _ is" → , +probability 0\.\d+ < 0\.\d+$/m);
  });

  it("--candidates says what the small models weighed and left out, and which findings a stronger one outweighed", async function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir())) || !fs.existsSync(path.join(defaultModelDir(), 'parser.bin'))) this.skip();
    const r = await runMain(['explain', '--candidates', "Read the entire article; there's a punchline, too."], RUN_OPTS);
    assert.match(r.stdout, /^mark-choice +dropped +semicolon-colon +"article _ there" → : +P\(colon\) 0\.\d+ < 0\.\d+$/m);
    // An error-prone text: the sentence-join model's splice, adapted, outweighs the punctuation model's at the comma.
    const text = 'I loved the atmosphere here and the food is good, however the tables are so close together that it feels very cramped. The man who lives next door, is my uncle. What he said, was true. The people in the back row, could not hear.';
    const joined = await runMain(['explain', '--candidates', '--decision', 'calibrated', '--comma-splices', 'edited', text], RUN_OPTS);
    assert.match(joined.stdout, /^sentence-join +deferred +comma-splice +"good _ however" → ; +P\(sentence end\) 0\.\d+: < 0\.950, reported only in an error-prone document/m);
    const left = joined.stdout.split('Findings left out')[1];
    assert.ok(left, joined.stdout);
    assert.match(left, /^comma-splice +48–49 "," +overlaps comma-splice \(confidence 0\.9\d\d ≥ 0\.900\)$/m);
  });

  it('--introductory-comma edited reports the comma after "However" as edited prose writes it', async function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir()))) this.skip();
    const r = await runMain(['explain', '--introductory-comma', 'edited', 'However we decided to stay.'], RUN_OPTS);
    assert.strictEqual(r.code, 1);
    assert.match(r.stdout, /^1:1 {2}introductory-comma {2}\(confidence 0\.90\) {2}Edited prose sets off the introductory element "However"/m);
    assert.strictEqual((await runMain(['explain', '--introductory-comma', 'ignore', 'However we decided to stay.'], RUN_OPTS)).code, 0);
    // The default (auto) reports the comma after a transition without a habit (journal, "introductory commas at the
    // default").
    assert.strictEqual((await runMain(['explain', 'However we decided to stay.'], RUN_OPTS)).code, 1);
  });

  it('--introductory-comma auto reports the omission where a writer with the text’s habit would write the comma', async function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir()))) this.skip();
    const habit = 'Finally, we left early. Finally, it rained all day. Finally, the roads stayed dry. Finally we reached home late.';
    const r = await runMain(['explain', '--introductory-comma', 'auto', habit], RUN_OPTS);
    assert.strictEqual(r.code, 1);
    // The confidence is the comma's expected rate under the writer's habit (about 0.96 after "Finally" here).
    assert.match(r.stdout, /introductory-comma {2}\(confidence 0\.9\d\) {2}Set off the introductory element "Finally" with a comma: you write one after introductory elements elsewhere in this document \(3 of 4\)/);
    // Alone, the sentence is held to edited prose's rate after "Finally"; a writer who never sets it off is not.
    const alone = await runMain(['explain', '--introductory-comma', 'auto', 'Finally we decided to stay.'], RUN_OPTS);
    assert.match(alone.stdout, /Set off the introductory element "Finally" with a comma, as edited prose does after most such elements/);
    const never = 'Finally we left early. Finally it rained all day. Finally the roads stayed dry. Finally we reached home late.';
    assert.strictEqual((await runMain(['explain', '--introductory-comma', 'auto', never], RUN_OPTS)).code, 0);
  });

  it('rejects bad usage with exit code 2', async () => {
    assert.strictEqual((await runMain(['explain'], RUN_OPTS)).code, 2);
    assert.strictEqual((await runMain(['explain', '--quote-style', 'french', 'x'], RUN_OPTS)).code, 2);
    assert.strictEqual((await runMain(['explain', '--introductory-comma', 'always', 'x'], RUN_OPTS)).code, 2);
  });
});

import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { countJudged, readFindings, readJudgements } from '../../server/research/judgements/countJudged';

describe('research: clean findings counted against hand judgements', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'judged-'));
  const judged = path.join(dir, 'judged.tsv');
  const findings = path.join(dir, 'findings.tsv');
  fs.writeFileSync(judged, ['# a comment', 'real\tcomma\tA⟦→,⟧ b.', 'false\tsubject-verb-comma\tC⟦,→⟧ d.', 'arguable\tcomma\tE⟦,→⟧ f.'].join('\n') + '\n');
  // The benchmark's columns: document, rule, confidence, marked sentence, message.
  fs.writeFileSync(
    findings,
    ['doc#1 ¶0\tcomma\t0.90\tA⟦→,⟧ b.\tmsg', 'doc#2 ¶1\tsubject-verb-comma\t0.95\tC⟦,→⟧ d.\tmsg', 'doc#2 ¶3\tcomma\t0.88\tG⟦,→⟧ h.\tmsg'].join('\n') + '\n',
  );

  it('looks each finding up by its rule and marked sentence, and lists the ones no judgement covers', () => {
    const c = countJudged(readFindings(findings), readJudgements(judged));
    assert.deepStrictEqual([c.real, c.false, c.arguable], [1, 1, 0]);
    assert.deepStrictEqual(c.unjudged, ['comma\tG⟦,→⟧ h.']);
    assert.deepStrictEqual(c.byRule.get('comma'), [1, 0, 0, 1]);
    assert.deepStrictEqual(c.byRule.get('subject-verb-comma'), [0, 1, 0, 0]);
  });

  it('refuses a verdict it does not know', () => {
    const bad = path.join(dir, 'bad.tsv');
    fs.writeFileSync(bad, 'maybe\tcomma\tA⟦→,⟧ b.\n');
    assert.throws(() => readJudgements(bad), /unknown verdict "maybe"/);
  });

  it('the shipped judgement file reads, and holds no finding twice', () => {
    const file = path.join(__dirname, '../../server/research/judgements/edited-dev-clean.tsv');
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    assert.strictEqual(readJudgements(file).size, lines.length);
  });
});

/**
 * "Disable rule in this workspace" (and "Hide this false positive") writes `.punctemerc.json`: only for a rule id the engine knows, only inside the
 * workspace folder, never through a symbolic link, never over a file it cannot read as a JSON object (issue 36).
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ProjectConfigCache } from '../../server/src/lsp/projectConfigCache';

describe('lsp: disableRule writes safely', () => {
  let top: string;
  let root: string;
  let outside: string;
  const configs = new ProjectConfigCache(() => undefined);
  const disable = (ruleId: string, dir = root) => configs.disableRule(ruleId, dir, root);
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
  beforeEach(() => {
    top = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-disable-'));
    root = path.join(top, 'workspace');
    outside = path.join(top, 'elsewhere');
    fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
    fs.mkdirSync(outside);
  });
  afterEach(() => fs.rmSync(top, { recursive: true, force: true }));

  it('writes the rule off in a new file in the workspace folder, keeping what an existing file holds', () => {
    const file = disable('doubled-mark', path.join(root, 'docs'));
    assert.equal(file, path.join(root, '.punctemerc.json'));
    assert.deepEqual(read(file), { rules: { 'doubled-mark': 'off' } });
    fs.writeFileSync(file, '\uFEFF' + JSON.stringify({ quoteStyle: 'british', rules: { comma: 'error' } }));
    disable('serial-comma');
    assert.deepEqual(read(file), { quoteStyle: 'british', rules: { comma: 'error', 'serial-comma': 'off' } });
  });

  it('accepts only the rule ids the engine reports', () => {
    for (const id of ['__proto__', 'constructor', 'toString', 'no-such-rule', '']) {
      assert.throws(() => disable(id), /is not a Puncteme rule id/, id);
    }
    assert.ok(!fs.existsSync(path.join(root, '.punctemerc.json')));
  });

  it('never writes through a symbolic link, dangling or not', () => {
    fs.symlinkSync(path.join(outside, 'created.json'), path.join(root, '.punctemerc.json'));
    assert.throws(() => disable('comma'), /is a symbolic link/);
    assert.deepEqual(fs.readdirSync(outside), [], 'nothing was created through the dangling link');
    fs.rmSync(path.join(root, '.punctemerc.json'));
    fs.writeFileSync(path.join(outside, 'real.json'), '{}');
    fs.symlinkSync(path.join(outside, 'real.json'), path.join(root, '.punctemerc.json'));
    assert.throws(() => disable('comma'), /is a symbolic link/);
    assert.equal(fs.readFileSync(path.join(outside, 'real.json'), 'utf8'), '{}');
    // A linked directory on the way: its config is not written either.
    fs.rmSync(path.join(root, '.punctemerc.json'));
    fs.writeFileSync(path.join(outside, '.punctemerc.json'), '{}');
    fs.symlinkSync(outside, path.join(root, 'linked'));
    assert.throws(() => disable('comma', path.join(root, 'linked')), /linked is a symbolic link/);
    assert.equal(fs.readFileSync(path.join(outside, '.punctemerc.json'), 'utf8'), '{}');
  });

  it('writes nothing outside the workspace folder', () => {
    assert.throws(() => disable('comma', outside), /outside the workspace folder/);
    fs.writeFileSync(path.join(top, '.punctemerc.json'), '{"quoteStyle":"british"}');
    assert.throws(() => disable('comma'), /the configuration in force, .* is outside the workspace folder/);
    assert.equal(fs.readFileSync(path.join(top, '.punctemerc.json'), 'utf8'), '{"quoteStyle":"british"}');
    assert.ok(!fs.existsSync(path.join(root, '.punctemerc.json')));
  });

  it('leaves a file it cannot read as a JSON object unchanged', () => {
    for (const text of ['{ "rules": ', '[1, 2]', 'null']) {
      fs.writeFileSync(path.join(root, '.punctemerc.json'), text);
      assert.throws(() => disable('comma'), /not valid JSON|not a JSON object/);
      assert.equal(fs.readFileSync(path.join(root, '.punctemerc.json'), 'utf8'), text);
    }
  });

  it('Hide this false positive writes the same way: known rule ids, inside the folder, no link', () => {
    const entry = { rule: 'comma', text: 'We met, and talked.' };
    assert.throws(() => configs.hideFalsePositive({ ...entry, rule: '__proto__' }, root, root), /is not a Puncteme rule id/);
    fs.symlinkSync(path.join(outside, 'created.json'), path.join(root, '.punctemerc.json'));
    assert.throws(() => configs.hideFalsePositive(entry, root, root), /is a symbolic link/);
    assert.deepEqual(fs.readdirSync(outside), []);
    fs.rmSync(path.join(root, '.punctemerc.json'));
    const file = configs.hideFalsePositive(entry, path.join(root, 'docs'), root);
    configs.hideFalsePositive(entry, root, root);
    assert.deepEqual(read(file), { falsePositives: [entry] });
  });
});

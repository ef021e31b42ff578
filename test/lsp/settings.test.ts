import { strict as assert } from 'assert';
import { fromEditor, isExcluded, toLintOptions, withProjectConfig } from '../../server/src/lsp/settings';
import { COMMA_SPLICES_VALUES, DEFAULT_COMMA_SPLICES, DEFAULT_INTRODUCTORY_COMMA, INTRODUCTORY_COMMA_VALUES } from '../../server/src/engine/types';
import * as fs from 'fs';
import { DIALECT_VALUES } from '../../server/src/config';
import * as path from 'path';

/** The options' audience and adaptToWriter, as the engine reads them. */
const pickAudience = (o: { audience?: string; adaptToWriter?: boolean }) => [o.audience, o.adaptToWriter];

describe('server settings', () => {
  it('fall back to the defaults for missing or ill-typed values (clients send anything)', () => {
    const s = fromEditor({ enable: 'yes', quoteStyle: 'british', maxFileSize: -1, languages: [1], severity: null });
    assert.equal(s.enable, true);
    assert.equal(s.quoteStyle, 'british');
    assert.equal(s.maxFileSize, 2_000_000);
    assert.ok(s.languages.includes('markdown'));
    assert.deepEqual(s.severity, {});
    assert.deepEqual(fromEditor(null), fromEditor({}));
  });
  it('the project config wins over the editor for the keys it sets', () => {
    const s = withProjectConfig(fromEditor({ serialComma: 'never', severity: { 'comma-splice': 'hint' }, exclude: ['a/**'] }), {
      serialComma: 'always',
      rules: { 'doubled-mark': 'off', 'comma-splice': 'error', comma: 'on' },
      exclude: ['b/**'],
    });
    assert.equal(s.serialComma, 'always');
    const o = toLintOptions(s);
    assert.deepEqual(o.disabledRules, ['doubled-mark']);
    assert.deepEqual(o.severities, { 'comma-splice': 'error' });
    assert.deepEqual(s.exclude, ['a/**', 'b/**']);
  });
  it('introductoryComma: the editor value if valid, else the engine default; the project config wins; passed to the engine', () => {
    assert.equal(fromEditor({}).introductoryComma, DEFAULT_INTRODUCTORY_COMMA);
    assert.equal(fromEditor({ introductoryComma: 'sometimes' }).introductoryComma, DEFAULT_INTRODUCTORY_COMMA);
    assert.equal(toLintOptions(fromEditor({ introductoryComma: 'edited' })).introductoryComma, 'edited');
    assert.equal(withProjectConfig(fromEditor({ introductoryComma: 'edited' }), { introductoryComma: 'ignore' }).introductoryComma, 'ignore');
    assert.equal(withProjectConfig(fromEditor({ introductoryComma: 'edited' }), {}).introductoryComma, 'edited');
    assert.equal(toLintOptions(fromEditor({ introductoryComma: 'auto' })).introductoryComma, 'auto');
    assert.equal(withProjectConfig(fromEditor({ introductoryComma: 'ignore' }), { introductoryComma: 'auto' }).introductoryComma, 'auto');
  });
  it('introductoryComma: the engine’s values and default are the ones the editor setting and .punctemerc.json offer', () => {
    const read = (file: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../..', file), 'utf8'));
    const setting = read('package.json').contributes.configuration.properties['puncteme.introductoryComma'];
    const rcSchema = read('server/src/config/punctemerc.schema.json');
    assert.deepEqual(setting.enum, [...INTRODUCTORY_COMMA_VALUES]);
    assert.equal(setting.enumDescriptions.length, INTRODUCTORY_COMMA_VALUES.length);
    assert.equal(setting.default, DEFAULT_INTRODUCTORY_COMMA);
    assert.deepEqual(rcSchema.properties.introductoryComma.enum, [...INTRODUCTORY_COMMA_VALUES]);
  });
  it('commaSplices: the editor value if valid, else the default; the project config wins; the same values everywhere', () => {
    assert.equal(fromEditor({}).commaSplices, DEFAULT_COMMA_SPLICES);
    assert.equal(fromEditor({ commaSplices: 'always' }).commaSplices, DEFAULT_COMMA_SPLICES);
    assert.equal(toLintOptions(fromEditor({ commaSplices: 'edited' })).commaSplices, 'edited');
    assert.equal(withProjectConfig(fromEditor({ commaSplices: 'edited' }), { commaSplices: 'ignore' }).commaSplices, 'ignore');
    assert.equal(withProjectConfig(fromEditor({ commaSplices: 'edited' }), {}).commaSplices, 'edited');
    const read = (file: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../..', file), 'utf8'));
    const setting = read('package.json').contributes.configuration.properties['puncteme.commaSplices'];
    assert.deepEqual(setting.enum, [...COMMA_SPLICES_VALUES]);
    assert.equal(setting.enumDescriptions.length, COMMA_SPLICES_VALUES.length);
    assert.equal(setting.default, DEFAULT_COMMA_SPLICES);
    assert.deepEqual(read('server/src/config/punctemerc.schema.json').properties.commaSplices.enum, [...COMMA_SPLICES_VALUES]);
  });
  it('adaptToWriter: on unless the editor or the project config turns it off; the same key everywhere', () => {
    assert.equal(fromEditor({}).adaptToWriter, true);
    assert.equal(fromEditor({ adaptToWriter: 'no' }).adaptToWriter, true);
    // Off, it is the older name of `audience: edited`, which the engine decides with (`withOlderAudienceName`).
    assert.deepEqual(pickAudience(toLintOptions(fromEditor({ adaptToWriter: false }))), ['edited', true]);
    assert.equal(withProjectConfig(fromEditor({}), { adaptToWriter: false }).adaptToWriter, false);
    assert.equal(withProjectConfig(fromEditor({ adaptToWriter: false }), {}).adaptToWriter, false);
    const read = (file: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../..', file), 'utf8'));
    assert.equal(read('package.json').contributes.configuration.properties['puncteme.adaptToWriter'].default, true);
    assert.equal(read('server/src/config/punctemerc.schema.json').properties.adaptToWriter.type, 'boolean');
  });
  it('dialect: sets the quote style where quoteStyle is left at auto; the project config\'s dialect or quoteStyle wins; the same values everywhere', () => {
    assert.equal(fromEditor({}).dialect, 'none');
    assert.equal(fromEditor({ dialect: 'en-GB' }).quoteStyle, 'british');
    assert.equal(fromEditor({ dialect: 'en-US', quoteStyle: 'auto' }).quoteStyle, 'american', 'the editor sends its defaults too');
    assert.equal(fromEditor({ dialect: 'en-US', quoteStyle: 'british' }).quoteStyle, 'british', 'an explicit quoteStyle wins');
    assert.equal(fromEditor({ dialect: 'en-AU' }).quoteStyle, 'auto', 'an unknown dialect is ignored');
    const editor = fromEditor({ quoteStyle: 'american' });
    assert.equal(withProjectConfig(editor, { dialect: 'en-GB' }).quoteStyle, 'british');
    assert.equal(withProjectConfig(editor, { dialect: 'en-GB', quoteStyle: 'auto' }).quoteStyle, 'auto');
    assert.equal(withProjectConfig(fromEditor({ dialect: 'en-GB' }), {}).quoteStyle, 'british');
    assert.equal(toLintOptions(withProjectConfig(editor, { dialect: 'en-GB' })).quoteStyle, 'british');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pkg = require(path.join(__dirname, '../../package.json'));
    const schema = JSON.parse(fs.readFileSync(path.join(__dirname, '../../server/src/config/punctemerc.schema.json'), 'utf8'));
    assert.deepEqual(pkg.contributes.configuration.properties['puncteme.dialect'].enum, ['none', ...DIALECT_VALUES]);
    assert.deepEqual(schema.properties.dialect.enum, [...DIALECT_VALUES]);
  });

  it('allow and falsePositives: the editor\'s usable entries, the project config\'s added; passed to the engine only when set', () => {
    const s = fromEditor({ allow: ['Yahoo!', '/(/'], falsePositives: [{ rule: 'comma', text: 'A, b.' }, { rule: 'comma' }, 'x'] });
    assert.deepEqual(s.allow, ['Yahoo!'], 'an invalid pattern is left out');
    assert.deepEqual(s.falsePositives, [{ rule: 'comma', text: 'A, b.' }]);
    const merged = withProjectConfig(s, { allow: ['/v\\d+/'], falsePositives: [{ rule: 'doubled-mark', text: 'x,, y' }] });
    assert.deepEqual(toLintOptions(merged).allow, ['Yahoo!', '/v\\d+/']);
    assert.deepEqual(toLintOptions(merged).falsePositives, [{ rule: 'comma', text: 'A, b.' }, { rule: 'doubled-mark', text: 'x,, y' }]);
    assert.equal('allow' in toLintOptions(fromEditor({})), false);
  });

  it('minConfidence 0 leaves the engine its calibrated threshold', () => {
    assert.equal('minConfidence' in toLintOptions(fromEditor({})), false);
    assert.equal(toLintOptions(fromEditor({ minConfidence: 0.8 })).minConfidence, 0.8);
  });
  it('exclude globs match workspace-relative paths and file names', () => {
    const s = fromEditor({ exclude: ['drafts/**', 'CHANGELOG.md'] });
    assert.equal(isExcluded(s, '/w/drafts/x/a.md', '/w'), true);
    assert.equal(isExcluded(s, '/w/docs/CHANGELOG.md', '/w'), true);
    assert.equal(isExcluded(s, '/w/docs/a.md', '/w'), false);
  });
});

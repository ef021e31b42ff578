import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { deadLinksAmong } from '../architecture/markdownLinks';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/settings';
import { REPO } from './lspClient';

/** What `npm run package` would put in the .vsix (`vsce ls` applies package.json and .vscodeignore the same way). */
describe('extension packaging', function () {
  this.timeout(60000);

  it('ships the bundles, models, grammar, manifest, rule pages and notices; never sources, tests, node_modules, maps or checkpoints', () => {
    const r = spawnSync(process.execPath, [path.join(REPO, 'node_modules/@vscode/vsce/vsce'), 'ls', '--no-dependencies'], { cwd: REPO, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const files = r.stdout.split('\n').map((l) => l.trim()).filter(Boolean);
    assert.ok(files.includes('package.json'));
    assert.ok(files.includes('syntaxes/puncteme-tree.tmLanguage.json'));
    const bad = files.filter((f) => /^(test|client\/src|server\/src|scripts|node_modules|\.ci|examples)\/|\.map$|\.ts$|\.epoch\d+$|\.conllu$/.test(f));
    assert.deepEqual(bad, []);
    assert.ok(files.every((f) => /^(package\.json|README\.md|LICENSE|NOTICE\.md|CHANGELOG\.md|dist\/|models\/en\/|syntaxes\/|docs\/rules\/|docs\/images\/|docs\/(cli|configuration|editors|repunctuation|models)\.md$|server\/out\/config\/)/.test(f)), files.join("\n"));
    // The licence and the data credits; the rule pages the Problems panel and the hover link to.
    for (const f of ['LICENSE', 'NOTICE.md', 'CHANGELOG.md', 'docs/rules/README.md', 'docs/rules/comma-splice.md', 'docs/images/problems-panel.png', 'docs/images/icon.png']) assert.ok(files.includes(f), f);
    // No dead link in what ships: every page and picture a shipped Markdown file links to ships too (the README's
    // guides and their pictures), so the extension's details page and an installed README lead somewhere.
    assert.deepEqual(deadLinksAmong(files, (f) => fs.readFileSync(path.join(REPO, f), 'utf8')), []);
    for (const guide of ['docs/cli.md', 'docs/configuration.md', 'docs/editors.md']) assert.ok(files.includes(guide), guide);
    // The icon the manifest names ships, and is a PNG of at least 128×128 (the marketplace's minimum).
    const pkg = require(path.join(REPO, 'package.json')) as { icon: string };
    const png = fs.readFileSync(path.join(REPO, pkg.icon));
    assert.ok(files.includes(pkg.icon) && png.subarray(1, 4).toString() === 'PNG' && png.readUInt32BE(16) >= 128 && png.readUInt32BE(20) >= 128);
    // Only the models run time loads: the Attach-only ablation is read by `npm run dev -- eval perplexity` in a checkout.
    assert.ok(files.includes('models/en/punct.json') && !files.includes('models/en/punct-attach.json'));
    // The learned scorer ships as the sidecar the engine reads, not as the JSON it was derived from.
    assert.ok(files.includes('models/en/lint-scorer.weights.bin') && !files.includes('models/en/lint-scorer.json'));
    assert.ok(!files.includes('dist/cli.js'), 'the CLI bundle is for the npm package');
    // The analysis worker reads wink's core model from beside itself (tokenize/winkModel.ts).
    assert.ok(files.includes('dist/wink-eng-core-web-model.json'), 'wink\'s core model beside the bundles');
    // The installed server checks the files the models' manifest lists: the manifest and every file it requires ship.
    const manifest = require(path.join(REPO, 'models/en/manifest.json')) as { files: Record<string, { optional?: boolean }> };
    const required = Object.entries(manifest.files).filter(([, f]) => !f.optional).map(([name]) => name);
    for (const name of ['manifest.json', ...required]) assert.ok(files.includes(`models/en/${name}`), name);
  });

  it('declares the commands, settings, grammar and activation the client relies on', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pkg = require(path.join(REPO, 'package.json'));
    const commands = pkg.contributes.commands.map((c: { command: string }) => c.command);
    assert.deepEqual(commands.sort(), ['puncteme.fixAll', 'puncteme.restorePunctuation', 'puncteme.showPunctuationPicture', 'puncteme.showUnderlyingPunctuation']);
    const settings = Object.keys(pkg.contributes.configuration.properties);
    for (const key of ['enable', 'languages', 'quoteStyle', 'serialComma', 'introductoryComma', 'minConfidence', 'severity', 'run', 'exclude', 'maxFileSize']) {
      assert.ok(settings.includes(`puncteme.${key}`), key);
      assert.ok(pkg.contributes.configuration.properties[`puncteme.${key}`].description || pkg.contributes.configuration.properties[`puncteme.${key}`].markdownDescription, `${key} has a description`);
    }
    // Every setting the server reads is contributed, with its default (one source of truth for users).
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      const contributed = pkg.contributes.configuration.properties[`puncteme.${key}`];
      assert.ok(contributed, `puncteme.${key} is contributed`);
      if (key !== 'languages') assert.deepEqual(contributed.default, value, `default of puncteme.${key}`);
    }
    // The editors' guide states the default languages the manifest contributes.
    const guide = fs.readFileSync(path.join(REPO, 'docs/editors.md'), 'utf8');
    const stated = /^\| `puncteme\.languages` \| ([^|]+) \|/m.exec(guide)?.[1].split(',').map((l) => l.trim());
    assert.deepEqual(stated, pkg.contributes.configuration.properties['puncteme.languages'].default);
    assert.equal(pkg.contributes.grammars[0].language, 'puncteme-tree');
    for (const lang of ['markdown', 'plaintext', 'latex', 'git-commit']) assert.ok(pkg.activationEvents.includes(`onLanguage:${lang}`));
    // The context menu offers each command in every language the extension activates for (the picture's lacked
    // reStructuredText and AsciiDoc, which the panel draws like the others).
    const activated = pkg.activationEvents.map((e: string) => e.replace(/^onLanguage:/, '')).sort();
    for (const item of pkg.contributes.menus['editor/context'] as Array<{ command: string; when: string }>) {
      const languages = /editorLangId =~ \/\^\(([^)]*)\)\$\//.exec(item.when)?.[1].split('|').sort();
      assert.deepEqual(languages, activated, item.command);
    }
    assert.equal(pkg.main, './dist/extension.js');
  });
});

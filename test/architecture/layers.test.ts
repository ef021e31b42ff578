/**
 * The layers import one way (ARCHITECTURE.md, "Layers"): the two front ends (`cli/`, `lsp/`) stand side by side on
 * the engine and never import each other; nothing below them imports either; shipped code never imports research,
 * training, scripts or tests; the client reaches the server only through the protocol module, which imports nothing.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ImportEdge, importsOf, ROOT, sourceFiles } from './importGraph';

const FRONT_ENDS = ['server/src/cli/', 'server/src/lsp/'];
/** What never ships: training, research and evaluation, benchmarks, build scripts, tests. */
const NOT_RUN_TIME = ['server/src/training/', 'server/research/', 'scripts/', 'test/'];
const PROTOCOL = 'server/src/protocol/';

const serverEdges = sourceFiles('server/src').flatMap(importsOf);
const clientEdges = sourceFiles('client/src').flatMap(importsOf);

function show(edges: readonly ImportEdge[]): string {
  return edges.map((e) => `${e.from} → ${e.to}`).join('\n');
}

function under(file: string, folders: readonly string[]): boolean {
  return folders.some((f) => file.startsWith(f));
}

describe('import graph', () => {
  it('finds the imports it checks (every relative import resolves to a file)', () => {
    assert.ok(serverEdges.length > 500, `only ${serverEdges.length} imports read`);
    assert.ok(clientEdges.some((e) => e.to.startsWith(PROTOCOL)));
    const unresolved = [...serverEdges, ...clientEdges].filter((e) => e.to.startsWith('unresolved:'));
    assert.deepEqual(unresolved, []);
  });

  it('lsp/ never imports cli/, nor cli/ lsp/', () => {
    const crossing = serverEdges.filter(
      (e) => (e.from.startsWith('server/src/lsp/') && e.to.startsWith('server/src/cli/')) || (e.from.startsWith('server/src/cli/') && e.to.startsWith('server/src/lsp/')),
    );
    assert.equal(show(crossing), '');
  });

  it('the front ends reach the correction stages only through the engine\'s API (engine/index.ts, weighedCorrections.ts)', () => {
    const inward = serverEdges.filter((e) => under(e.from, FRONT_ENDS) && e.to.startsWith('server/src/engine/correction/'));
    assert.equal(show(inward), '');
  });

  it('nothing below the front ends imports them (the engine knows no CLI and no LSP)', () => {
    const upward = serverEdges.filter((e) => !under(e.from, FRONT_ENDS) && under(e.to, FRONT_ENDS));
    assert.equal(show(upward), '');
  });

  it('run time imports no research, training, script or test code', () => {
    const leaks = serverEdges.filter((e) => !under(e.from, NOT_RUN_TIME) && under(e.to, NOT_RUN_TIME));
    assert.equal(show(leaks), '');
  });

  it('the client imports server sources only through the protocol module', () => {
    const reaching = clientEdges.filter((e) => !e.to.startsWith('client/') && !e.to.startsWith(PROTOCOL));
    assert.equal(show(reaching), '');
  });

  it('the protocol module imports nothing outside itself (the client bundles it)', () => {
    const outward = serverEdges.filter((e) => e.from.startsWith(PROTOCOL) && !e.to.startsWith(PROTOCOL));
    assert.equal(show(outward), '');
  });
  it('the lexicon (word classes shared by the parser and the linter) imports nothing but data types', () => {
    const outward = serverEdges.filter((e) => e.from.startsWith('server/src/lexicon/') && !e.to.startsWith('server/src/lexicon/') && !e.to.startsWith('server/src/data/'));
    assert.equal(show(outward), '');
  });

  it('the parser imports nothing from the engine, and the correction stages take no word lists from the parser', () => {
    const upward = serverEdges.filter((e) => e.from.startsWith('server/src/parser/') && e.to.startsWith('server/src/engine/'));
    assert.equal(show(upward), '');
    const lists = serverEdges.filter((e) => e.from.startsWith('server/src/engine/correction/') && /parser\/(transitionComma|frontedClauseRepair)\.ts$/.test(e.to));
    assert.equal(show(lists), '');
  });

  it('one model-directory lookup: only data/modelDir.ts defines defaultModelDir', () => {
    const defining = sourceFiles('server').filter((f) => /export function defaultModelDir\b/.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
    assert.deepEqual(defining, ['server/src/data/modelDir.ts']);
    // Nor does a front end resolve a path to the models of its own (the language server and the CLI bundle each did).
    const resolving = sourceFiles('server/src').filter((f) => /resolve\([^)]*models\/en['"\/]|PUNCTEME_MODEL_DIR\s*=/.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
    assert.deepEqual(resolving, ['server/src/data/modelDir.ts']);
  });
  it('every run-time module outside training/ is reached from an entry point (research-only code lives in server/research/)', () => {
    const entries = ['server/src/cli/bundled.ts', 'server/src/cli/main.ts', 'server/src/lsp/server.ts', 'server/src/lsp/analysisWorker.ts'];
    // Registries the build scripts read to write shipped files (the settings schema, the model files' schema checks).
    const readByScripts = ['server/src/config/settingsRegistry.ts', 'server/src/engine/modelSchemaDefs.ts'];
    const next = new Map<string, string[]>();
    for (const e of serverEdges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    const reached = new Set<string>();
    const stack = [...entries];
    while (stack.length) {
      const f = stack.pop()!;
      if (reached.has(f)) continue;
      reached.add(f);
      stack.push(...(next.get(f) ?? []));
    }
    const unreached = sourceFiles('server/src').filter((f) => !f.startsWith('server/src/training/') && !reached.has(f) && !readByScripts.includes(f));
    assert.deepEqual(unreached, []);
  });
  it('engine/correction/ is grouped in folders by role: no loose file at its top, at most 30 files in all', () => {
    const files = sourceFiles('server/src/engine/correction');
    assert.ok(files.length <= 30, `${files.length} files under correction/: merge by concept family before adding one`);
    const byFolder = new Map<string, number>();
    for (const f of files) byFolder.set(path.posix.dirname(f), (byFolder.get(path.posix.dirname(f)) ?? 0) + 1);
    assert.equal(byFolder.get('server/src/engine/correction'), undefined, 'files at the top of correction/');
    assert.deepEqual([...byFolder].filter(([, n]) => n > 30), []);
  });
});

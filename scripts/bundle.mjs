// Bundles the extension for the .vsix: dist/extension.js (the VS Code client; `vscode` is provided by the host)
// dist/server.js (the language server) and dist/analysisWorker.js (its worker thread, with the whole engine), so the package needs no node_modules;
// and dist/cli.js, the command line of the npm package.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { asciiSource } from './ascii-source.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  minify: process.argv.includes('--minify'),
  logLevel: 'warning',
  absWorkingDir: root,
  // Which source files each bundle holds (dist/meta/<bundle>.json): test/architecture/bundles.test.ts checks that
  // no research, training or test code ships.
  metafile: true,
  // No shipped code imports TensorFlow; tfjs-node, a native optional dependency, is kept out of any bundle regardless.
  // wink's core model is read from a file beside the bundles (copied below), never bundled.
  external: ['vscode', '@tensorflow/tfjs-node', '@tensorflow/tfjs', 'wink-eng-lite-web-model/dist/languages/cur/models/eng-core-web-model.json'],
  // ESM-only packages (micromark, mdast) resolve to their Node conditions.
  mainFields: ['module', 'main'],
  conditions: ['node', 'import', 'default'],
};

// The language server keeps each bundle's source in memory as a string for as long as it runs (V8 compiles
// functions lazily from it), two bytes a character if any character is not Latin-1: the worker's was 8.5 MB. So the
// server and its worker are minified (names kept, for stack traces and errors) and made ASCII: esbuild escapes
// strings but not regular expressions, whose non-ASCII characters become \uXXXX escapes (the same code units).
const lean = { minify: true, keepNames: true };

/** Escapes every non-ASCII UTF-16 code unit of a bundle, and checks that it still compiles. */
function asciiOnly(file) {
  const path = resolve(root, file);
  const text = asciiSource(readFileSync(path, 'utf8'));
  new Script(text, { filename: file });
  writeFileSync(path, text);
}

const results = await Promise.all([
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js' }),
  build({ ...common, ...lean, entryPoints: ['server/src/lsp/server.ts'], outfile: 'dist/server.js' }),
  // The engine runs in a worker thread of the server; the server finds it beside itself.
  build({ ...common, ...lean, entryPoints: ['server/src/lsp/analysisWorker.ts'], outfile: 'dist/analysisWorker.js' }),
  // The command line of the npm package (`puncteme`), its lint workers included (server/src/cli/bundled.ts).
  // fdir (under tinyglobby) is ESM and calls createRequire(import.meta.url): give it the bundle's own URL.
  build({
    ...common,
    ...lean,
    entryPoints: ['server/src/cli/bundled.ts'],
    outfile: 'dist/cli.js',
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: 'var __bundleUrl = require("url").pathToFileURL(__filename).href;' },
  }),
]);
mkdirSync(resolve(root, 'dist/meta'), { recursive: true });
for (const result of results) {
  const [outfile] = Object.keys(result.metafile.outputs).filter((o) => o.endsWith('.js'));
  writeFileSync(resolve(root, 'dist/meta', outfile.replace(/^dist\//, '').replace(/\.js$/, '.json')), JSON.stringify(result.metafile));
}
for (const file of ['dist/server.js', 'dist/analysisWorker.js', 'dist/cli.js']) asciiOnly(file);
// wink's core model (3 MB of JSON) is read from a file beside the bundles, not bundled (server/src/tokenize/winkModel.ts):
// in a bundle it was part of the source that a language server keeps in memory while it runs.
copyFileSync(resolve(root, 'node_modules/wink-eng-lite-web-model/dist/languages/cur/models/eng-core-web-model.json'), resolve(root, 'dist/wink-eng-core-web-model.json'));

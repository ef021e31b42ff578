// Bundles the extension for the .vsix: dist/extension.js (the VS Code client; `vscode` is provided by the host)
// dist/server.js (the language server) and dist/analysisWorker.js (its worker thread, with the whole engine), so the package needs no node_modules.
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  // tfjs is for training only; the server never loads it, and tfjs-node is a native optional dependency.
  external: ['vscode', '@tensorflow/tfjs-node', '@tensorflow/tfjs'],
  // ESM-only packages (micromark, mdast) resolve to their Node conditions.
  mainFields: ['module', 'main'],
  conditions: ['node', 'import', 'default'],
};

await Promise.all([
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js' }),
  build({ ...common, entryPoints: ['server/src/lsp/server.ts'], outfile: 'dist/server.js' }),
  // The engine runs in a worker thread of the server; the server finds it beside itself.
  build({ ...common, entryPoints: ['server/src/lsp/analysisWorker.ts'], outfile: 'dist/analysisWorker.js' }),
]);

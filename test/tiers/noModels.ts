/**
 * The fast tier's guard: a test in it must not read the shipped models (models/), which take most of the full
 * suite's time to load. Any read of a file under models/ throws, so a test that starts to need the models fails
 * in the fast tier instead of slowing it down; it belongs in the model tier then (test/tiers/tiers.json).
 */
import * as path from 'path';
// The module object itself (an `import * as` namespace is a copy, whose patching no other module would see).
import fs = require('fs');

const MODELS = path.resolve(__dirname, '../../models') + path.sep;

function guarded<F extends (...args: any[]) => any>(name: string, original: F): F {
  return function (this: unknown, ...args: any[]) {
    const target = args[0];
    if ((typeof target === 'string' || target instanceof URL) && path.resolve(String(target instanceof URL ? target.pathname : target)).startsWith(MODELS)) {
      throw new Error(`the fast tier reads no model file, but ${name}(${String(target)}) was called: move this test to the model tier (test/tiers/tiers.json)`);
    }
    return original.apply(this, args);
  } as F;
}

for (const name of ['readFileSync', 'openSync', 'readFile', 'open', 'createReadStream', 'statSync', 'existsSync'] as const) {
  (fs as any)[name] = guarded(name, (fs as any)[name]);
}
(fs.promises as any).readFile = guarded('promises.readFile', fs.promises.readFile);
(fs.promises as any).open = guarded('promises.open', fs.promises.open);

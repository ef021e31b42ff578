/** The trained engine parts for the tests that need the parser, the model and the introductory-comma convention. */
import * as fs from 'fs';
import { defaultModelDir, LinterParts, loadEngineParts, punctModelFile } from '../../server/src/engine';

/**
 * Registers a `before` hook in the current suite that loads the trained parts, or skips the suite when any is
 * missing (a checkout before training); returns their getter for the tests.
 */
export function trainedEngineParts(): () => LinterParts {
  let parts: LinterParts | undefined;
  before(function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir()))) this.skip();
    const loaded = loadEngineParts();
    if (!loaded.analyser || !loaded.model || !loaded.convention) this.skip();
    parts = loaded;
  });
  return () => {
    if (!parts) throw new Error('trained engine parts not loaded');
    return parts;
  };
}

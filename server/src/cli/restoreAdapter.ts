/**
 * The CLI's restorer: the bundled parser and punctuation model behind `restore/` (which the language server shares).
 */
import { defaultModelDir, loadEngineParts, punctModelFile } from '../engine';
import { loadPunctModel } from '../model';
import { makeRestorer, RestoreOptions, Restorer } from '../restore';

export { makeRestorer } from '../restore';
export type { Restorer } from '../restore';

/** The engine's parser and punctuation model, checked as the linter's are; a missing or corrupt file throws `ModelFileError`. */
export async function loadRestorer(options: RestoreOptions = {}): Promise<Restorer> {
  const dir = defaultModelDir();
  const parts = loadEngineParts(dir);
  if (parts.modelError || !parts.analyser) throw parts.modelError ?? new Error('restoration needs the trained parser');
  return makeRestorer(parts.analyser, loadPunctModel(punctModelFile(dir)), options);
}

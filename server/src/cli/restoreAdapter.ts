/**
 * The CLI's restorer: the bundled parser and punctuation model behind `restore/` (which the language server shares).
 */
import { loadEngineParts } from '../engine';
import { makeRestorer, RestoreOptions, Restorer } from '../restore';

export { makeRestorer } from '../restore';
export type { Restorer } from '../restore';

/** The engine's parser and punctuation model, checked as the linter's are; a missing or corrupt file throws `ModelFileError`. */
export async function loadRestorer(options: RestoreOptions = {}): Promise<Restorer> {
  const parts = loadEngineParts();
  if (parts.modelError) throw parts.modelError;
  if (!parts.analyser || !parts.model?.restoring) throw new Error('restoration needs the trained parser and punctuation model');
  return makeRestorer(parts.analyser, parts.model.restoring, options);
}

/**
 * The CLI's restorer: the bundled parser and punctuation model behind `restore/` (which the language server shares).
 */
import { loadPunctModel } from '../model';
import { loadParser } from '../parser';
import { makeRestorer, RestoreOptions, Restorer } from '../restore';

export { makeRestorer } from '../restore';
export type { Restorer } from '../restore';

export async function loadRestorer(options: RestoreOptions = {}): Promise<Restorer> {
  try {
    return makeRestorer(loadParser(), loadPunctModel(), options);
  } catch (e) {
    throw new Error(`restoration needs the trained parser and punctuation model: ${(e as Error).message}`);
  }
}

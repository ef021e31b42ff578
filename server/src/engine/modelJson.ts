/** Reading a JSON model file: undefined when there is none, `ModelFileError` (corrupt) when it is not JSON. */
import * as fs from 'fs';
import { ModelFileError, readModelFile } from '../data/modelIntegrity';

export function readModelJson(file: string): unknown {
  let text: string;
  try {
    text = readModelFile(file).toString('utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ModelFileError(file, 'corrupt', (e as Error).message);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ModelFileError(file, 'corrupt', 'not valid JSON');
  }
}

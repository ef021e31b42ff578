/** Paths to the UD English EWT splits, read from ../shared (never copied into the repository). */
import * as fs from 'fs';
import * as path from 'path';

export const EWT_DIR = path.resolve(__dirname, '..', '..', 'shared', 'data', 'ud-english-ewt');
export function ewtFile(split: 'train' | 'dev' | 'test'): string {
  return path.join(EWT_DIR, `en_ewt-ud-${split}.conllu`);
}
export function haveEwt(): boolean {
  return fs.existsSync(ewtFile('dev'));
}

/**
 * EWT dev UAS (gold tokens) when each sentence carries one writer's error from the linter's corruption generator
 * (`writersErrors.ts`, comma errors only, seed 13; sentences to which none applies as written): the parse the linter
 * gets of a sentence with the error it must find. Per model directory given (default: the shipped one).
 *
 *   npx tsx server/research/parser/writersErrorUas.ts [MODEL_DIR ...]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseConllu } from '../../src/data/conllu';
import { ABBREV_DOT } from '../../src/data/punctTokens';
import { defaultModelDir, loadParser } from '../../src/parser';
import { seededRandom } from '../../src/training/parser/views';
import { depunctuatedTrees, uasWithPunctuation } from './evaluation';
import { writersErrorsOf } from './writersErrors';

const EWT_DEV = path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu');
const trees = depunctuatedTrees(parseConllu(fs.readFileSync(EWT_DEV, 'utf8'), EWT_DEV));
const errors = writersErrorsOf(EWT_DEV);
const dirs = process.argv.slice(2);
for (const dir of dirs.length ? dirs : [defaultModelDir()]) {
  const parser = loadParser(dir);
  const rand = seededRandom(13);
  let changed = 0;
  const uas = uasWithPunctuation(parser, trees, (slots, tree) => {
    const e = errors(tree)?.(rand);
    if (!e) return slots;
    changed++;
    return e.map((m) => m.filter((x) => x !== ABBREV_DOT));
  });
  console.log(`${parser.version}: UAS ${uas} with one writer's error in ${changed} of ${trees.length} sentences`);
}

/**
 * Whether `silverGold` accepts each silver sentence of edited-english train (documents with
 * Math.floor(index / 10) % 50 === 0, as the scorer's fit samples them) depends on what the process tokenized before:
 * counts them fresh, then after each step of history given on the command line, and prints the sentences whose
 * acceptance changed.
 *   npx tsx server/research/debug/silverHistory.ts [edited-train] [edited-dev] [ewt-train] [ewt-dev] …
 */
import { readSilverTrees, SilverSentence } from '../silverTrees';
import { readEditedEnglish } from '../editedEnglish';
import { silverGold } from '../corruption/silverSentence';
import { tokenizeText } from '../../src/tokenize';
import { ewtTrainDocuments, EWT_DEV } from '../scorer/ewtDocuments';

const keep = (index: number) => Math.floor(index / 10) % 50 === 0;
const keys = new Set(readEditedEnglish(undefined, ['train']).filter((d) => keep(d.index)).map((d) => `${d.source}#${d.index}`));
const silver: SilverSentence[] = readSilverTrees('train').filter((s) => keys.has(`${s.source}#${s.doc}`));

function accepted(): boolean[] {
  return silver.map((s) => silverGold(s) !== undefined);
}

const steps: Record<string, () => void> = {
  'edited-train': () => readEditedEnglish(undefined, ['train']).forEach((d) => d.paragraphs.forEach((p) => tokenizeText(p))),
  'edited-dev': () => readEditedEnglish(undefined, ['dev']).forEach((d) => d.paragraphs.forEach((p) => tokenizeText(p))),
  'ewt-train': () => void ewtTrainDocuments(),
  'ewt-dev': () => void ewtTrainDocuments(1, EWT_DEV),
};

let before = accepted();
console.log(`fresh: ${silver.length} silver sentences in the sample, ${before.filter(Boolean).length} accepted`);
for (const step of process.argv.slice(2)) {
  const t0 = Date.now();
  steps[step]();
  const now = accepted();
  console.log(`after ${step} (${((Date.now() - t0) / 1000).toFixed(0)} s): ${now.filter(Boolean).length} accepted`);
  now.forEach((a, k) => {
    if (a !== before[k]) console.log(`  ${a ? 'now accepted' : 'now refused'}: ${silver[k].source}#${silver[k].doc}/${silver[k].par} ${JSON.stringify(silver[k].text)}`);
  });
  before = now;
}

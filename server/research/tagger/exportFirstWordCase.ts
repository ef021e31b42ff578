/**
 * Writes the list `server/src/parser/firstWordCase.ts` reads: the words edited-english train writes in lower case in
 * at least `--min-share` of at least `--min-count` occurrences away from a sentence's start (`caseCounts.ts`), sorted,
 * under a header line naming the list's version. Deterministic: the same data gives the same bytes.
 *
 *   npx tsx server/research/tagger/exportFirstWordCase.ts [--min-share 0.95] [--min-count 5] [--out models/en/first-word-case.txt]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { readEditedEnglish } from '../editedEnglish';
import { caseCounts, lowerShare } from './caseCounts';

const { values: opt } = parseArgs({
  options: {
    'min-share': { type: 'string', default: '0.95' },
    'min-count': { type: 'string', default: '5' },
    out: { type: 'string', default: 'models/en/first-word-case.txt' },
  },
});
const minShare = Number(opt['min-share']);
const minCount = Number(opt['min-count']);
const counts = caseCounts(readEditedEnglish(undefined, ['train']).flatMap((d) => d.paragraphs));
const words = [...counts.keys()].filter((w) => (lowerShare(counts, w, minCount) ?? 0) >= minShare).sort();
const version = `firstcase-edited-train-s${Math.round(minShare * 100)}-c${minCount}-n${words.length}`;
fs.writeFileSync(opt.out!, `# ${version}\n${words.join('\n')}\n`);
console.log(`${opt.out}: ${words.length} words of ${counts.size} counted (${version})`);

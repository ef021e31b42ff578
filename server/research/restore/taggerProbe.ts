/**
 * The tagger's reading of a few dictated runs, word by word: the mark of its best tags after each word and its
 * P(sentence end) and P(`,`) there; the cases read by hand in the journal (short openings before `I`, a question's
 * end). `--tagger FILE` reads a candidate instead of the bundled tagger; further arguments are runs to read.
 *
 *   npx tsx server/research/restore/taggerProbe.ts [--tagger FILE] ["some run of words" …]
 */
import { parseArgs } from 'util';
import { defaultModelDir } from '../../src/data/modelDir';
import { COMMA, loadPunctTagger, MARK_COUNT, MARKS, readPunctTaggerFile, SENTENCE_END_MARKS, tagRun } from '../../src/restore/punctTagger';

const { values, positionals } = parseArgs({ options: { tagger: { type: 'string' } }, allowPositionals: true });
const tagger = values.tagger ? readPunctTaggerFile(values.tagger, defaultModelDir()) : loadPunctTagger(defaultModelDir());
if (!tagger) throw new Error(`no punctuation tagger in ${defaultModelDir()}`);

const RUNS = [
  'thanks for the update I had a quick look at the draft and it looks good can you send me the final version by Friday',
  'thanks for the draft I read it last night and it is fine',
  'great news we can start on Monday',
  'sorry for the delay we were out of the office last week',
  'can you send me the report I will read it tonight',
  'do you know when the meeting starts I could not find the invitation',
  'we met at noon the café was full so we walked to the park did you get my message',
];

console.log(`tagger ${tagger.version}; after each word: its best mark [P(sentence end) P(,)]`);
for (const run of positionals.length ? positionals : RUNS) {
  const words = run.split(' ');
  const { marginals, best } = tagRun(tagger, words, true);
  const p = (i: number, ys: readonly number[]) => ys.reduce((a, y) => a + marginals[i * MARK_COUNT + y], 0).toFixed(2);
  console.log(words.map((w, i) => `${w}${MARKS[best![i]]}[${p(i, SENTENCE_END_MARKS)} ${p(i, [COMMA])}]`).join(' '));
}

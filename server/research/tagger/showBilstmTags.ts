/**
 * Each sentence's words with the perceptron's XPOS and the BiLSTM tagger's (`trainBilstmTagger.ts`) where they differ,
 * read as users' text is (tokenizer, `slotSentence`). Sentences after `--`, or one a line from `--file F` (the
 * `word=TAG` marks of `new-genre-verbs.tsv` are scored when present).
 *
 *   npx tsx server/research/tagger/showBilstmTags.ts --tagger F.json --tagger-cache F --pretrained F [--file F] [-- SENTENCE…]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { encodeSentence } from '../../src/parser/encoding';
import { slotSentence } from '../../src/parser/sentenceBuilder';
import { tokenizeText } from '../../src/tokenize';
import { biaffineSetup, SETUP_OPTIONS } from '../parser/biaffine/biaffineSetup';
import { readTrainedTagger } from './trainedTagger';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { ...SETUP_OPTIONS, lstm: { type: 'string', default: '64' }, layers: { type: 'string', default: '1' }, tagger: { type: 'string' }, file: { type: 'string' } } });
const setup = biaffineSetup(values, () => undefined);
const { lookup, tagSet } = setup.prepared;
const tagger = readTrainedTagger(setup, values.tagger!);
const lines = values.file ? fs.readFileSync(values.file, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')) : positionals;
let marked = 0;
const right = { first: 0, bilstm: 0 };
for (const line of lines) {
  const [text, marks] = line.split('\t');
  const s = slotSentence(tokenizeText(text)[0].tokens);
  const e = encodeSentence(s, lookup);
  const first = setup.runTagger.tag(e);
  const bilstm = tagger.tag(e, first);
  const diffs = s.forms.map((f, i) => (first.xpos[i] !== bilstm.xpos[i] ? `${f}: ${tagSet.xpos[first.xpos[i]]} → ${tagSet.xpos[bilstm.xpos[i]]}` : '')).filter(Boolean);
  console.log(`${text}\n  ${diffs.join('; ') || '(same)'}`);
  for (const m of marks?.trim().split(/\s+/) ?? []) {
    const [w, tag] = m.split('=');
    const i = s.forms.indexOf(w);
    if (i < 0) continue;
    marked++;
    right.first += tagSet.xpos[first.xpos[i]] === tag ? 1 : 0;
    right.bilstm += tagSet.xpos[bilstm.xpos[i]] === tag ? 1 : 0;
  }
}
if (marked) console.log(`marked words right: perceptron ${right.first}, BiLSTM ${right.bilstm} of ${marked}`);

/**
 * Trains the word vectors the neural parser reads (`parser/pretrainedVectors.ts`): fastText-style skip-gram with
 * subword n-grams (`training/vectors/skipgram.ts`) over edited English (its train and dev documents; never the
 * held-out tenth) and the EWT train sentences, tokenised as the parser tokenises (`tokenizeText`) and normalised as
 * the parser looks words up (`normaliseWord`: lower case, digits → 0). Seeded; the same inputs give the same file.
 *
 *   npx tsx server/research/vectors/trainVectors.ts --out FILE.json [--ewt-train FILE] [--edited DIR] [--dim 100]
 *     [--epochs 5] [--min-count 3] [--buckets 200000] [--seed 1] [--extra-words FILE.conllu …]
 *
 * Writes the JSON layout `training/parser/readPretrained.ts` reads: `{ dimensions, words (most frequent first),
 * vectors: { word: [d0..] } }`. Every word of the corpus gets a vector: words seen at least --min-count times have
 * a row of their own plus their n-grams, rarer ones their n-grams alone (fastText's vector of an unknown word).
 * `--extra-words` appends, after the corpus words, the n-gram vectors of the words of those treebanks the corpus
 * lacks (how a parser that composed vectors at run time would read them; for measuring that on dev).
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../../src/data/treebank';
import { normaliseWord } from '../../src/parser/encoding';
import { tokenizeText } from '../../src/tokenize';
import { DEFAULT_SKIPGRAM, trainSkipgram, wordVector } from '../../src/training/vectors/skipgram';
import { DEFAULT_SUBWORDS, SubwordConfig, subwordBuckets } from '../../src/training/vectors/subwords';
import { defaultEditedDir, readEditedEnglish } from '../editedEnglish';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    'ewt-train': { type: 'string', default: path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-train.conllu') },
    edited: { type: 'string', default: defaultEditedDir() },
    dim: { type: 'string', default: String(DEFAULT_SKIPGRAM.dim) },
    epochs: { type: 'string', default: String(DEFAULT_SKIPGRAM.epochs) },
    window: { type: 'string', default: String(DEFAULT_SKIPGRAM.window) },
    negatives: { type: 'string', default: String(DEFAULT_SKIPGRAM.negatives) },
    lr: { type: 'string', default: String(DEFAULT_SKIPGRAM.lr) },
    subsample: { type: 'string', default: String(DEFAULT_SKIPGRAM.subsample) },
    'min-count': { type: 'string', default: '3' },
    buckets: { type: 'string', default: String(DEFAULT_SUBWORDS.buckets) },
    seed: { type: 'string', default: String(DEFAULT_SKIPGRAM.seed) },
    'corpus-cache': { type: 'string' },
    'extra-words': { type: 'string', multiple: true },
  },
});
if (!values.out) throw new Error('usage: trainVectors.ts --out FILE.json [options]');
const started = Date.now();
const log = (m: string) => console.log(`[${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s] ${m}`);

/** Normalised token sentences of the corpus; cached one sentence a line (tokenising edited English takes a while). */
function corpusSentences(): string[][] {
  const cache = values['corpus-cache'];
  if (cache && fs.existsSync(cache)) return fs.readFileSync(cache, 'utf8').split('\n').filter((l) => l).map((l) => l.split(' '));
  const out: string[][] = [];
  const docs = readEditedEnglish(values.edited!, ['train', 'dev']);
  for (const d of docs) for (const p of d.paragraphs) for (const s of tokenizeText(p)) out.push(s.tokens.map((t) => normaliseWord(t.text)));
  log(`edited English: ${docs.length} documents (train and dev), ${out.length} sentences`);
  const ewt = readTreebank(values['ewt-train']!).trees;
  for (const t of ewt) out.push(t.words.map((w) => normaliseWord(w.form)));
  log(`EWT train: ${ewt.length} sentences`);
  // Tokens never hold a space, but a form may (EWT has a few, such as `500 000`); join them so the cache splits back alike.
  const clean = out.map((s) => s.map((w) => w.replace(/\s+/g, '_')).filter((w) => w));
  if (cache) fs.writeFileSync(cache, clean.map((s) => s.join(' ')).join('\n') + '\n');
  return clean;
}

const sentences = corpusSentences();
const counts = new Map<string, number>();
for (const s of sentences) for (const w of s) counts.set(w, (counts.get(w) ?? 0) + 1);
// Most frequent first, ties by code order, so the layout never depends on Map order.
const types = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
const minCount = Number(values['min-count']);
const vocab = types.filter((w) => counts.get(w)! >= minCount);
const id = new Map(vocab.map((w, i) => [w, i]));
const sub: SubwordConfig = { ...DEFAULT_SUBWORDS, buckets: Number(values.buckets) };
const unitsOf = (w: string, own?: number) => Int32Array.from([...(own === undefined ? [] : [own]), ...subwordBuckets(w, sub).map((b) => vocab.length + b)]);
const units = vocab.map((w, i) => unitsOf(w, i));
const encoded = sentences.map((s) => Int32Array.from(s.filter((w) => id.has(w)).map((w) => id.get(w)!))).filter((s) => s.length > 1);
const tokens = sentences.reduce((a, s) => a + s.length, 0);
log(`${tokens} tokens, ${types.length} types, ${vocab.length} seen ≥ ${minCount} times`);

const model = trainSkipgram(
  { sentences: encoded, counts: vocab.map((w) => counts.get(w)!), units, buckets: sub.buckets },
  {
    dim: Number(values.dim),
    window: Number(values.window),
    negatives: Number(values.negatives),
    epochs: Number(values.epochs),
    lr: Number(values.lr),
    subsample: Number(values.subsample),
    seed: Number(values.seed),
  },
  log,
);

const words = [...types];
const known = new Set(types);
for (const file of values['extra-words'] ?? []) {
  for (const t of readTreebank(file).trees) {
    for (const w of t.words) {
      const n = normaliseWord(w.form).replace(/\s+/g, '_');
      if (!known.has(n)) {
        known.add(n);
        words.push(n);
      }
    }
  }
}
const round = (x: number) => Math.round(x * 1e6) / 1e6;
const vectors: Record<string, number[]> = {};
for (const w of words) {
  const u = unitsOf(w, id.get(w));
  if (u.length) vectors[w] = Array.from(wordVector(model, u), round);
}
const written = words.filter((w) => vectors[w]);
// corpusWords: how many of `words` are the corpus's (the rest are --extra-words), for `centreVectors.ts`.
const corpusWords = written.filter((w) => counts.has(w)).length;
fs.writeFileSync(values.out, JSON.stringify({ dimensions: model.dim, corpusWords, words: written, vectors }));
log(`wrote ${values.out}: ${Object.keys(vectors).length} words × ${model.dim} (${words.length - types.length} extra)`);

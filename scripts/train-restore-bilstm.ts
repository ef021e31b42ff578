/**
 * Trains restoration's BiLSTM punctuation tagger (`server/src/restore/bilstmTagger.ts`; the paper's Figure 4 baseline
 * in its own form):
 *
 *   npx tsx scripts/train-restore-bilstm.ts [--out FILE] [--epochs 4] [--state FILE]
 *   # writes models/en/restore-tagger.json; `npm run train:restore-tagger` is the shipped run (3 epochs)
 *
 * Data as the CRF tagger's (`scripts/train-restore-tagger.ts`): EWT train paragraphs and edited-english train
 * documents (d % 10 ∉ {8, 9}) as dictation gives them (words only, sentence-initial capitals lowered), each word tagged
 * with the main mark written after it; `--lower-every k`: every k-th train run all in lower case (`--lower-dev`: every
 * dev run too, for a tagger of text typed without capitals, whose epoch is chosen on such text). Words seen at least
 * `--min-count` times get a row of their own, the others the unknown row, which the rare words also take at random
 * while training (word dropout, α / (α + count)) so that the row learns what an unseen word looks like.
 *
 * Adam (lr `--lr`, decayed by `--decay` an epoch) over batches of `--batch` runs, lazy on the embedding rows; input and
 * gap dropout; gradient clipped at norm 5. After every epoch: dev (EWT dev + edited-english dev) NLL per word and mark
 * F1s; the file written is the epoch of the lowest dev NLL. `--state FILE` keeps θ, Adam's state and the epoch after
 * every epoch, and a rerun of the same command continues from it (the shuffles are seeded by epoch).
 *
 * `--written`: the linter's tagger instead, which reads the marks the writer wrote (`--mark` wide): edited-english
 * train sentences as written, read by the engine's tokeniser, each word labelled with the editor's mark, the input's commas corrupted afresh every
 * epoch (each left out with P `--drop-comma`, one added after a bare word with P `--add-comma`); dev is edited-english
 * dev corrupted once (seed 3). Its dev F1s are of the editor's marks given the corrupted ones.
 *
 * `--join-edited` (with `--join-paragraphs K`): as many runs of edited-english train documents' paragraphs joined the
 * same way, drawn at random (seeded).
 *
 * `--join-paragraphs K`: EWT train's consecutive paragraphs of one document are also runs of up to K paragraphs
 * (`joinedParagraphRuns`: a junction inside a run always carries the writer's mark), so that the tagger sees a greeting
 * or a sign-off inside one dictated run.
 *
 * `--written --leave-fold k`: trained only on the edited-english train documents outside the learned scorer's fold k
 * (`server/research/scorer/crossFit.ts gapFoldOf`), so that the scorer's examples from fold k read a tagger that never
 * saw their document, as the linter's tagger never saw the user's (`fit.ts --neural-gap-folds`).
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { seededRng, shuffled } from '../server/src/random/seededRng';
import { hashString } from '../server/src/parser/hash';
import { HashIndex } from '../server/src/parser/hashIndex';
import { normaliseWord } from '../server/src/parser/encoding';
import { CLUSTERS_FILE, readClusters } from '../server/src/parser/wordClusters';
import { BILSTM_MARK_COUNT, BiLstmDims, bilstmLayout, bilstmTaggerJson, BiLstmSizes, encodeRun, ID_STRIDE, SHAPE_CLASSES } from '../server/src/restore/bilstmTagger';
import { markOfSlot, MARKS, writtenMarkClass } from '../server/src/restore/punctTagger';
import { Adam, adamState, adamStep, runLossAndGradient, TrainedTagger } from '../server/src/training/restore/bilstmTaggerTrain';
import { dictated, editedParagraphs, ewtDocumentParagraphs, ewtParagraphs, joinedParagraphRuns, slotMarks } from '../test/restore/corpus';
import { tokenizeText } from '../server/src/tokenize';
import { slotSentence } from '../server/src/parser/sentenceBuilder';
import { readEditedEnglish } from '../server/research/editedEnglish';
import { gapFoldOf } from '../server/research/scorer/crossFit';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: path.resolve(__dirname, '..', 'models', 'en', 'restore-tagger.json') },
    state: { type: 'string' },
    epochs: { type: 'string', default: '4' },
    lr: { type: 'string', default: '0.002' },
    decay: { type: 'string', default: '0.8' },
    batch: { type: 'string', default: '16' },
    'min-count': { type: 'string', default: '3' },
    'lower-every': { type: 'string', default: '0' },
    'lower-dev': { type: 'boolean', default: false },
    word: { type: 'string', default: '32' },
    lstm: { type: 'string', default: '64' },
    hidden: { type: 'string', default: '64' },
    'input-dropout': { type: 'string', default: '0.2' },
    'gap-dropout': { type: 'string', default: '0.3' },
    'max-run': { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    'limit-train': { type: 'string' },
    'dev-limit': { type: 'string' },
    written: { type: 'boolean', default: false },
    mark: { type: 'string', default: '8' },
    'drop-comma': { type: 'string', default: '0.25' },
    'add-comma': { type: 'string', default: '0.03' },
    'leave-fold': { type: 'string' },
    'join-paragraphs': { type: 'string', default: '1' },
    'join-edited': { type: 'boolean', default: false },
  },
});
const num = (k: keyof typeof values) => Number(values[k]);
const MODEL_DIR = path.resolve(__dirname, '..', 'models', 'en');

interface Run {
  words: string[];
  marks: Uint8Array;
  /** With --written: the class of the marks written after each word as the editor wrote them (WRITTEN_MARK_CLASSES). */
  written?: Uint8Array;
}

/**
 * Edited paragraphs as written, cut into sentences and words by the engine's own tokeniser (`tokenizeText`,
 * `slotSentence`), so that the words and marks are those the linter reads. Each word's label is the editor's mark
 * after it; what the tagger reads is that mark after `corrupt`.
 */
function writtenRuns(paragraphs: readonly string[]): Run[] {
  const out: Run[] = [];
  for (const p of paragraphs) {
    for (const t of tokenizeText(p)) {
      const { forms, slots } = slotSentence(t.tokens);
      if (forms.length === 0) continue;
      const after = slots.slice(1);
      out.push({ words: forms, marks: Uint8Array.from(after, markOfSlot), written: Uint8Array.from(after, writtenMarkClass) });
    }
  }
  return out;
}

/** The editor's marks with writers' comma errors: a comma left out (--drop-comma) or added where none is (--add-comma). */
function corrupt(written: Uint8Array, random: () => number): Uint8Array {
  const out = Uint8Array.from(written);
  for (let t = 0; t + 1 < out.length; t++) {
    if (out[t] === 1 && random() < num('drop-comma')) out[t] = 0;
    else if (out[t] === 0 && random() < num('add-comma')) out[t] = 1;
  }
  return out;
}

/** Paragraphs as dictation gives them, each cut into runs of at most `--max-run` words. */
function runs(paragraphs: readonly string[][], lowerEvery: number): Run[] {
  const out: Run[] = [];
  const max = num('max-run');
  for (const [k, p] of paragraphs.entries()) {
    const input = dictated(p);
    if (!input) continue;
    const words = lowerEvery > 0 && k % lowerEvery === 0 ? input.toLowerCase().split(' ') : input.split(' ');
    const gold = slotMarks(p.join(' '));
    if (gold.length !== words.length + 1) continue;
    const marks = Uint8Array.from(words, (_, i) => markOfSlot(gold[i + 1]));
    for (let s = 0; s < words.length; s += max) out.push({ words: words.slice(s, s + max), marks: marks.slice(s, s + max) });
  }
  return out;
}

function main(): void {
  const t0 = Date.now();
  const clock = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
  const editedDocs = (part: 'train' | 'dev') => editedParagraphs(part).map((p) => [p.text]);
  const written = values.written;
  const leaveFold = values['leave-fold'] === undefined ? undefined : Number(values['leave-fold']);
  if (leaveFold !== undefined && !written) throw new Error('--leave-fold is for the linter\'s tagger (--written)');
  const writtenTrain = (): string[] =>
    leaveFold === undefined
      ? editedParagraphs('train').map((p) => p.text)
      : readEditedEnglish(undefined, ['train']).filter((d) => gapFoldOf(d.index) !== leaveFold).flatMap((d) => d.paragraphs);
  // --join-paragraphs K: EWT's consecutive paragraphs of one document also as runs of up to K, as dictation past a
  // paragraph's end gives them (greetings, sign-offs: `joinedParagraphRuns`); dev stays one run a paragraph.
  const joined = num('join-paragraphs') > 1 ? joinedParagraphRuns(ewtDocumentParagraphs('train'), num('join-paragraphs')) : [];
  // --join-edited: as many runs of edited-english train documents' consecutive paragraphs (a seeded draw), so that runs
  // past a paragraph's end are not all web writers' (EWT's alone cost edited dev 0.002 AED against a same-code control).
  if (values['join-edited'] && num('join-paragraphs') > 1) {
    const edited = joinedParagraphRuns(readEditedEnglish(undefined, ['train']).map((d) => d.paragraphs.map((p) => [p])), num('join-paragraphs'));
    joined.push(...shuffled(seededRng(7), edited).slice(0, joined.length));
  }
  let train = written ? writtenRuns(writtenTrain()) : runs([...ewtParagraphs('train'), ...joined, ...editedDocs('train')], num('lower-every'));
  if (values['limit-train']) train = train.slice(0, num('limit-train'));
  let dev = written ? writtenRuns(editedParagraphs('dev').map((p) => p.text)) : runs([...ewtParagraphs('dev'), ...editedDocs('dev')], values['lower-dev'] ? 1 : 0);
  if (values['dev-limit']) dev = shuffled(seededRng(5), dev).slice(0, num('dev-limit'));
  const count = (d: Run[]) => d.reduce((a, r) => a + r.words.length, 0);
  console.log(`train ${train.length} runs, ${count(train)} words; dev ${dev.length} runs, ${count(dev)} words (${clock()})`);

  // The vocabulary: normalised words seen at least --min-count times, most frequent first.
  const freq = new Map<string, number>();
  for (const r of train)
    for (const w of r.words) {
      const norm = normaliseWord(w);
      freq.set(norm, (freq.get(norm) ?? 0) + 1);
    }
  const vocab = [...freq].filter(([, c]) => c >= num('min-count')).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const words = Int32Array.from(vocab, ([w]) => hashString(w));
  const countOfRow = Float64Array.from([0, ...vocab.map(([, c]) => c)]);
  const clusters = readClusters(path.join(MODEL_DIR, CLUSTERS_FILE));
  const dims: BiLstmDims = { word: num('word'), cluster: 8, suffix: 8, shape: 4, lstm: num('lstm'), hidden: num('hidden'), ...(written ? { mark: num('mark') } : {}) };
  const sizes: BiLstmSizes = { words: words.length + 1, clusters: 256, suffixes: 4096, shapes: SHAPE_CLASSES };
  const layout = bilstmLayout(dims, sizes);
  console.log(`vocabulary ${words.length} words (min count ${values['min-count']}); θ ${layout.size} entries, input width ${layout.D}`);

  const rng = seededRng(num('seed'));
  const theta = new Float64Array(layout.size);
  // Glorot-like uniform for the matrices, small for the embeddings; the forget gates' bias 1.
  const fill = (from: number, to: number, scale: number) => {
    for (let i = from; i < to; i++) theta[i] = (rng() * 2 - 1) * scale;
  };
  fill(0, layout.wx[0], 0.1);
  const H = dims.lstm, G = 4 * H;
  for (const dir of [0, 1]) {
    fill(layout.wx[dir], layout.wx[dir] + G * layout.D, Math.sqrt(6 / (G + layout.D)));
    fill(layout.wh[dir], layout.wh[dir] + G * H, Math.sqrt(6 / (G + H)));
    for (let k = 0; k < H; k++) theta[layout.b[dir] + H + k] = 1;
  }
  fill(layout.w1, layout.w1 + dims.hidden * 3 * H, Math.sqrt(6 / (dims.hidden + 3 * H)));
  fill(layout.w2, layout.w2 + BILSTM_MARK_COUNT * dims.hidden, Math.sqrt(6 / (BILSTM_MARK_COUNT + dims.hidden)));
  const m: TrainedTagger = { kind: 'bilstm', version: `bilstm-${new Date().toISOString().slice(0, 10)}`, dims, sizes, layout, words, wordIndex: new HashIndex(words), theta, clusters };

  let adam: Adam = adamState(layout.size);
  let firstEpoch = 1;
  let best = { epoch: 0, nll: Infinity };
  if (values.state && fs.existsSync(values.state)) {
    const s = JSON.parse(fs.readFileSync(values.state, 'utf8')) as { epoch: number; best: typeof best; file: string };
    const raw = fs.readFileSync(s.file);
    const f64 = new Float64Array(raw.buffer, raw.byteOffset, raw.length / 8);
    theta.set(f64.subarray(0, layout.size));
    adam = { m: f64.slice(layout.size, 2 * layout.size), v: f64.slice(2 * layout.size, 3 * layout.size), steps: Int32Array.from(f64.subarray(3 * layout.size, 4 * layout.size)) };
    firstEpoch = s.epoch + 1;
    best = s.best;
    console.log(`resumed after epoch ${s.epoch} (best so far: epoch ${best.epoch}, dev NLL ${best.nll.toFixed(4)})`);
  }

  const devRng = seededRng(3);
  const encodedDev = dev.map((r) => ({ ids: encodeRun(m, r.words, r.written && corrupt(r.written, devRng)), marks: r.marks }));
  const evaluate = (): string => {
    let nll = 0, n = 0;
    const tp = new Array<number>(BILSTM_MARK_COUNT).fill(0), pred = [...tp], gold = [...tp];
    for (const r of encodedDev) {
      const p = new Float64Array(r.marks.length * BILSTM_MARK_COUNT);
      nll += runLossAndGradient(m, r.ids, r.marks, undefined, undefined, undefined, p);
      n += r.marks.length;
      for (let t = 0; t < r.marks.length; t++) {
        let y = 0;
        for (let k = 1; k < BILSTM_MARK_COUNT; k++) if (p[t * BILSTM_MARK_COUNT + k] > p[t * BILSTM_MARK_COUNT + y]) y = k;
        pred[y]++;
        gold[r.marks[t]]++;
        if (y === r.marks[t]) tp[y]++;
      }
    }
    lastNll = nll / n;
    const f1s = [1, 2, 3, 5].map((y) => `${MARKS[y]} F1 ${((2 * tp[y]) / Math.max(1, pred[y] + gold[y])).toFixed(3)}`).join(', ');
    return `dev NLL/word ${lastNll.toFixed(4)}; ${f1s}`;
  };
  let lastNll = Infinity;

  const grad = new Float64Array(layout.size);
  const denseFrom = layout.wx[0];
  const batch = num('batch');
  const dropout = { input: num('input-dropout'), gap: num('gap-dropout'), random: rng };
  const alpha = 1;
  for (let epoch = firstEpoch; epoch <= num('epochs'); epoch++) {
    const lr = num('lr') * Math.pow(num('decay'), epoch - 1);
    const order = shuffled(seededRng(1000 + epoch), train);
    const epochRng = seededRng(2000 + epoch);
    dropout.random = epochRng;
    let loss = 0, seen = 0;
    const touched = new Map<number, number>();
    let inBatch = 0, wordsInBatch = 0;
    const step = () => {
      const scale = 1 / Math.max(1, wordsInBatch);
      // Clip the batch's gradient (mean per word) at norm 5.
      let sq = 0;
      for (let i = denseFrom; i < layout.size; i++) sq += grad[i] * grad[i];
      for (const [r, w] of touched) for (let j = 0; j < w; j++) sq += grad[r + j] * grad[r + j];
      const norm = Math.sqrt(sq) * scale;
      const s = norm > 5 ? (scale * 5) / norm : scale;
      adamStep(theta, grad, adam, denseFrom, layout.size, lr, s);
      for (const [r, w] of touched) adamStep(theta, grad, adam, r, r + w, lr, s);
      touched.clear();
      inBatch = 0;
      wordsInBatch = 0;
    };
    for (const [k, r] of order.entries()) {
      const ids = encodeRun(m, r.words, r.written && corrupt(r.written, epochRng));
      // Word dropout: a rare word read as unknown now and then.
      for (let t = 0; t < r.words.length; t++) {
        const row = ids[t * ID_STRIDE];
        if (row > 0 && epochRng() < alpha / (alpha + countOfRow[row])) ids[t * ID_STRIDE] = 0;
      }
      loss += runLossAndGradient(m, ids, r.marks, grad, dropout, touched);
      seen += r.words.length;
      inBatch++;
      wordsInBatch += r.words.length;
      if (inBatch === batch) step();
      if ((k + 1) % 5000 === 0) console.log(`epoch ${epoch}: ${k + 1} runs, train NLL/word ${(loss / seen).toFixed(4)} (${clock()})`);
    }
    if (inBatch > 0) step();
    console.log(`epoch ${epoch} done: train NLL/word ${(loss / seen).toFixed(4)}; ${evaluate()} (${clock()})`);
    if (lastNll < best.nll) {
      best = { epoch, nll: lastNll };
      fs.writeFileSync(values.out!, JSON.stringify(bilstmTaggerJson(m)) + '\n');
      console.log(`wrote ${values.out} (epoch ${epoch})`);
    }
    if (values.state) {
      const file = values.state + '.bin';
      const all = new Float64Array(4 * layout.size);
      all.set(theta, 0);
      all.set(adam.m, layout.size);
      all.set(adam.v, 2 * layout.size);
      all.set(adam.steps, 3 * layout.size);
      fs.writeFileSync(file, Buffer.from(all.buffer));
      fs.writeFileSync(values.state, JSON.stringify({ epoch, best, file }) + '\n');
    }
  }
  console.log(`best epoch ${best.epoch}: dev NLL/word ${best.nll.toFixed(4)} (${clock()})`);
}

main();

/**
 * Trains restoration's comma model (`server/src/restore/commaModel.ts`), the second pass that decides commas over the
 * parse of each restored sentence:
 *
 *   npx tsx scripts/train-restore-commas.ts [--ewt] [--register-threshold | --register] [--train N] [--spreads K]
 *       [--features 2|3|4|5] [--bits B] [--aed-threshold | --threshold T] [--out FILE]   # writes models/en/restore-commas.json
 *
 * (`npm run train:restore-commas` gives the shipped options.) --ewt: EWT train joins the training examples and EWT
 * dev the dev ones. --register-threshold: a register model (P(web text) of a paragraph, `restore/register.ts`) is
 * trained on the train paragraphs and shipped in the file, with a web threshold (the one of fewest comma errors on
 * all dev slots, the edited threshold kept): a paragraph's comma threshold lies between the two by its P(web).
 * --register: the comma model's features and stack read the register too. --spreads K: K spreads of N edited train
 * paragraphs (each cached apart). --features 3: the clause features, 4: the series and sentence-opening features, 5: those and a wider
 * window (`writeCommaFeatures`). --aed-threshold: the threshold of fewest comma errors instead of the F1 rule below;
 * --threshold T: T (the web threshold is still chosen on the dev slots).
 *
 * Data: edited-english train documents (d % 10 ∉ {8, 9}; N paragraphs spread over them, default 6000) and dev
 * (d % 10 == 8) as dictation gives them (`dictated` in test/restore/corpus.ts). Each paragraph is tagged as one run by
 * the bundled punctuation tagger, cut at its real sentence ends, each sentence parsed as restoration parses it and
 * sampled by the punctuation model (SAMPLES = 30, seed 1; restoration draws DEFAULT_SAMPLES = 15, which restored as
 * well); every free slot inside a sentence
 * is an example, labelled by whether the text has a comma there. The parsed examples are cached under
 * /work/cache/restore-commas/ (PUNCTEME_CACHE=DIR elsewhere; delete it after retraining the parser, the tagger or
 * the model). A logistic model over the hashed features (AdaGrad, EPOCHS, default 6; the epoch with the lowest dev
 * log loss is kept); the threshold is the one of highest comma F1 on dev among those that make no more comma errors
 * (wrong plus missed, their share of AED) than the previous rule. Reports, on the dev slots, the comma F1 of
 * the restorer's previous rule (the tagger's and the model's P mixed) beside the model's.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { loadParser, ParsedSentence } from '../server/src/parser';
import { loadPunctModel, defaultModelDir } from '../server/src/model';
import { slotSentence } from '../server/src/parser/sentenceBuilder';
import { tokenizeText } from '../server/src/tokenize';
import { runParse, RunParse } from '../server/src/restore/boundaries';
import { COMMA_MODEL_FILE, commaFeatureHashes, commaThreshold, CommaModelJson, commaProbOfHashes, CommaStack, logit, stackedProb, yields } from '../server/src/restore/commaModel';
import { sentenceGaps } from '../server/src/restore/gaps';
import { COMMA, denseWeightText, loadPunctTagger, MARK_COUNT, tagRunByWords } from '../server/src/restore/punctTagger';
import { COMMA_EVIDENCE } from '../server/src/restore/restorer';
import { registerProb, RegisterModel } from '../server/src/restore/register';
import { paragraphOfSentences, RegisterExample, trainRegister } from '../server/src/training/restore/register';
import { dictated, editedParagraphs, ewtParagraphs, slotMarks, spread } from '../test/restore/corpus';

const { values } = parseArgs({
  options: {
    ewt: { type: 'boolean', default: false },
    register: { type: 'boolean', default: false },
    'register-threshold': { type: 'boolean', default: false },
    train: { type: 'string', default: '6000' },
    spreads: { type: 'string', default: '1' },
    out: { type: 'string' },
    bits: { type: 'string', default: '20' },
    features: { type: 'string', default: '2' },
    'aed-threshold': { type: 'boolean', default: false },
    threshold: { type: 'string' },
  },
});
const EPOCHS = Number(process.env.EPOCHS ?? 6);
const BITS = Number(values.bits);
/** The comma model's feature set (`writeCommaFeatures`): 2, or 3 with the clause features. */
const FEATURE_SET = Number(values.features);
const CACHE = process.env.PUNCTEME_CACHE ?? '/work/cache/restore-commas';
/** The punctuation model's samples per sentence behind each example's comma share (the bundled model's were 30). */
const SAMPLES = 30;

/** A parsed sentence's comma examples: per slot 1 … n−1, the label (1 comma, 0 none, −1 not free) and the evidence. */
interface SentenceExamples {
  forms: string[];
  parse: RunParse;
  label: number[];
  tagger: number[];
  model: number[];
}

/** The paragraphs of a part (each its sentences' texts; an edited-english paragraph is one text). */
function paragraphsOf(part: Part): string[][] {
  if (part === 'ewt-train' || part === 'ewt-dev') return ewtParagraphs(part === 'ewt-train' ? 'train' : 'dev');
  return editedParagraphs(part).map((p) => [p.text]);
}

type Part = 'train' | 'dev' | 'ewt-train' | 'ewt-dev';

function build(part: Part, count: number, offset = 0): SentenceExamples[] {
  const file = path.join(CACHE, `${part}-${count}${offset ? `-o${offset}` : ''}.jsonl`);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as SentenceExamples);
  fs.mkdirSync(CACHE, { recursive: true });
  const parser = loadParser();
  const model = loadPunctModel();
  const tagger = loadPunctTagger(defaultModelDir());
  if (!tagger) throw new Error('no punctuation tagger');
  const out: SentenceExamples[] = [];
  const t0 = Date.now();
  const paragraphs = spread(paragraphsOf(part), count, offset);
  const lines: string[] = [];
  paragraphs.forEach((p, k) => {
    const input = dictated(p);
    if (!input) return;
    const words = input.split(' ');
    const gold = slotMarks(p.join(' '));
    if (gold.length !== words.length + 1) return;
    // Offsets of the whitespace words in `input`.
    const starts: number[] = [];
    let at = 0;
    for (const w of words) ((starts.push(at), (at += w.length + 1)));
    const wordEndingAt = new Map(words.map((w, j) => [starts[j] + w.length, j]));
    // The tagger's P(comma) after each word, tagged as restoration tags a run.
    const pComma = new Map<number, number>();
    for (const t of tokenizeText(input)) {
      const slotted = slotSentence(t.tokens);
      if (slotted.wordTokens.length === 0) continue;
      const { marginals } = tagRunByWords(tagger, slotted.wordTokens.map((j) => t.tokens[j]), input, false);
      slotted.wordTokens.forEach((j, i) => pComma.set(t.tokens[j].start, marginals[i * MARK_COUNT + COMMA]));
    }
    // The real sentences: cut after each word whose slot has a sentence end.
    let from = 0;
    for (let j = 0; j < words.length; j++) {
      const ends = gold[j + 1].some((m) => m === '.' || m === '?' || m === '!' || m === '...');
      if (!ends && j < words.length - 1) continue;
      const a = starts[from];
      const b = starts[j] + words[j].length;
      from = j + 1;
      for (const parsed of parser.parseText(input.slice(a, b))) {
        if (parsed.wordTokens.length < 2) continue;
        const s: ParsedSentence = { ...parsed, tokens: parsed.tokens.map((t) => ({ ...t, start: t.start + a, end: t.end + a })) };
        const gaps = sentenceGaps(input, s, []);
        const { support } = model.restoreWithSupport(s.tree, { samples: SAMPLES });
        const n = s.wordTokens.length;
        const ex: SentenceExamples = { forms: s.tree.words.map((w) => w.form), parse: runParse(s.tree.words), label: [], tagger: [], model: [] };
        for (let i = 1; i < n; i++) {
          const end = s.tokens[s.wordTokens[i - 1]].end;
          const wj = wordEndingAt.get(end);
          const pt = pComma.get(s.tokens[s.wordTokens[i - 1]].start);
          const free = gaps[i].free && wj !== undefined && pt !== undefined;
          ex.label.push(free ? (gold[wj + 1].includes(',') ? 1 : 0) : -1);
          ex.tagger.push(pt ?? 0);
          ex.model.push(support[i].get(',') ?? 0);
        }
        out.push(ex);
        lines.push(JSON.stringify(ex));
      }
    }
    if (k % 500 === 499) console.log(`${part}: ${k + 1} of ${paragraphs.length} paragraphs, ${out.length} sentences (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  });
  fs.writeFileSync(file, lines.join('\n') + '\n');
  console.log(`${part}: ${out.length} sentences cached in ${file} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  return out;
}

interface Example {
  hashes: Int32Array;
  y: number;
  tagger: number;
  model: number;
  /** P(web) as the model reads it (features and stack). */
  register?: number;
  /** P(web) of the paragraph, for its threshold (known with --register or --register-threshold). */
  paragraphRegister?: number;
}

/**
 * `register`: P(web) of each sentence's paragraph (absent: none is known); `asFeature`: the model reads it among its
 * features and in its stack (else only the threshold does).
 */
function examples(data: readonly SentenceExamples[], register?: readonly number[], asFeature = true): Example[] {
  const out: Example[] = [];
  const buf: number[] = [];
  for (const [j, s] of data.entries()) {
    const spans = yields(s.parse.head, s.parse.deprel);
    s.label.forEach((y, k) => {
      if (y < 0) return;
      const ev = { tagger: s.tagger[k], model: s.model[k], register: asFeature ? register?.[j] : undefined };
      out.push({ hashes: Int32Array.from(commaFeatureHashes(s.forms, s.parse, spans, k + 1, ev, buf, FEATURE_SET)), y, ...ev, paragraphRegister: register?.[j] });
    });
  }
  return out;
}

function logLoss(w: Float32Array, data: readonly Example[]): number {
  let l = 0;
  for (const e of data) {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, commaProbOfHashes({ bits: BITS, weights: w }, Array.from(e.hashes))));
    l -= e.y ? Math.log(p) : Math.log(1 - p);
  }
  return l / data.length;
}

/** Comma F1 of a decision over examples, and its errors (commas wrongly written plus commas missed: its share of AED). */
function f1(data: readonly Example[], decide: (e: Example) => boolean): { f1: number; p: number; r: number; errors: number } {
  let tp = 0, pred = 0, gold = 0;
  for (const e of data) {
    const d = decide(e);
    if (d) pred++;
    if (e.y) gold++;
    if (d && e.y) tp++;
  }
  const p = tp / Math.max(1, pred), r = tp / Math.max(1, gold);
  return { f1: p + r ? (2 * p * r) / (p + r) : 0, p, r, errors: pred + gold - 2 * tp };
}

/**
 * The stack's four weights by Newton's method on the dev slots' log loss (a logistic regression on logit P_syntax,
 * logit P_tagger, the model's share and a bias; a little L2 keeps the Hessian invertible).
 */
function fitStack(dev: readonly Example[], pSyntax: readonly number[]): CommaStack {
  // With the register, logit P(web) is a fifth input.
  const withRegister = dev.every((e) => e.register !== undefined);
  const x = dev.map((e, k) => [logit(pSyntax[k]), logit(e.tagger), e.model, 1, ...(withRegister ? [logit(e.register!)] : [])]);
  const d = x[0]?.length ?? 4;
  let w: number[] = Array.from({ length: d }, (_, a) => (a === 0 ? 1 : 0));
  for (let iter = 0; iter < 25; iter++) {
    const g = new Array<number>(d).fill(0);
    const H = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    x.forEach((xi, k) => {
      const p = 1 / (1 + Math.exp(-xi.reduce((a, v, j) => a + v * w[j], 0)));
      const r = p - dev[k].y;
      for (let a = 0; a < d; a++) {
        g[a] += r * xi[a];
        for (let b = 0; b < d; b++) H[a][b] += p * (1 - p) * xi[a] * xi[b];
      }
    });
    for (let a = 0; a < d; a++) ((g[a] += 1e-3 * w[a]), (H[a][a] += 1e-3));
    const step = solve(H, g);
    w = w.map((v, a) => v - step[a]);
  }
  return { syntax: w[0], tagger: w[1], model: w[2], bias: w[3], ...(withRegister ? { register: w[4] } : {}) };
}

/** x with A x = b (Gaussian elimination with partial pivoting; A small and symmetric positive definite). */
function solve(A: readonly number[][], b: readonly number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    const p = M.slice(c).reduce((best, row, k) => (Math.abs(row[c]) > Math.abs(M[best][c]) ? c + k : best), c);
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = c + 1; r < n; r++) {
      const f = M[r][c] / M[c][c];
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  const out = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) out[r] = (M[r][n] - sumAfter(M[r], out, r)) / M[r][r];
  return out;
}

function sumAfter(row: readonly number[], out: readonly number[], r: number): number {
  let s = 0;
  for (let k = r + 1; k < out.length; k++) s += row[k] * out[k];
  return s;
}

/** The dictated paragraphs of a part that `build` read (in its order), each its words space-separated. */
function dictatedParagraphs(part: Part, count: number, offset = 0): string[] {
  return spread(paragraphsOf(part), count, offset)
    .map((p) => ({ input: dictated(p), gold: slotMarks(p.join(' ')) }))
    .filter(({ input, gold }) => input && gold.length === input.split(' ').length + 1)
    .map(({ input }) => input);
}

/**
 * P(web) of each cached sentence's paragraph, for the parts in order. Train paragraphs get the register model of the
 * other half of the train paragraphs (cross-fitted: a model scored on its own training paragraphs is surer than it
 * will be at run time); dev paragraphs the model of all of them, which is the one shipped.
 */
function registers(parts: ReadonlyArray<{ part: Part; count: number; offset?: number; sentences: SentenceExamples[] }>, full: RegisterModel, halves: [RegisterModel, RegisterModel]): number[] {
  const out: number[] = [];
  for (const { part, count, offset, sentences } of parts) {
    const paragraphs = dictatedParagraphs(part, count, offset);
    const of = paragraphOfSentences(paragraphs, sentences.map((s) => s.forms));
    const p = paragraphs.map((text, k) => registerProb(part.endsWith('dev') ? full : halves[1 - (k % 2)], text.split(' ')));
    const missing = of.filter((k) => k < 0).length;
    console.log(`register, ${part}: ${sentences.length} sentences in ${paragraphs.length} paragraphs (${missing} not found: P(web) 0.5); mean P(web) ${(p.reduce((a, b) => a + b, 0) / Math.max(1, p.length)).toFixed(3)}`);
    for (const k of of) out.push(k < 0 ? 0.5 : p[k]);
  }
  return out;
}

/** The register model of all train paragraphs and of each half (by index parity in each part), and its dev accuracy. */
function registerModels(): { full: RegisterModel; halves: [RegisterModel, RegisterModel] } {
  const of = (part: Part, count: number, web: boolean): RegisterExample[] => dictatedParagraphs(part, count).map((t) => ({ words: t.split(' '), web }));
  const train = [...of('train', Number(values.train), false), ...of('ewt-train', 100000, true)];
  const full = trainRegister(train);
  const half = (r: number) => trainRegister(train.filter((_, k) => k % 2 === r));
  const dev = [...of('dev', 100000, false), ...of('ewt-dev', 100000, true)];
  for (const web of [false, true]) {
    const d = dev.filter((e) => e.web === web);
    const right = d.filter((e) => registerProb(full, e.words) >= 0.5 === web).length;
    console.log(`register model, ${web ? 'EWT' : 'edited'} dev paragraphs: ${right} of ${d.length} right`);
  }
  return { full, halves: [half(0), half(1)] };
}

function main(): void {
  const t0 = Date.now();
  // With --ewt, EWT train joins the training examples and EWT dev the stack's (web text has fewer commas).
  // --spreads K: K spreads of N edited train paragraphs each (offsets 0 … K − 1), each cached apart.
  const edited = Array.from({ length: Number(values.spreads) }, (_, offset) => ({ part: 'train' as Part, count: Number(values.train), offset }));
  const trainParts = [...edited, ...(values.ewt ? [{ part: 'ewt-train' as Part, count: 100000, offset: 0 }] : [])].map((p) => ({ ...p, sentences: build(p.part, p.count, p.offset) }));
  const devParts = [{ part: 'dev' as Part, count: 100000 }, ...(values.ewt ? [{ part: 'ewt-dev' as Part, count: 100000 }] : [])].map((p) => ({ ...p, sentences: build(p.part, p.count) }));
  // With --register, each example reads P(web) of its paragraph (register.ts).
  // With --register-threshold, only the comma threshold reads it (the model's features and stack do not).
  const reg = values.register || values['register-threshold'] ? registerModels() : undefined;
  const asFeature = values.register;
  const train = examples(trainParts.flatMap((p) => p.sentences), asFeature ? reg && registers(trainParts, reg.full, reg.halves) : undefined, asFeature);
  const devRegister = reg && registers(devParts, reg.full, reg.halves);
  let at = 0;
  // Each dev part's examples apart (edited dev, EWT dev), for the threshold's errors on each.
  const devOfPart = devParts.map((p) => {
    const r = devRegister?.slice(at, (at += p.sentences.length));
    return { part: p.part, examples: examples(p.sentences, r, asFeature) };
  });
  const dev = devOfPart.flatMap((p) => p.examples);
  console.log(`examples: train ${train.length} (${train.filter((e) => e.y).length} commas), dev ${dev.length} (${dev.filter((e) => e.y).length} commas)`);
  const mask = (1 << BITS) - 1;
  const w = new Float32Array(1 << BITS);
  const g2 = new Float32Array(1 << BITS).fill(1e-2);
  const rate = Number(process.env.RATE ?? 0.1);
  let best = { epoch: 0, loss: Infinity, w: new Float32Array(0) };
  const order = train.map((_, i) => i);
  let seed = 1;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  for (let epoch = 1; epoch <= EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const k of order) {
      const e = train[k];
      let z = 0;
      for (const h of e.hashes) z += w[(h >>> 0) & mask];
      const g = 1 / (1 + Math.exp(-z)) - e.y;
      for (const h of e.hashes) {
        const j = (h >>> 0) & mask;
        g2[j] += g * g;
        w[j] -= (rate * g) / Math.sqrt(g2[j]);
      }
    }
    const loss = logLoss(w, dev);
    console.log(`epoch ${epoch}: train log loss ${logLoss(w, train.slice(0, 50000)).toFixed(4)}, dev ${loss.toFixed(4)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    if (loss < best.loss) best = { epoch, loss, w: Float32Array.from(w) };
  }
  const m = { bits: BITS, weights: best.w };
  const pSyntax = dev.map((e) => commaProbOfHashes(m, Array.from(e.hashes)));
  const stack = fitStack(dev, pSyntax);
  console.log(`stack fitted on dev: ${JSON.stringify(stack)}`);
  const pDev = dev.map((e, k) => stackedProb(stack, pSyntax[k], e));
  const mix = (e: Example) => COMMA_EVIDENCE.weight * e.tagger + (1 - COMMA_EVIDENCE.weight) * e.model;
  const rule = f1(dev, (e) => mix(e) >= COMMA_EVIDENCE.threshold);
  // On train the tagger has seen the text: how much surer it is there is what the bins of its P may over-trust.
  const ruleTrain = f1(train, (e) => mix(e) >= COMMA_EVIDENCE.threshold);
  console.log(`train slots, the previous rule: comma F1 ${ruleTrain.f1.toFixed(3)} (P ${ruleTrain.p.toFixed(3)}, R ${ruleTrain.r.toFixed(3)})`);
  console.log(`dev slots, the previous rule (tagger ${COMMA_EVIDENCE.weight} + model, ≥ ${COMMA_EVIDENCE.threshold}): comma F1 ${rule.f1.toFixed(3)} (P ${rule.p.toFixed(3)}, R ${rule.r.toFixed(3)}), errors ${rule.errors}`);
  let chosen = { t: 0.5, f1: 0 };
  const idx = new Map(dev.map((e, k) => [e, k]));
  for (const t of [0.2, 0.3, 0.4]) {
    const r = f1(dev, (e) => pSyntax[idx.get(e)!] >= t);
    console.log(`dev slots, the syntactic model alone ≥ ${t}: comma F1 ${r.f1.toFixed(3)} (P ${r.p.toFixed(3)}, R ${r.r.toFixed(3)})`);
  }
  let fewest = { t: 0.5, errors: Infinity };
  for (const t of [0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]) {
    const r = f1(dev, (e) => pDev[idx.get(e)!] >= t);
    const parts = devOfPart.map((p) => {
      const q = f1(p.examples, (e) => pDev[idx.get(e)!] >= t);
      return `${p.part} F1 ${q.f1.toFixed(3)} errors ${q.errors}`;
    });
    console.log(`dev slots, stacked comma model ≥ ${t}: comma F1 ${r.f1.toFixed(3)} (P ${r.p.toFixed(3)}, R ${r.r.toFixed(3)}), errors ${r.errors}; ${parts.join('; ')}`);
    // The highest F1 of the thresholds that make no more comma errors than the previous rule (AED must not rise).
    if (r.f1 > chosen.f1 && r.errors <= rule.errors) chosen = { t, f1: r.f1 };
    if (r.errors < fewest.errors) fewest = { t, errors: r.errors };
  }
  // --aed-threshold: the threshold of fewest comma errors on the dev slots (AED's share) instead.
  if (values['aed-threshold']) chosen = { t: fewest.t, f1: 0 };
  // --threshold T: a threshold chosen from raw words on the dev sets (`bench-restore.ts --comma-models
  // --comma-thresholds`), where the F1 rule's can add edits that the slots at gold cuts do not show.
  if (values.threshold !== undefined) chosen = { t: Number(values.threshold), f1: 0 };
  // With the register: the web threshold of fewest comma errors on all dev slots, the edited one kept (commaThreshold).
  let webThreshold: number | undefined;
  if (reg) {
    let best = { t: chosen.t, errors: Infinity };
    for (const tw of [chosen.t, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8]) {
      const m = { threshold: chosen.t, webThreshold: tw };
      const decide = (e: Example) => pDev[idx.get(e)!] >= commaThreshold(m, e.paragraphRegister);
      const r = f1(dev, decide);
      const parts = devOfPart.map((p) => {
        const q = f1(p.examples, decide);
        return `${p.part} F1 ${q.f1.toFixed(3)} errors ${q.errors}`;
      });
      console.log(`dev slots, threshold ${chosen.t}, web threshold ${tw}: errors ${r.errors}; ${parts.join('; ')}`);
      if (r.errors < best.errors) best = { t: tw, errors: r.errors };
    }
    webThreshold = best.t;
  }
  const version = `restore-commas-f${FEATURE_SET}-${values.register ? 3 : 2}${values.ewt ? 'w' : ''}${reg ? 'r' : ''}-e${best.epoch}-${Number(values.train)}`;
  const register = reg && { bits: reg.full.bits, dense: denseWeightText(reg.full.weights) };
  const json: CommaModelJson = { version, bits: BITS, ...(FEATURE_SET !== 2 ? { featureSet: FEATURE_SET } : {}), ...(asFeature ? { registerFeatures: true } : {}), threshold: chosen.t, ...(webThreshold !== undefined ? { webThreshold } : {}), stack, dense: denseWeightText(best.w), ...(register ? { register } : {}) };
  const file = values.out ?? path.resolve(__dirname, '..', 'models', 'en', COMMA_MODEL_FILE);
  fs.writeFileSync(file, JSON.stringify(json));
  console.log(`wrote ${file}: epoch ${best.epoch}, threshold ${chosen.t}, web threshold ${webThreshold ?? '—'}, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB`);
}

main();

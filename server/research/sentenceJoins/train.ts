/**
 * Trains the sentence-join model (`models/en/sentence-joins.bin`, read by `engine/sentenceJoins/`). Positives: two
 * consecutive sentences of one edited-english paragraph, and of one EWT paragraph (`--ewt`), joined by the corruption
 * generator (`eval/splice.ts spliceGold`: a comma, or nothing, and the second's first word in lower case unless a
 * name), parsed as the run-time parser reads the joined text, at the join. Negatives: every comma-only slot and a
 * sample of the unmarked slots of the sentences as the editors wrote them (their silver parses), and EWT's unmarked
 * slots. L2-regularised logistic regression (AdaGrad), stopped
 * early on dev log-loss. Thresholds are chosen on dev afterwards (`calibrate.ts`).
 *
 *   npx tsx server/research/sentenceJoins/train.ts [--out models/en/sentence-joins.bin] [--per-kind 6000] [--ewt SHARE]
 *
 * then `npm run models:manifest`. The file holds the weights as the engine holds them (`modelFile.ts`).
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { loadParser } from '../../src/parser';
import { featureIndex } from '../../src/restore/boundaries';
import { joinContext, joinFeatures, JoinMark } from '../../src/engine/sentenceJoins/features';
import { spliceGold } from '../eval/splice';
import { renderDraft } from '../eval/draft';
import { loadSuiteDocuments, SuiteDocument } from '../corruption/editedSuite';
import { EWT_DEV, EWT_TRAIN, ewtParagraphDocuments } from '../scorer/ewtDocuments';
import { EditedPart } from '../editedEnglish';
import { seededRng } from '../eval/rng';
import { encodeJoinModel, JOIN_WEIGHT_SCALE } from '../../src/engine/sentenceJoins/modelFile';
import { logLoss, probOf } from '../smallModels/adagradLogistic';

const { values: opt } = parseArgs({
  options: {
    out: { type: 'string', default: 'models/en/sentence-joins.bin' },
    bits: { type: 'string', default: '20' },
    'per-kind': { type: 'string', default: '6000' },
    // Weights this small are left out of the file (most are the lexical features of single negative slots).
    prune: { type: 'string', default: '0.01' },
    // A feature seen in fewer training examples than this gets no weight (keeps the file small: rare words are noise).
    'min-count': { type: 'string', default: '3' },
    'dev-per-kind': { type: 'string', default: '500' },
    // One unmarked slot in this many is a negative example, weighted by it (there are about 20 a sentence).
    'unmarked-every': { type: 'string', default: '6' },
    epochs: { type: 'string', default: '20' },
    l2: { type: 'string', default: '1e-6' },
    // EWT's paragraphs beside edited-english (train for training, dev for stopping): web writers' short sentences,
    // joined as learners join them; its negatives read through the run-time parser, as edited-english's silver trees.
    // The positives and the negatives of EWT are this share of edited-english's (there are fewer: 2,328 a mark). With
    // them, twice as many joins are found on EWT dev's paragraphs at the shipped thresholds (32 → 56) and the lint's
    // judged false alarms fall (journal, "The join model with EWT's joins as positives").
    ewt: { type: 'string', default: '1' },
    // Which of EWT's written slots are negatives: `all`; `unmarked` (its commas left out: web writers splice, so a
    // comma between two of their clauses is no evidence that an editor would keep it); `none` (EWT gives positives only).
    'ewt-negatives': { type: 'string', default: 'unmarked' },
  },
});
const BITS = Number(opt.bits);

interface Example {
  x: Int32Array;
  y: number;
  weight: number;
}

function encode(features: readonly string[]): Int32Array {
  return Int32Array.from(features.map((f) => featureIndex(f, BITS)));
}

function build(part: EditedPart, perKind: number, parser: ReturnType<typeof loadParser>): Example[] {
  const out = buildFrom(loadSuiteDocuments(part), part, perKind, parser, false);
  const share = Number(opt.ewt);
  if (share <= 0) return out;
  const negatives = opt['ewt-negatives'];
  if (negatives !== 'all' && negatives !== 'unmarked' && negatives !== 'none') throw new Error(`--ewt-negatives all|unmarked|none, not ${negatives}`);
  const ewt = buildFrom(ewtParagraphDocuments(part === 'train' ? EWT_TRAIN : EWT_DEV), `EWT ${part}`, Math.round(share * perKind), parser, true, negatives);
  return [...out, ...ewt];
}

function buildFrom(docs: SuiteDocument[], part: string, perKind: number, parser: ReturnType<typeof loadParser>, reparse: boolean, negativeSlots: 'all' | 'unmarked' | 'none' = 'all'): Example[] {
  const rng = seededRng(7);
  const out: Example[] = [];
  const every = Number(opt['unmarked-every']);
  let k = 0;
  let negatives = 0;
  for (const doc of negativeSlots === 'none' ? [] : docs)
    for (const sents of doc.sentences)
      for (const ls of sents) {
        let tree = ls.gold.sentence.tree;
        if (reparse) {
          const parsed = parser.parseText(ls.gold.text);
          if (parsed.length !== 1) continue;
          tree = parsed[0].tree;
        }
        const n = tree.words.length;
        const ctx = joinContext(tree);
        for (let i = 1; i < n; i++) {
          const m = tree.slots[i];
          if (m.length === 1 && m[0] === ',' && negativeSlots === 'all') out.push({ x: encode(joinFeatures(tree, i, ',', ctx)), y: 0, weight: 1 });
          else if (m.length === 0 && k++ % every === 0) out.push({ x: encode(joinFeatures(tree, i, 'none', ctx)), y: 0, weight: every });
          else continue;
          negatives++;
        }
      }
  // Positives: pairs in a seeded order, alternately joined by a comma and by nothing.
  const pairs: Array<[number, number, number]> = [];
  docs.forEach((doc, d) => doc.sentences.forEach((sents, p) => sents.slice(0, -1).forEach((_, j) => pairs.push([d, p, j]))));
  for (let a = pairs.length - 1; a > 0; a--) {
    const b = Math.floor(rng() * (a + 1));
    [pairs[a], pairs[b]] = [pairs[b], pairs[a]];
  }
  const count = { ',': 0, none: 0 };
  for (const [d, p, j] of pairs) {
    if (count[','] >= perKind && count.none >= perKind) break;
    const mark: JoinMark = count[','] <= count.none ? ',' : 'none';
    const doc = docs[d];
    const [a, b] = [doc.sentences[p][j], doc.sentences[p][j + 1]];
    if (!/^\s+$/.test(doc.paragraphs[p].slice(a.end, b.start))) continue;
    const joined = spliceGold(a.gold, b.gold, mark === 'none');
    if (!joined) continue;
    const r = renderDraft(joined.corrupted);
    const n1 = a.gold.sentence.tree.words.length;
    const at = r.regions[n1].start;
    let parsed;
    try {
      parsed = parser.parseText(r.text);
    } catch {
      continue;
    }
    if (parsed.length !== 1) continue;
    const s = parsed[0];
    const i = s.tree.words.findIndex((_, w) => w + 1 < s.tree.words.length && s.tokens[s.wordTokens[w]].end === at) + 1;
    if (i <= 0 || s.tree.slots[i].join() !== (mark === ',' ? ',' : '')) continue;
    out.push({ x: encode(joinFeatures(s.tree, i, mark)), y: 1, weight: 1 });
    count[mark]++;
  }
  console.log(`${part}: ${negatives} negative slots, positives ${count[',']} comma-joined and ${count.none} unmarked`);
  return out;
}

function main(): void {
  const parser = loadParser();
  const t0 = Date.now();
  const train = build('train', Number(opt['per-kind']), parser);
  const dev = build('dev', Number(opt['dev-per-kind']), parser);
  console.log(`built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const seen = new Uint32Array(1 << BITS);
  for (const e of train) for (const f of e.x) seen[f]++;
  const minCount = Number(opt['min-count']);
  for (const e of train) e.x = e.x.filter((f) => seen[f] >= minCount);
  const w = new Float32Array(1 << BITS);
  const g2 = new Float32Array(1 << BITS).fill(1e-8);
  const lr = 0.05;
  const l2 = Number(opt.l2);
  const rng = seededRng(11);
  let best = { loss: Infinity, epoch: 0, w: new Float32Array(w) };
  const order = train.map((_, k) => k);
  for (let epoch = 1; epoch <= Number(opt.epochs); epoch++) {
    for (let a = order.length - 1; a > 0; a--) {
      const b = Math.floor(rng() * (a + 1));
      [order[a], order[b]] = [order[b], order[a]];
    }
    for (const k of order) {
      const e = train[k];
      const g = e.weight * (probOf(w, e.x) - e.y);
      for (const f of e.x) {
        const gf = g + l2 * w[f];
        g2[f] += gf * gf;
        w[f] -= (lr * gf) / Math.sqrt(g2[f]);
      }
    }
    const loss = logLoss(w, dev);
    console.log(`epoch ${epoch}: dev log-loss ${loss.toFixed(5)}`);
    if (loss < best.loss) best = { loss, epoch, w: new Float32Array(w) };
    else if (epoch - best.epoch >= 2) break;
  }
  const weights: Array<[number, number]> = [];
  best.w.forEach((v, k) => {
    // Rounded to the file's int16 steps of 1/10,000 (|w| < 3.2767; encodeJoinModel refuses a larger one).
    if (Math.abs(v) >= Number(opt.prune)) weights.push([k, Math.round(v * JOIN_WEIGHT_SCALE) / JOIN_WEIGHT_SCALE]);
  });
  fs.writeFileSync(opt.out!, encodeJoinModel({ version: `sentence-joins-1-e${best.epoch}`, bits: BITS, weights }));
  console.log(`best epoch ${best.epoch} (dev log-loss ${best.loss.toFixed(5)}); wrote ${opt.out}: ${weights.length} weights`);
}

main();

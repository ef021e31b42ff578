/**
 * Trains the comma-gap model (`models/en/comma-gaps.json`, read by `engine/commaGaps/`) from the examples of
 * `examples.ts` (run it first for dev and train): P(an editor would write the comma missing at this gap) and P(the
 * comma written at this gap is stray), one hashed logistic model whose two questions have features of their own, fit
 * by AdaGrad with L2 and stopped early on dev log-loss (`smallModels/adagradLogistic.ts`).
 *
 * The threshold of each question and kind of gap (`gapKind`: the edge of a relative clause, of an apposition, a
 * fronted phrase's end, …) is chosen on dev: going down from 0.99, the least at which the dev sentences as the editors
 * wrote them get at most `--max-clean` findings of that kind per 1,000 sentences and its findings on the corrupted dev
 * copies are right at least `--min-precision` of the time. The dev table per error kind of the generator (precision,
 * recall, F0.5, slot by slot as the benchmark judges) is printed at the chosen thresholds.
 *
 *   npx tsx server/research/commaGaps/train.ts [--out models/en/comma-gaps.json] [--bits 20] [--max-clean 0.3]
 *     [--show-dev FILE]   (the dev clean findings at the chosen thresholds, for reading)
 */
import * as fs from 'fs';
import * as readline from 'readline';
import { parseArgs } from 'util';
import { fitAdagrad, LabelledExample, probOf } from '../smallModels/adagradLogistic';
import { examplesFile, GapCopy } from './examples';
import { GAP_KINDS } from '../../src/engine/commaGaps/features';
import { EditedPart } from '../editedEnglish';
import { readSilverTrees, SilverSentence } from '../silverTrees';
import { f05, Tally } from '../eval/score';

/** The sentence with slot i shown as ⟦·⟧ (after word i, words as the tree has them). */
function shownAt(sv: SilverSentence, i: number): string {
  const w = sv.tree.words.map((x, k) => x.form + (sv.tree.slots[k + 1].join('')) + (k + 1 === i ? '⟦·⟧' : ''));
  return sv.tree.slots[0].join('') + w.join(' ');
}

const HEADS = ['missing', 'stray'] as const;

interface Ex extends LabelledExample {
  x: Int32Array;
  head: 0 | 1;
  kind: number;
  copy: number;
  slot: number;
}

interface Copies {
  source: string[];
  gold: number[][];
  text: Array<string | undefined>;
  id: string[];
  ex: Ex[];
}

async function read(part: EditedPart, bits: number, limit = Infinity, file = examplesFile(part)): Promise<Copies> {
  if (!fs.existsSync(file)) throw new Error(`no examples at ${file}: run npx tsx server/research/commaGaps/examples.ts --part ${part}`);
  const mask = (1 << bits) - 1;
  const c: Copies = { source: [], gold: [], text: [], id: [], ex: [] };
  const rl = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line) continue;
    if (c.source.length >= limit) break;
    let g: GapCopy;
    try {
      g = JSON.parse(line) as GapCopy;
    } catch {
      break; // the last line of a file still being written
    }
    const k = c.source.length;
    c.source.push(g.source);
    c.gold.push(g.gold);
    c.text.push(g.text);
    c.id.push(g.id);
    for (const [slot, head, y, x, kind] of g.gaps) c.ex.push({ x: Int32Array.from(x, (f) => f & mask), y, head, kind, copy: k, slot });
  }
  return c;
}

function main(): Promise<void> {
  const { values: opt } = parseArgs({
    options: {
      out: { type: 'string', default: 'models/en/comma-gaps.json' },
      bits: { type: 'string', default: '20' },
      epochs: { type: 'string', default: '20' },
      l2: { type: 'string', default: '1e-6' },
      lr: { type: 'string', default: '0.1' },
      'max-clean': { type: 'string', default: '0.3' },
      'min-precision': { type: 'string', default: '0.9' },
      limit: { type: 'string' },
      // Another examples file to train on (a part of train still being written, for a first look).
      'train-file': { type: 'string' },
      'show-dev': { type: 'string' },
    },
  });
  return run(opt);
}

async function run(opt: Record<string, string | boolean | undefined>): Promise<void> {
  const bits = Number(opt.bits);
  const limit = opt.limit ? Number(opt.limit) : Infinity;
  const train = await read('train', bits, limit, (opt['train-file'] as string | undefined) ?? examplesFile('train'));
  const dev = await read('dev', bits);
  const cleanSentences = dev.source.filter((s) => s === 'clean').length;
  console.log(`train: ${train.source.length} copies, ${train.ex.length} gaps (${train.ex.filter((e) => e.y).length} positive); dev: ${dev.source.length} copies (${cleanSentences} clean), ${dev.ex.length} gaps`);
  const best = fitAdagrad(train.ex, dev.ex, { bits, lr: Number(opt.lr), l2: Number(opt.l2), epochs: Number(opt.epochs) });
  const p = dev.ex.map((e) => probOf(best.w, e.x));
  const maxClean = Number(opt['max-clean']);
  const minPrecision = Number(opt['min-precision']);

  // Per question and kind of gap: clean findings and right/wrong findings on corrupted copies, by threshold.
  const thresholds: Record<string, Record<string, number>> = { missing: {}, stray: {} };
  for (const head of [0, 1] as const) {
    for (let k = 0; k < GAP_KINDS.length; k++) {
      const mine = dev.ex.map((e, j) => [e, p[j]] as const).filter(([e]) => e.head === head && e.kind === k);
      let chosen = 1.01;
      const lines: string[] = [];
      let over = false;
      for (let t = 0.99; t >= 0.3; t -= 0.01) {
        let clean = 0;
        let right = 0;
        let wrong = 0;
        for (const [e, q] of mine) {
          if (q < t) continue;
          if (dev.source[e.copy] === 'clean') clean++;
          else if (e.y) right++;
          else wrong++;
        }
        const per1k = (1000 * clean) / cleanSentences;
        const precision = right + wrong ? right / (right + wrong) : 1;
        // Going down, the clean findings only grow: past the budget nothing is chosen (the sweep goes on, for reading).
        if (per1k > maxClean) over = true;
        if (per1k > 5 * maxClean + 1) break;
        if (!over && precision >= minPrecision && right > 0) chosen = t;
        if (Math.round(t * 100) % 3 === 0) lines.push(`    t ${t.toFixed(2)}: clean ${clean} (${per1k.toFixed(2)}/1k), corrupted right ${right} wrong ${wrong}`);
      }
      thresholds[HEADS[head]][GAP_KINDS[k]] = Number(Math.min(chosen, 1.01).toFixed(2));
      const positives = mine.filter(([e]) => e.y).length;
      console.log(`${HEADS[head]}/${GAP_KINDS[k]}: ${mine.length} dev gaps, ${positives} positive; chosen ${chosen.toFixed(2)}`);
      lines.forEach((l) => console.log(l));
    }
  }

  // The dev table per error kind at the chosen thresholds, slot by slot.
  const flagged = dev.ex.map((e, j) => p[j] >= thresholds[HEADS[e.head]][GAP_KINDS[e.kind]]);
  const byKind = new Map<string, Tally>();
  const found = new Map<number, Set<number>>();
  let clean = 0;
  dev.ex.forEach((e, j) => {
    if (!flagged[j]) return;
    const src = dev.source[e.copy];
    if (src === 'clean') return void clean++;
    const o = byKind.get(src) ?? { tp: 0, fp: 0, fn: 0 };
    byKind.set(src, o);
    if (e.y) {
      o.tp++;
      let s = found.get(e.copy);
      if (!s) found.set(e.copy, (s = new Set()));
      s.add(e.slot);
    } else o.fp++;
  });
  dev.source.forEach((src, k) => {
    if (src === 'clean') return;
    const o = byKind.get(src) ?? { tp: 0, fp: 0, fn: 0 };
    byKind.set(src, o);
    o.fn += dev.gold[k].filter((i) => !found.get(k)?.has(i)).length;
  });
  console.log(`\ndev at the chosen thresholds: clean ${clean} findings = ${((1000 * clean) / cleanSentences).toFixed(2)} per 1,000 sentences`);
  console.log('| error kind | TP | FP | FN | P | R | F0.5 |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [src, o] of [...byKind].sort()) {
    const s = f05(o);
    console.log(`| ${src} | ${o.tp} | ${o.fp} | ${o.fn} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} | ${s.f05.toFixed(3)} |`);
  }
  if (opt['show-dev']) {
    const silver = readSilverTrees('dev');
    const lines: string[] = [];
    dev.ex.forEach((e, j) => {
      if (flagged[j] && dev.source[e.copy] === 'clean') lines.push(`clean\t${HEADS[e.head]}/${GAP_KINDS[e.kind]}\t${p[j].toFixed(3)}\tslot ${e.slot}\t${shownAt(silver[Number(dev.id[e.copy])], e.slot)}`);
      if (flagged[j] && dev.source[e.copy] !== 'clean' && !e.y) lines.push(`wrong\t${HEADS[e.head]}/${GAP_KINDS[e.kind]}\t${p[j].toFixed(3)}\tslot ${e.slot}\t${dev.text[e.copy]}`);
      if (!flagged[j] && e.y) lines.push(`missed\t${HEADS[e.head]}/${GAP_KINDS[e.kind]}\t${p[j].toFixed(3)}\tslot ${e.slot}\t${dev.source[e.copy]}\t${dev.text[e.copy]}`);
    });
    fs.writeFileSync(opt['show-dev'] as string, lines.join('\n') + '\n');
  }
  const weights: Array<[number, number]> = [];
  best.w.forEach((v, k) => {
    if (Math.abs(v) > 1e-4) weights.push([k, Math.round(v * 1e4) / 1e4]);
  });
  const json = { version: `comma-gaps-1-e${best.epoch}`, bits, thresholds, weights };
  fs.writeFileSync(opt.out as string, JSON.stringify(json) + '\n');
  console.log(`wrote ${opt.out}: ${weights.length} weights, thresholds ${JSON.stringify(thresholds)}`);
}

void main();

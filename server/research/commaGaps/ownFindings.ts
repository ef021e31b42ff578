/**
 * The comma-gap model's own findings (a gap whose probability reaches its question and kind's threshold) on the dev
 * examples of `examples.ts` and on EWT dev as written (`ewtClean.ts`), per question and kind, for one or more model
 * files: the clean dev sentences' findings, EWT's, and the right and wrong findings on the corrupted dev copies.
 *
 * `--match REF` chooses the first model's thresholds again so that its own findings stay where REF's were: per question
 * and kind, going down from 0.999, the least threshold at which its clean dev findings and its EWT findings are no more
 * than REF's at REF's thresholds and its findings on the corrupted copies are right at least 0.9 of the time (`train.ts`'s
 * bar); none (1.01) if no threshold qualifies. A model shown new errors gives other probabilities, so the same
 * threshold is not the same bar: at the shipped model's thresholds a model shown learners' stray commas made 14 findings
 * on clean dev and 6 on EWT dev, where the shipped model made 7 and 5 (journal, "The learned scorer refitted on a
 * comma-gap model shown learners' stray commas").
 * `--out FILE` writes the first model with those thresholds (its weights as they are).
 *
 *   npx tsx server/research/commaGaps/ownFindings.ts MODEL… [--match REF [--out FILE]]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { CommaGapsModel, decodeCommaGaps, gapThreshold } from '../../src/engine/commaGaps/model';
import { GAP_KINDS } from '../../src/engine/commaGaps/features';
import { ewtCleanFile } from './ewtClean';
import { Copies, HEADS, read } from './train';
import { examplesFile } from './examples';

/** The thresholds tried, going down: by 0.001 above 0.95 (the new model's probabilities crowd there), then by 0.01. */
const GRID = [...Array.from({ length: 49 }, (_, k) => Number((0.999 - k * 0.001).toFixed(3))), ...Array.from({ length: 94 }, (_, k) => Number((0.95 - k * 0.01).toFixed(2)))];

interface Counts {
  clean: number;
  ewt: number;
  right: number;
  wrong: number;
}

/** Each example's probability under `m` (the examples are hashed to more bits than any model: masked to the model's). */
function probabilities(m: CommaGapsModel, c: Copies): Float64Array {
  const mask = (1 << m.bits) - 1;
  return Float64Array.from(c.ex, (e) => {
    let z = 0;
    for (const f of e.x) z += m.weights.at(f & mask);
    return 1 / (1 + Math.exp(-z));
  });
}

/** Per `head/kind`, the counts at threshold `t(head, kind)`. */
function countsAt(dev: Copies, devP: Float64Array, ewt: Copies, ewtP: Float64Array, t: (head: number, kind: number) => number): Map<string, Counts> {
  const out = new Map<string, Counts>();
  const at = (head: number, kind: number) => {
    const key = `${HEADS[head]}/${GAP_KINDS[kind]}`;
    let c = out.get(key);
    if (!c) out.set(key, (c = { clean: 0, ewt: 0, right: 0, wrong: 0 }));
    return c;
  };
  dev.ex.forEach((e, j) => {
    if (devP[j] < t(e.head, e.kind)) return;
    const c = at(e.head, e.kind);
    if (dev.source[e.copy] === 'clean') c.clean++;
    else if (e.y) c.right++;
    else c.wrong++;
  });
  ewt.ex.forEach((e, j) => {
    if (ewtP[j] >= t(e.head, e.kind)) at(e.head, e.kind).ewt++;
  });
  return out;
}

function table(name: string, m: CommaGapsModel, counts: Map<string, Counts>): void {
  console.log(`\n${name} (${m.version})\n| question/kind | threshold | clean dev | EWT dev | right | wrong |\n| --- | ---: | ---: | ---: | ---: | ---: |`);
  let clean = 0;
  let ewt = 0;
  for (const [key, c] of [...counts].sort()) {
    const [head, kind] = key.split('/') as ['missing' | 'stray', (typeof GAP_KINDS)[number]];
    if (!c.clean && !c.ewt && !c.right && !c.wrong) continue;
    console.log(`| ${key} | ${gapThreshold(m, head, kind).toFixed(3)} | ${c.clean} | ${c.ewt} | ${c.right} | ${c.wrong} |`);
    clean += c.clean;
    ewt += c.ewt;
  }
  console.log(`| all | | ${clean} | ${ewt} | | |`);
}

async function main(): Promise<void> {
  const { values: opt, positionals: files } = parseArgs({ options: { match: { type: 'string' }, out: { type: 'string' } }, allowPositionals: true });
  if (!files.length) throw new Error('usage: ownFindings.ts MODEL… [--match REF [--out FILE]]');
  const models = files.map((f) => decodeCommaGaps(fs.readFileSync(f)));
  const bits = Math.max(...models.map((m) => m.bits));
  const dev = await read('dev', bits, Infinity, examplesFile('dev'));
  const ewt = await read('dev', bits, Infinity, ewtCleanFile('dev'));
  const cleanSentences = dev.source.filter((s) => s === 'clean').length;
  console.log(`dev: ${cleanSentences} clean sentences, ${dev.source.length - cleanSentences} corrupted copies; EWT dev: ${ewt.source.length} sentences`);
  const threshold = (m: CommaGapsModel) => (head: number, kind: number) => gapThreshold(m, HEADS[head], GAP_KINDS[kind]);
  models.forEach((m, k) => table(files[k], m, countsAt(dev, probabilities(m, dev), ewt, probabilities(m, ewt), threshold(m))));
  if (!opt.match) return;
  const ref = decodeCommaGaps(fs.readFileSync(opt.match));
  const budget = countsAt(dev, probabilities(ref, dev), ewt, probabilities(ref, ewt), threshold(ref));
  table(`${opt.match} (the reference)`, ref, budget);
  const m = models[0];
  const devP = probabilities(m, dev);
  const ewtP = probabilities(m, ewt);
  const chosen: Record<'missing' | 'stray', Record<string, number>> = { missing: {}, stray: {} };
  for (const [h, head] of HEADS.entries()) {
    for (const [k, kind] of GAP_KINDS.entries()) {
      const b = budget.get(`${head}/${kind}`) ?? { clean: 0, ewt: 0, right: 0, wrong: 0 };
      let best = 1.01;
      for (const t of GRID) {
        const c = countsAt(dev, devP, ewt, ewtP, (hh, kk) => (hh === h && kk === k ? t : 2)).get(`${head}/${kind}`);
        if (!c) continue;
        if (c.clean > b.clean || c.ewt > b.ewt) break;
        if (c.right > 0 && c.right / (c.right + c.wrong) >= 0.9) best = t;
      }
      chosen[head][kind] = best;
    }
  }
  const matched: CommaGapsModel = { ...m, thresholds: chosen };
  table(`${files[0]} with thresholds matched to ${opt.match}`, matched, countsAt(dev, devP, ewt, ewtP, threshold(matched)));
  console.log(`thresholds ${JSON.stringify(chosen)}`);
  if (opt.out) {
    // The same file with the header's thresholds replaced: [header length, u32][header, JSON][weights, as they were].
    const raw = fs.readFileSync(files[0]);
    const headLength = raw.readUInt32LE(0);
    const header = JSON.parse(raw.subarray(4, 4 + headLength).toString('utf8')) as { thresholds: unknown; note?: string };
    header.thresholds = chosen;
    header.note = `${header.note ?? ''} Thresholds matched to ${opt.match}'s own findings (ownFindings.ts --match).`.trim();
    // Padded as `encodeHashedWeights` pads it, so the weights start on a 4-byte boundary.
    let text = JSON.stringify(header);
    text += ' '.repeat((4 - ((4 + Buffer.byteLength(text)) % 4)) % 4);
    const head = Buffer.from(text, 'utf8');
    const len = Buffer.alloc(4);
    len.writeUInt32LE(head.length, 0);
    fs.writeFileSync(opt.out, Buffer.concat([len, head, raw.subarray(4 + headLength)]));
    decodeCommaGaps(fs.readFileSync(opt.out));
    console.log(`wrote ${opt.out}`);
  }
}

if (require.main === module) void main();

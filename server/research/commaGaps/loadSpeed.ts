/**
 * What the comma-gap model's binary file saves at load: the same weights read from the JSON the model used to ship as
 * (`[index, weight]` pairs, parsed and spread into a dense table) and from `comma-gaps.bin` (`decodeCommaGaps`), in
 * turn in one process, so the machine's drift falls on both alike.
 *
 *   npx tsx server/research/commaGaps/loadSpeed.ts --json OLD.json [--rounds 12]
 *     (OLD.json: a comma-gaps.json as main shipped it; its weights are written to a .bin in the temp directory)
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseArgs } from 'util';
import { denseWeights } from '../../src/restore/hashedLogistic';
import { decodeCommaGaps, encodeCommaGaps } from '../../src/engine/commaGaps/model';
import { int16Scale } from '../../src/engine/hashedWeightsFile';
import { cpuMs } from '../eval/cpuTime';

const { values: opt } = parseArgs({ options: { json: { type: 'string' }, rounds: { type: 'string', default: '12' } } });
if (!opt.json) throw new Error('--json OLD.json is required');
const j = JSON.parse(fs.readFileSync(opt.json, 'utf8')) as { version: string; bits: number; thresholds: never; weights: Array<[number, number]> };
const scale = int16Scale(j.weights.map(([, w]) => w));
const bin = path.join(os.tmpdir(), `comma-gaps-load-${process.pid}.bin`);
fs.writeFileSync(bin, encodeCommaGaps({ version: j.version, bits: j.bits, weights: j.weights.map(([k, w]) => [k, Math.round(w * scale) / scale]) }, scale, { thresholds: j.thresholds }));
const fromJson = () => denseWeights(j.bits, (JSON.parse(fs.readFileSync(opt.json!, 'utf8')) as typeof j).weights);
const fromBin = () => decodeCommaGaps(fs.readFileSync(bin)).weights;
fromJson();
fromBin();
const ratios: number[] = [];
for (let r = 0; r < Number(opt.rounds); r++) {
  const a = cpuMs(fromJson);
  const b = cpuMs(fromBin);
  ratios.push(b / a);
  console.log(`round ${r + 1}: JSON ${a.toFixed(1)} ms CPU, bin ${b.toFixed(1)} ms CPU, ratio ${(b / a).toFixed(3)}`);
}
ratios.sort((x, y) => x - y);
console.log(`bin / JSON CPU: min ${ratios[0].toFixed(3)}, median ${ratios[Math.floor(ratios.length / 2)].toFixed(3)}, max ${ratios[ratios.length - 1].toFixed(3)}; sizes: JSON ${fs.statSync(opt.json).size} bytes, bin ${fs.statSync(bin).size} bytes`);
fs.unlinkSync(bin);

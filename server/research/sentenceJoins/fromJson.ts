/**
 * Rewrites a sentence-join model written as JSON (`{ version, bits, weights: [[index, weight], …] }`, as `train.ts`
 * wrote it before the binary file) as the engine's `sentence-joins.bin` (`engine/sentenceJoins/modelFile.ts`),
 * holding the same weights, and checks that the file decodes to exactly the weights the JSON denoted.
 *
 *   npx tsx server/research/sentenceJoins/fromJson.ts IN.json OUT.bin   (then npm run models:manifest)
 */
import * as fs from 'fs';
import { decodeJoinModel, encodeJoinModel, JoinModelWeights } from '../../src/engine/sentenceJoins/modelFile';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  process.stderr.write('usage: fromJson.ts IN.json OUT.bin\n');
  process.exit(2);
}
const j = JSON.parse(fs.readFileSync(input, 'utf8')) as JoinModelWeights;
const bytes = encodeJoinModel(j);
const m = decodeJoinModel(bytes);
const want = new Float32Array(2 ** j.bits);
for (const [k, w] of j.weights) want[k] = w;
const differ = want.findIndex((w, k) => !Object.is(w, m.weights.at(k)));
if (differ >= 0) throw new Error(`index ${differ}: ${m.weights.at(differ)} where the JSON has ${want[differ]}`);
fs.writeFileSync(output, bytes);
process.stdout.write(`wrote ${output}: ${j.weights.length} weights, ${bytes.length} bytes, the same Float32Array as ${input}\n`);

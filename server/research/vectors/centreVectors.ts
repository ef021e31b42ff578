/**
 * Subtracts the mean vector from every word vector of a vectors JSON (`trainVectors.ts`'s layout), the mean taken over
 * the corpus words (`--corpus-words N`: the first N words; the appended extra words are left out of it).
 *
 *   npx tsx server/research/vectors/centreVectors.ts IN.json OUT.json
 *
 * Why: the skip-gram vectors of our small corpus share one large common direction (after scaling to unit length,
 * the mean vector's norm is 0.92 and two random words' cosine 0.85), so what tells words apart is a small residual,
 * which int8 rows (`pretrainedVectors.ts`) keep coarsely and the parser's LSTM must first learn to pick out.
 */
import * as fs from 'fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: centreVectors.ts IN.json OUT.json');
const emb = JSON.parse(fs.readFileSync(input, 'utf8')) as { dimensions: number; words: string[]; corpusWords?: number; vectors: Record<string, number[]> };
const d = emb.dimensions;
const counted = emb.words.slice(0, emb.corpusWords ?? emb.words.length);
const mean = new Float64Array(d);
for (const w of counted) emb.vectors[w].forEach((x, j) => (mean[j] += x / counted.length));
const round = (x: number) => Math.round(x * 1e6) / 1e6;
for (const w of emb.words) emb.vectors[w] = emb.vectors[w].map((x, j) => round(x - mean[j]));
fs.writeFileSync(output, JSON.stringify(emb));
console.log(`centred ${emb.words.length} vectors on the mean of ${counted.length}; the mean's norm was ${Math.hypot(...mean).toFixed(4)}`);

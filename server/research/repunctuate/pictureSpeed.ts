/**
 * Time of the editor's two re-punctuation requests in the engine, for a sentence of about 40 words (issue 35: under
 * 200 ms): the picture of the sentence at the cursor (`pictureAt`: parse, MAP T′, SVG) and the code actions at a phrase
 * (`repunctuationOffers`: parse, and for each offer T′ and the channel's surface). Warm (models loaded, one run
 * first); each run on a fresh copy of the text so that no parse or tree cache answers (a new sentence each time, as
 * when the writer edits it).
 *   npx tsx server/research/repunctuate/pictureSpeed.ts [--runs 20]
 */
import { parseArgs } from 'util';
import { loadEngineParts } from '../../src/engine';
import { pictureAt, repunctuationOffers } from '../../src/engine/repunctuate';

const SENTENCE =
  'The committee, which had met every Tuesday since the spring, finally approved the plan for the new library, although several members, including the treasurer, worried that the costs would rise again before the building opened next year.';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function main(): void {
  const parts = loadEngineParts();
  if (!parts.analyser || !parts.model) throw new Error(parts.problem);
  const words = SENTENCE.split(/\s+/).length;
  const runs = Number(values.runs);
  const at = SENTENCE.indexOf('including the treasurer');
  const times = { picture: [] as number[], offers: [] as number[], pictureCpu: [] as number[], offersCpu: [] as number[] };
  for (let k = 0; k <= runs; k++) {
    // A different first word each run: the parse and the model's caches are keyed by content.
    const text = `${k % 2 ? 'Then' : 'Now'} ${SENTENCE.charAt(0).toLowerCase()}${SENTENCE.slice(1)}`.replace('approved', `approved (${k})`);
    const shift = text.indexOf('including the treasurer') - at;
    let t = performance.now(), c = process.cpuUsage();
    const p = pictureAt(text, parts.analyser, parts.model, 10);
    const pt = performance.now() - t, pc = process.cpuUsage(c);
    t = performance.now();
    c = process.cpuUsage();
    const o = repunctuationOffers(text, parts.analyser, parts.model, at + shift, at + shift + 'including the treasurer'.length);
    const ot = performance.now() - t, oc = process.cpuUsage(c);
    if (!p || o.length === 0) throw new Error('no picture or no offers');
    if (k === 0) continue; // warm-up
    times.picture.push(pt);
    times.offers.push(ot);
    times.pictureCpu.push((pc.user + pc.system) / 1000);
    times.offersCpu.push((oc.user + oc.system) / 1000);
  }
  console.log(`sentence of ${words + 1} words, ${runs} runs after one warm-up`);
  console.log(`picture (parse + T′ + SVG): median ${median(times.picture).toFixed(1)} ms wall, ${median(times.pictureCpu).toFixed(1)} ms CPU; max ${Math.max(...times.picture).toFixed(1)} ms`);
  console.log(`code actions (parse + 3 offers): median ${median(times.offers).toFixed(1)} ms wall, ${median(times.offersCpu).toFixed(1)} ms CPU; max ${Math.max(...times.offers).toFixed(1)} ms`);
}

main();

/**
 * Per-slot perplexity of punctuation models on the silver trees of edited-english (the `eval perplexity` of the CLI
 * reads gold CoNLL-U; these trees are the bundled parser's, cached by `silverTrees.ts`): every model given, on one
 * part (held-out by default), overall and per source. The held-out part is for reporting only: tune on `--part dev`.
 *
 *   npx tsx server/research/editedPerplexity.ts [--part heldout|dev] [--limit N] [--json] MODEL.json...
 */
import * as path from 'path';
import { parseArgs } from 'util';
import { loadPunctModel } from '../src/model';
import type { EditedPart } from './editedEnglish';
import { defaultSilverDir, readSilverTrees } from './silverTrees';

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      part: { type: 'string', default: 'heldout' },
      limit: { type: 'string' },
      silver: { type: 'string', default: defaultSilverDir() },
      json: { type: 'boolean', default: false },
    },
  });
  const part = values.part as EditedPart;
  if (!['train', 'dev', 'heldout'].includes(part)) throw new Error(`--part must be train, dev or heldout, not ${part}`);
  if (!positionals.length) throw new Error('give one or more model files');
  const all = readSilverTrees(part, values.silver);
  // --limit N: N sentences spread over the part (it is in source order: a prefix would be one source).
  const n = values.limit ? Math.min(Number(values.limit), all.length) : all.length;
  const sentences = Array.from({ length: n }, (_, i) => all[Math.floor((i * all.length) / n)]);
  const out: Array<{ model: string; version: string; perplexity: number; slots: number; sentences: number; seconds: number; bySource: Record<string, number> }> = [];
  for (const file of positionals) {
    const model = loadPunctModel(file);
    const t0 = Date.now();
    // One pass: each tree's log-probability goes to the total and to its source's.
    const lp = new Map<string, { lp: number; slots: number }>();
    for (const s of sentences) {
      const acc = lp.get(s.source) ?? { lp: 0, slots: 0 };
      acc.lp += model.logProb(s.tree);
      acc.slots += s.tree.slots.length;
      lp.set(s.source, acc);
    }
    const total = [...lp.values()].reduce((a, b) => ({ lp: a.lp + b.lp, slots: a.slots + b.slots }), { lp: 0, slots: 0 });
    const bySource = Object.fromEntries([...lp].map(([src, a]) => [src, Math.exp(-a.lp / a.slots)]));
    const res = { model: path.basename(file), version: model.version, perplexity: Math.exp(-total.lp / total.slots), slots: total.slots, sentences: sentences.length, seconds: (Date.now() - t0) / 1000, bySource };
    out.push(res);
    if (!values.json) {
      console.log(`${res.model} (${res.version}): perplexity ${res.perplexity.toFixed(4)} on ${res.slots} slots of ${res.sentences} sentences, ${res.seconds.toFixed(0)} s`);
      console.log('  ' + Object.entries(bySource).map(([src, p]) => `${src} ${p.toFixed(4)}`).join(', '));
    }
  }
  if (values.json) console.log(JSON.stringify({ part, sentences: sentences.length, models: out }, null, 2));
}

main();

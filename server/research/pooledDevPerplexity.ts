/**
 * The pooled dev perplexity that `scripts/train-punct.ts --edited` logs after each epoch, for any model files: the
 * first N trees of EWT dev and N edited-english dev silver trees spread over 1,000 spread over the dev part (the
 * trainer's `--dev-sentences N --edited-dev-final 1000`), pooled per slot. The trainer scores no epoch 0, so a
 * warm-started run's starting point (e.g. the shipped model) is measured here on exactly the trees its epochs are.
 *
 *   npx tsx server/research/pooledDevPerplexity.ts [--dev-sentences 300] [--edited-dev-final 1000] MODEL.json...
 */
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../src/data/treebank';
import { loadPunctModel } from '../src/model';
import { perplexity } from '../src/training/model/evaluate';
import { defaultSilverDir, readSilverTrees } from './silverTrees';

/** n items spread evenly over the list, as the trainer picks them (the parts are in source order). */
const spread = <T>(xs: readonly T[], n: number): T[] => (n >= xs.length ? [...xs] : Array.from({ length: n }, (_, i) => xs[Math.floor((i * xs.length) / n)]));

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      data: { type: 'string', default: path.resolve(__dirname, '../../../shared/data/ud-english-ewt') },
      silver: { type: 'string', default: defaultSilverDir() },
      'dev-sentences': { type: 'string', default: '300' },
      'edited-dev-final': { type: 'string', default: '1000' },
    },
  });
  if (!positionals.length) throw new Error('give one or more model files');
  const n = Number(values['dev-sentences']);
  const ewt = readTreebank(path.join(values.data!, 'en_ewt-ud-dev.conllu')).trees.slice(0, n);
  const silverDev = readSilverTrees('dev', values.silver).map((s) => s.tree);
  const edited = spread(spread(silverDev, Number(values['edited-dev-final'])), n);
  for (const file of positionals) {
    const model = loadPunctModel(file);
    const a = perplexity(model, ewt);
    const b = perplexity(model, edited);
    const pooled = Math.exp((Math.log(a.perplexity) * a.slots + Math.log(b.perplexity) * b.slots) / (a.slots + b.slots));
    console.log(`${file}: EWT ${a.perplexity.toFixed(4)}, edited-english ${b.perplexity.toFixed(4)}, pooled ${pooled.toFixed(4)}`);
  }
}

main();

/**
 * A gradient task (`gradientTask.ts`) over the tiny graph parser (`tinyGraphParser.ts`), for the pool's exact tests:
 * every sentence is the storm sentence, with word dropout and dropout masks drawn from the sentence's seed (so the
 * sentences of a batch differ), and a worker thread rebuilds the same parser from the same seed.
 */
import { UNKNOWN_WORD } from '../../server/src/parser/neuralNet';
import { seededRandom } from '../../server/src/training/parser/views';
import { biaffineGradient } from '../../server/research/parser/biaffine/biaffineParser';
import { GradientTask, thetaHash } from '../../server/research/parser/biaffine/gradientTask';
import { deprel, head, n } from '../parser/stormSentence';
import { tinyGraphParser } from '../parser/tinyGraphParser';

export function gradientTask(args: unknown): GradientTask {
  const { seed } = args as { seed: number };
  const { p, input } = tinyGraphParser(seed);
  return {
    parser: p,
    signature: `θ ${p.theta.length} (${thetaHash(p.theta)})`,
    sentence(parser, grad, item) {
      const rand = seededRandom(item.seed);
      const word = input.word.slice();
      for (let t = 0; t < word.length; t++) if (rand() < 0.25) word[t] = UNKNOWN_WORD;
      const r = biaffineGradient(parser, grad, input, word, { head, deprel }, { input: 0.3, output: 0.3 }, rand);
      return { arc: r.arc, label: r.label, words: n };
    },
  };
}

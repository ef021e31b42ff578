/**
 * The gradient task (`gradientTask.ts`) of training the graph parser on EWT: one sentence's view, jackknifed tags,
 * word dropout and dropout masks, all drawn from the sentence's own seed, and its gradient. The main thread builds it
 * from its setup; a worker thread rebuilds the setup from the same options (`gradientTask`), which is deterministic.
 */
import { encodeSentence } from '../../../src/parser/encoding';
import { UNKNOWN_WORD } from '../../../src/parser/neuralNet';
import { seededRandom, viewOf, VIEW_KINDS } from '../../../src/training/parser/views';
import { biaffineGradient } from './biaffineParser';
import { BiaffineSetup, biaffineSetup, SetupValues } from './biaffineSetup';
import { GradientTask, thetaHash } from './gradientTask';

/** The options that decide a sentence's draws besides the setup's. */
export interface SentenceOptions {
  'word-dropout': string;
  'input-dropout': string;
  'output-dropout': string;
}

export type BiaffineTaskArgs = SetupValues & SentenceOptions;

export function biaffineTask(setup: BiaffineSetup, o: SentenceOptions): GradientTask {
  const { gold, tagFor, lookup } = setup.prepared;
  const { vocab, wordCounts, parser } = setup;
  const wordDropout = Number(o['word-dropout']);
  const dropP = new Float64Array(parser.net.vocab.wordCount);
  vocab.words.forEach((h, i) => {
    const c = wordCounts.get(h) ?? 0;
    dropP[i + 1] = wordDropout / (wordDropout + c);
  });
  const dropout = { input: Number(o['input-dropout']), output: Number(o['output-dropout']) };
  const v = vocab;
  const signature = [
    `θ ${parser.theta.length} (${thetaHash(parser.theta)})`,
    `words ${v.words.length} slots ${v.slots.length} suffixes ${v.suffixes?.length ?? 0} shapes ${v.shapes?.length ?? 0} pretrained ${v.pretrained?.length ?? 0}`,
    `train ${gold.length} relations ${setup.prepared.rels.list.length}`,
  ].join('; ');
  return {
    parser,
    signature,
    weight: ({ index }) => gold[index].head.length,
    sentence(p, grad, { index, seed }) {
      const rand = seededRandom(seed);
      const g = gold[index];
      const kind = VIEW_KINDS[Math.floor(rand() * VIEW_KINDS.length)];
      const e = encodeSentence(viewOf(g.tree, kind, rand, g.keep, g.learner, g.writers), lookup);
      const input = p.net.input(e, tagFor(index, e));
      const word = input.word.slice();
      for (let t = 0; t < word.length; t++) if (word[t] !== UNKNOWN_WORD && rand() < dropP[word[t]]) word[t] = UNKNOWN_WORD;
      const r = biaffineGradient(p, grad, input, word, { head: g.head, deprel: g.deprel }, dropout, rand);
      return { arc: r.arc, label: r.label, words: e.n };
    },
  };
}

/** A worker's task: the setup rebuilt from the main thread's options (quietly). */
export function gradientTask(args: unknown): GradientTask {
  const a = args as BiaffineTaskArgs;
  return biaffineTask(biaffineSetup(a, () => undefined), a);
}

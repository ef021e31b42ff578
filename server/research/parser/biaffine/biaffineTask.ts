/**
 * The gradient task (`gradientTask.ts`) of training the graph parser on EWT: one sentence's view, jackknifed tags,
 * word dropout and dropout masks, all drawn from the sentence's own seed, and its gradient. The main thread builds it
 * from its setup; a worker thread rebuilds the setup from the same options (`gradientTask`), which is deterministic.
 *
 * With `--silver A.jsonl --silver-agree B.jsonl --silver-sentences N`, sentence indices from the training set's size
 * on are N silver sentences (`silverArcs.ts`, drawn with the seed + 1000): their views drawn as EWT's, their tags the
 * trees' own, their losses over the words both parsers agree on, times `--silver-weight`.
 */
import { EncodedSentence, encodeSentence, WordSequence } from '../../../src/parser/encoding';
import { TagIds } from '../../../src/parser/parseFeatures';
import { UNKNOWN_WORD } from '../../../src/parser/neuralNet';
import { protectedSlots, seededRandom, viewOf, ViewKind, VIEW_KINDS } from '../../../src/training/parser/views';
import { BiaffineParser } from '../../../src/parser/graph/graphParser';
import { biaffineGradient } from './biaffineParser';
import { BiaffineSetup, biaffineSetup, SetupValues } from './biaffineSetup';
import { GradientTask, thetaHash } from './gradientTask';
import { readSilver, SilverSentence } from './silverArcs';

/** The options that decide a sentence's draws besides the setup's. */
export interface SentenceOptions {
  'word-dropout': string;
  'input-dropout': string;
  'output-dropout': string;
  silver?: string;
  'silver-agree'?: string;
  'silver-sentences'?: string;
  'silver-weight'?: string;
}

/** The silver sentences the options ask for (none without --silver). */
export function silverSentences(setup: BiaffineSetup, o: SentenceOptions, log: (m: string) => void): SilverSentence[] {
  if (!o.silver) return [];
  if (!o['silver-agree'] || !o['silver-sentences']) throw new Error('--silver needs --silver-agree and --silver-sentences');
  const { rels, tagSet } = setup.prepared;
  return readSilver({ fileA: o.silver, fileB: o['silver-agree'], count: Number(o['silver-sentences']), seed: setup.seed + 1000, relations: rels.list, tags: tagSet, log });
}

export type BiaffineTaskArgs = SetupValues & SentenceOptions;

export function biaffineTask(setup: BiaffineSetup, o: SentenceOptions, silver: readonly SilverSentence[] = []): GradientTask {
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
    ...(silver.length ? [`silver ${silver.length} (${silver.reduce((s, x) => s + x.mask.reduce((t, m) => t + m, 0), 0)} supervised words)`] : []),
  ].join('; ');
  const silverWeight = Number(o['silver-weight'] ?? 1);
  return {
    parser,
    signature,
    weight: ({ index }) => (index < gold.length ? gold[index] : silver[index - gold.length]).head.length,
    sentence(p, grad, item) {
      if (item.index >= gold.length) return silverSentence(p, grad, silver[item.index - gold.length], item.seed);
      const { index, seed } = item;
      const g = gold[index];
      const r = viewGradient(p, grad, seed, (kind, rand) => viewOf(g.tree, kind, rand, g.keep, g.learner, g.writers), (e) => tagFor(index, e), { head: g.head, deprel: g.deprel });
      return { arc: r.arc, label: r.label, words: r.n };
    },
  };

  /** As an EWT sentence (corrupted views keep the fronted clause's comma), with its own tags and its mask. */
  function silverSentence(p: BiaffineParser, grad: Float64Array, s: SilverSentence, seed: number) {
    const view = (kind: ViewKind, rand: () => number) => viewOf(s.tree, kind, rand, protectedSlots(s.tree));
    const r = viewGradient(p, grad, seed, view, () => ({ upos: s.upos, xpos: s.xpos }), { head: s.head, deprel: s.deprel, mask: s.mask, weight: silverWeight });
    return { arc: r.arc, label: r.label, words: s.mask.reduce((t, m) => t + m, 0) };
  }

  /**
   * One sentence's losses and gradient, every draw from its seed in this order: its view's kind, the view, word
   * dropout, the dropout masks (`biaffineGradient`).
   */
  function viewGradient(
    p: BiaffineParser,
    grad: Float64Array,
    seed: number,
    view: (kind: ViewKind, rand: () => number) => WordSequence,
    tags: (e: EncodedSentence) => TagIds,
    target: Parameters<typeof biaffineGradient>[4],
  ): { arc: number; label: number; n: number } {
    const rand = seededRandom(seed);
    const kind = VIEW_KINDS[Math.floor(rand() * VIEW_KINDS.length)];
    const e = encodeSentence(view(kind, rand), lookup);
    const input = p.net.input(e, tags(e));
    const word = input.word.slice();
    for (let t = 0; t < word.length; t++) if (word[t] !== UNKNOWN_WORD && rand() < dropP[word[t]]) word[t] = UNKNOWN_WORD;
    return { ...biaffineGradient(p, grad, input, word, target, dropout, rand), n: e.n };
  }
}

/** A worker's task: the setup rebuilt from the main thread's options (quietly). */
export function gradientTask(args: unknown): GradientTask {
  const a = args as BiaffineTaskArgs;
  const setup = biaffineSetup(a, () => undefined);
  return biaffineTask(setup, a, silverSentences(setup, a, () => undefined));
}

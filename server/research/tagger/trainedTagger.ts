/**
 * `trainBilstmTagger.ts`'s output read back over the vocabularies the same options rebuild (`biaffineSetup.ts`): the
 * encoder, the head and its θ, and the tags it gives a sentence (the float64 encoder, as training scored dev). Read by
 * the scripts that measure, show and export it.
 */
import * as fs from 'fs';
import { EncodedSentence } from '../../src/parser/encoding';
import { NeuralScorer } from '../../src/parser/neuralScorer';
import { TagIds } from '../../src/parser/parseFeatures';
import { TagHeadDims, TagHeadLayout, tagHeadLayout, tagHeadTags } from '../../src/parser/tagHead';
import { BiaffineSetup } from '../parser/biaffine/biaffineSetup';

export interface TrainedTagger {
  saved: { head: TagHeadDims; epoch: number; kept: number };
  net: NeuralScorer;
  head: TagHeadLayout;
  headTheta: Float64Array;
  /** The sentence's tags given the perceptron's. */
  tag(e: EncodedSentence, first: TagIds): TagIds;
}

export function readTrainedTagger(setup: BiaffineSetup, file: string): TrainedTagger {
  const { theta: stored, ...saved } = JSON.parse(fs.readFileSync(file, 'utf8')) as TrainedTagger['saved'] & { theta: number[] };
  const enc = setup.parser.net;
  const encSize = enc.layout.size;
  const theta = Float64Array.from(stored);
  const head = tagHeadLayout(saved.head);
  if (theta.length !== encSize + head.size) throw new Error(`${file}: θ of ${theta.length}, the options' encoder and head ${encSize + head.size}`);
  const net = new NeuralScorer(enc.layout, theta.subarray(0, encSize), enc.vocab, enc.fixed);
  const headTheta = theta.subarray(encSize);
  return { saved, net, head, headTheta, tag: (e, first) => tagHeadTags(head, headTheta, net.forward(net.input(e, first)).v, head.dims.input, e.n, first) };
}

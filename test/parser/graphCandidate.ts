/**
 * What the graph parser's tests read: the committed candidate model, and real sentences tagged by the shipped tagger
 * (five written ones and EWT dev's first 300 where the data is present), the longest first once more so that buffers
 * a parser keeps from sentence to sentence are wider than the sentence.
 */
import * as fs from 'fs';
import * as path from 'path';
import { defaultModelDir, parserModelFile } from '../../server/src/parser';
import { parseConllu } from '../../server/src/data/conllu';
import { clusterLookup } from '../../server/src/parser/dependencyParser';
import { encodeSentence, EncodedSentence } from '../../server/src/parser/encoding';
import { BiaffineParser } from '../../server/src/parser/graph/graphParser';
import { headKernels } from '../../server/src/parser/graph/graphHeads';
import { RunTimeHeads } from '../../server/src/parser/graph/runTimeHeads';
import { readModel } from '../../server/src/parser/modelFile';
import { parserModels } from '../../server/src/parser/parserModels';
import type { TagIds } from '../../server/src/parser/parseFeatures';
import { ewtFile, haveEwt } from '../ewt';

export const CANDIDATE = path.resolve(__dirname, '../../models/candidates/graph-parser/parser-graph.bin.gz');

const TEXTS = [
  'When the storm ended , the town was quiet .',
  'The report , which nobody read , was filed on Tuesday and forgotten .',
  'However we tried it , the door would not open .',
  'Yes .',
  'I',
];

/** The sentences, encoded and tagged, the longest first and then all of them in order. */
export function taggedSentences(): Array<{ forms: string[]; e: EncodedSentence; tags: TagIds }> {
  const shipped = parserModels(readModel(parserModelFile(defaultModelDir())));
  const lookup = clusterLookup(shipped.clusters);
  const sentences = [
    ...TEXTS.map((t) => t.split(' ')),
    ...(haveEwt() ? parseConllu(fs.readFileSync(ewtFile('dev'), 'utf8'), 'dev').slice(0, 300).map((s) => s.words.map((w) => w.form)) : []),
  ];
  return [...sentences]
    .sort((a, b) => b.length - a.length)
    .slice(0, 1)
    .concat(sentences)
    .map((forms) => {
      const e = encodeSentence({ forms, slots: Array.from({ length: forms.length + 1 }, () => []) }, lookup);
      return { forms, e, tags: shipped.tagger.tag(e) };
    });
}

/** A parser's run-time heads (`runTimeHeads.ts`) over the kernels given, as a snapshot makes them. */
export function runTimeHeadsOf(p: BiaffineParser, kernels = headKernels(p.theta, p.headsAt, p.heads)): RunTimeHeads {
  const root = p.net.layout.root.offset;
  return new RunTimeHeads(p.theta, p.headsAt, p.heads, kernels, Float64Array.from(p.theta.subarray(root, root + p.heads.dims.V)));
}

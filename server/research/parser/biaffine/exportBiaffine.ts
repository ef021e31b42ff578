/**
 * Writes the graph-based parser's model file (`server/src/parser/graph/graphModel.ts`) from a training state of
 * `trainBiaffine.ts`: the state's best θ over the vocabularies that the same options rebuild (`biaffineSetup.ts`), θ as
 * float16 and the pretrained rows pruned to the training words' and the 5,000 most frequent others unless told
 * otherwise. Put the file beside `parser.bin` in a model directory (as `parser-graph.bin.gz`) and `loadParser` parses
 * with it.
 *
 *   npx tsx server/research/parser/biaffine/exportBiaffine.ts --state FILE --tagger-cache FILE --pretrained WINK_JSON \
 *     --out DIR/parser-graph.bin.gz [--float32] [--pretrained-others N | --no-prune] [--measure] [--last] [--version-note X] \
 *     [the training's options]
 *
 * The data and shape options must be the training run's (a θ of another size is refused). `--measure`: dev UAS/LAS of
 * the state's θ in memory (float32, as `trainBiaffine --measure`) and of each way of storing it, each written and read
 * back as the product reads it: float32 or float16, all pretrained rows or the pruned ones; both scorings
 * (`evaluateTrees`' kept view, and `eval parser`'s `scoreGoldTokens` without the shipped repairs).
 *
 * `--last`: the last epoch's θ (the state's average) instead of the best on dev, for a fine-tuning whose first
 * epoch may not beat the file it started from on dev but is to be judged downstream. `--version-note X`: appended to
 * the version (`-X`), to tell such a parser from one trained on EWT alone for as many epochs.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseArgs } from 'util';
import { parseConllu } from '../../../src/data/conllu';
import { writeModel, readModel } from '../../../src/parser/modelFile';
import { BiaffineParser } from '../../../src/parser/graph/graphParser';
import { graphContents, graphFromContents, GraphFileOptions } from '../../../src/parser/graph/graphModel';
import { readTrainingState } from '../../../src/training/parser/trainingState';
import { scoreGoldTokens } from '../evaluation';
import { asTokenParser, biaffineSetup, devTrees, evaluate, SETUP_OPTIONS } from './biaffineSetup';

const { values } = parseArgs({
  options: {
    ...SETUP_OPTIONS,
    state: { type: 'string' },
    out: { type: 'string' },
    float32: { type: 'boolean' },
    'pretrained-others': { type: 'string', default: '5000' },
    'no-prune': { type: 'boolean' },
    measure: { type: 'boolean' },
    last: { type: 'boolean' },
    'version-note': { type: 'string' },
  },
});
const t0 = Date.now();
const log = (m: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s] ${m}`);
if (!values.state || !values.out) throw new Error('--state and --out are required');

const setup = biaffineSetup(values, log);
const { parser, dims, headDims, seed, trainingWords } = setup;
const { rels, tagSet } = setup.prepared;
const s = readTrainingState(values.state);
if (s.best.length !== parser.theta.length) throw new Error(`${values.state}: θ of ${s.best.length} entries, this parser's ${parser.theta.length} (other options than the training run's?)`);
(parser.theta as Float64Array).set(values.last ? s.average : s.best);
const snapshot = parser.snapshot();
const epoch = values.last ? s.epoch : s.bestEpoch;
const version = `graph-s${seed}-e${epoch}-l${dims.layers}h${dims.lstm}-a${headDims.arc}m${headDims.label}${values['version-note'] ? `-${values['version-note']}` : ''}`;
log(`${values.state}: ${values.last ? 'last' : 'best'} epoch ${epoch} (best ${s.bestEpoch} of ${s.epoch}); version ${version}`);

const describe = (training: Record<string, unknown>) => ({ version, deprels: rels.list, tags: tagSet, training });
const training = { seed, bestEpoch: s.bestEpoch, epochs: s.epoch, ...(values.last ? { exported: 'last epoch' } : {}), dims, heads: headDims, pretrainedTop: Number(values['pretrained-top']) };
const chosen: GraphFileOptions = {
  theta16: !values.float32,
  ...(values['no-prune'] ? {} : { pretrainedOthers: Number(values['pretrained-others']), trainingWords }),
};

/** Dev scores of a parser both ways: the script's (the kept view's depunctuated words) and `eval parser`'s. */
function devScores(bp: BiaffineParser) {
  const trees = devTrees(values);
  const d = evaluate(setup, bp, trees);
  const g = scoreGoldTokens(asTokenParser(setup, bp), parseConllu(fs.readFileSync(values.dev!, 'utf8'), values.dev!));
  return { uas: d.uas, las: d.las, words: d.words, evalParser: { uas: g.uas, las: g.las, words: g.words } };
}

let devAsStored: ReturnType<typeof devScores> | undefined;
if (values.measure) {
  const show = (what: string, r: ReturnType<typeof devScores>, bytes?: number) =>
    log(`${what.padEnd(34)} dev UAS ${r.uas.toFixed(2)} LAS ${r.las.toFixed(2)}; eval parser's scoring UAS ${r.evalParser.uas.toFixed(2)} LAS ${r.evalParser.las.toFixed(2)}${bytes ? `; ${(bytes / 1e6).toFixed(2)} MB gzip` : ''}`);
  show('in memory (float32)', devScores(snapshot));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-export-'));
  const variants: Array<[string, GraphFileOptions]> = [
    ['file: float32, all pretrained rows', {}],
    ['file: float16, all pretrained rows', { theta16: true }],
    [`file: float32, top ${values['pretrained-others']}`, { pretrainedOthers: Number(values['pretrained-others']), trainingWords }],
    [`file: float16, top ${values['pretrained-others']}`, { theta16: true, pretrainedOthers: Number(values['pretrained-others']), trainingWords }],
  ];
  for (const [what, o] of variants) {
    const file = path.join(tmp, 'parser-graph.bin.gz');
    const bytes = writeModel(file, graphContents(snapshot, describe(training), o));
    const r = devScores(graphFromContents(readModel(file)).parser);
    show(what, r, bytes);
    if (o.theta16 === chosen.theta16 && (o.pretrainedOthers === undefined) === (chosen.pretrainedOthers === undefined) && o.pretrainedOthers === chosen.pretrainedOthers) devAsStored = r;
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}

const bytes = writeModel(values.out, graphContents(snapshot, describe({ ...training, ...(devAsStored ? { dev: devAsStored } : {}) }), chosen));
log(`wrote ${values.out}: ${(bytes / 1e6).toFixed(2)} MB (gzip), version ${readModel(values.out).header.version}`);

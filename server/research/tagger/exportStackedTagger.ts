/**
 * Writes the stacked tagger's model file (`server/src/parser/stackedTagger.ts`) from `trainBilstmTagger.ts`'s output:
 * its θ over the vocabularies that the same options rebuild (`biaffineSetup.ts`), all pretrained rows kept (the
 * vectors of words EWT never had are what the tagger reads them by). Put the file beside `parser.bin` in a model
 * directory as `parser-tagger.bin.gz`, then `npx tsx scripts/model-manifest.ts --dir DIR`.
 *
 *   npx tsx server/research/tagger/exportStackedTagger.ts --tagger F.json --tagger-cache F --pretrained F --out F \
 *     [--lstm 64 --layers 1: the training's options]
 */
import { parseArgs } from 'util';
import { writeModel, readModel } from '../../src/parser/modelFile';
import { stackedTaggerContents, stackedTaggerFromContents } from '../../src/parser/stackedTagger';
import { readTrainedTagger } from './trainedTagger';
import { biaffineSetup, SETUP_OPTIONS } from '../parser/biaffine/biaffineSetup';

const { values } = parseArgs({ options: { ...SETUP_OPTIONS, lstm: { type: 'string', default: '64' }, layers: { type: 'string', default: '1' }, tagger: { type: 'string' }, out: { type: 'string' } } });
if (!values.tagger || !values.out) throw new Error('--tagger and --out are required');
const setup = biaffineSetup(values, () => undefined);
const { saved, net, headTheta } = readTrainedTagger(setup, values.tagger);
const d = net.layout.dims;
const version = `tagger-s${setup.seed}-e${saved.epoch}-l${d.layers}h${d.lstm}-m${saved.head.hidden}`;
const contents = stackedTaggerContents(net, saved.head, headTheta, {
  version,
  tags: setup.prepared.tagSet,
  training: { seed: setup.seed, epoch: saved.epoch, devKeptAccuracy: saved.kept, dims: d, pretrainedTop: Number(values['pretrained-top']) },
});
const bytes = writeModel(values.out, contents);
const back = stackedTaggerFromContents(readModel(values.out));
console.log(`wrote ${values.out}: ${version}, ${(bytes / 1e6).toFixed(2)} MB; read back: ${back.version}`);

/**
 * A parser model with another model's tagger: every tagger scorer (first passes and refining pass) and the weight its
 * refining pass decides with are taken from TAGGER, everything else (transitions, labeller, neural scorer, clusters)
 * from INTO. Used to pair a perceptron parser trained on the first passes' jackknifed tags with a refined tagger, when
 * only the neural scorer was retrained on refined tags (issue 34; the journal, "The parser retrained on refined
 * jackknifed tags"). The two models must share their tag sets.
 *
 *   npx tsx server/research/parser/graftTagger.ts TAGGER INTO OUT
 */
import { readModel, writeModel } from '../../src/parser/modelFile';
import { parserModels } from '../../src/parser/parserModels';
import { taggerScorers } from '../../src/parser/taggerScorers';

function main(): void {
  const [taggerFile, intoFile, out] = process.argv.slice(2);
  if (!out) throw new Error('usage: graftTagger.ts TAGGER INTO OUT');
  const from = readModel(taggerFile);
  const into = readModel(intoFile);
  if (from.header.upos.join(' ') !== into.header.upos.join(' ') || from.header.xpos.join(' ') !== into.header.xpos.join(' ')) {
    throw new Error(`${taggerFile} and ${intoFile} have other tag sets`);
  }
  const tagger = parserModels(from).tagger;
  const scorers = Object.fromEntries(Object.entries(into.scorers).filter(([name]) => !/^(xpos|upos)[RS]?$/.test(name)));
  Object.assign(scorers, taggerScorers(tagger));
  const { refiner: _old, ...info } = into.header.info;
  const refiner = from.header.info.refiner;
  const version = `${into.header.version}-tagger-${tagger.refiner ? `refined-d${tagger.firstWeight}` : 'plain'}`;
  const bytes = writeModel(out, {
    header: { ...into.header, version, info: tagger.refiner ? { ...info, refiner } : info },
    scorers,
    clusters: into.clusters,
    ...(into.dense ? { dense: into.dense } : {}),
  });
  console.log(`wrote ${out} (${(bytes / 1e6).toFixed(2)} MB): the tagger of ${taggerFile}${tagger.refiner ? ` (refined, ${tagger.firstWeight} × first passes)` : ''}`);
}

main();

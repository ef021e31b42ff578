/** The parts of a read model file that tag, parse and label (no tokeniser). */
import { ParserModels } from './dependencyParser';
import { ModelContents } from './modelFile';
import { taggerFromScorers } from './taggerScorers';
import { neuralFromModel } from './neuralModel';
import { neuralGateOf, neuralWeightOf, THETA16, withFloat32Theta } from './combinedModel';
import { labellerFromContents, storedHalvesFingerprint } from './neuralLabellerModel';

/** `labeller`: the contents of a neural relation labeller file (`neuralLabellerModel.ts`) to label with. */
export function parserModels(m: ModelContents, labeller?: ModelContents): ParserModels {
  const { header, scorers } = m;
  // Layouts are built now, at load, rather than in the first sentence (the tagger joins its own, `jointWeights.ts`).
  // In WebAssembly memory where it can (`SparseWeights.ownLayout`), so that the first sentences do not copy them.
  scorers.transitions?.ownLayout();
  scorers.labels?.ownLayout();
  // θ stays float32 for parsing (`neuralModel.ts`).
  const neural = neuralFromModel(withFloat32Theta(m), true);
  // The labeller is checked against the BiLSTM's θ; a file storing θ as halves gives its fingerprint directly.
  const halves = m.dense?.[THETA16];
  const fingerprint = labeller && neural && halves instanceof Int32Array ? storedHalvesFingerprint(halves, neural.theta.length) : undefined;
  return {
    tagger: taggerFromScorers(scorers, { upos: header.upos, xpos: header.xpos }, '', m.joined, header.info),
    transitions: scorers.transitions,
    neural,
    relations: labeller ? labellerFromContents(labeller, header.deprels, neural, undefined, fingerprint) : undefined,
    // A combined file's weight of the neural scores (`combinedModel.ts`); absent in older files, which parse as before.
    neuralWeight: neuralWeightOf(header),
    neuralGate: neuralGateOf(header),
    labels: scorers.labels,
    deprels: header.deprels,
    clusters: m.clusters,
    // Models from before the optional template blocks have none.
    featureSet: typeof header.info.featureSet === 'number' ? header.info.featureSet : 0,
  };
}

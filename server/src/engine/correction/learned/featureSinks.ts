/**
 * Where the learned scorer's candidate features go (`emitCandidateFeatures`): each feature is named by a few parts
 * whose concatenation is its name (`key=` and the kind of edit, `lw=`, the word, `*` and the action). Training and
 * research want the names (`FeatureNames`: a `FeatureVector`); the lint wants only w · f (`FeatureLogit`), which it
 * sums by looking each feature up by its parts (`FeatureWeights.weightOfParts`), so that no name is built: building,
 * hashing and collecting some 60 names a candidate was a tenth of the lint's CPU (issue 37).
 */
import { FeatureWeights, joinParts } from './featureWeightTable';
import type { FeatureVector } from './learnedScorer';

export interface FeatureSink {
  /** The feature named by the parts a … g (those given) joined, with value v. */
  add(v: number, a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string): void;
  /**
   * Whether a feature whose name starts with `prefix` can matter here: when not, the features skip computing those
   * (`pairedStretch`'s, which the shipped scorer was fitted without).
   */
  reads(prefix: string): boolean;
}

/** The features by name, in the order given: what the scorer is trained on and what the reasons read. */
export class FeatureNames implements FeatureSink {
  readonly features: FeatureVector = [];

  add(v: number, a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string): void {
    this.features.push([joinParts(a, b, c, d, e, f, g), v]);
  }

  reads(): boolean {
    return true;
  }
}

/**
 * w · f over the features in the order given, term after term as `featureLogit` sums the same features by name:
 * the same floating-point sum, bit for bit. A feature the weights do not have adds 0 · v, as there.
 */
export class FeatureLogit implements FeatureSink {
  z = 0;

  constructor(private readonly weights: FeatureWeights) {}

  add(v: number, a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string): void {
    this.z += (this.weights.weightOfParts(a, b, c, d, e, f, g) ?? 0) * v;
  }

  reads(prefix: string): boolean {
    return this.weights.hasNameStartingWith(prefix);
  }
}

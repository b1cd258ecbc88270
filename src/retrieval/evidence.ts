// How strongly a passage answers a question, as one number in (0, 1): what the gate compares with its
// threshold. The cosine alone rewards a passage for the question's rarest word even when it holds none
// of the rest; the share of the question's terms the passage holds says how much of the question it
// covers. Both are combined by a logistic model fitted on the development sets (npm run fit:gate).

/** What the gate knows about one passage for one question. */
export interface EvidenceFeatures {
  /** The retrieval score (the scorer's cosine or bound-divided BM25), in [0, 1]. */
  cosine: number;
  /** Share of the question's distinct content terms the passage holds, in [0, 1]. */
  coverage: number;
  /** The same share with each term weighed by its idf: missing a rare term costs more. */
  weightedCoverage: number;
}

export const FEATURE_NAMES = ['cosine', 'coverage', 'weightedCoverage'] as const satisfies ReadonlyArray<
  keyof EvidenceFeatures
>;

/** A fitted logistic model over the features; `source` says what it was fitted on. */
export interface EvidenceWeights {
  bias: number;
  weights: Readonly<Record<keyof EvidenceFeatures, number>>;
  source: string;
}

/** The fitted combination, in (0, 1). */
export function evidenceScore(features: EvidenceFeatures, model: EvidenceWeights): number {
  let sum = model.bias;
  for (const name of FEATURE_NAMES) sum += model.weights[name] * features[name];
  return 1 / (1 + Math.exp(-sum));
}

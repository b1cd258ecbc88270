import type { EvidenceFeatures, EvidenceWeights } from '../types';

// How strongly a passage answers a question, as one number in (0, 1): what the gate compares with its
// threshold. The cosine alone rewards a passage for the question's rarest word even when it holds none
// of the rest; the share of the question's terms the passage holds says how much of the question it
// covers. Both are combined by a logistic model fitted on the development sets (npm run fit:gate).

export const FEATURE_NAMES = ['cosine', 'coverage', 'weightedCoverage'] as const satisfies ReadonlyArray<
  keyof EvidenceFeatures
>;

/** The fitted combination, in (0, 1). */
export function evidenceScore(features: EvidenceFeatures, model: EvidenceWeights): number {
  let sum = model.bias;
  for (const name of FEATURE_NAMES) sum += model.weights[name] * features[name];
  return 1 / (1 + Math.exp(-sum));
}

export type { EvidenceFeatures, EvidenceWeights };

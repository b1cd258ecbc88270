import type { EncoderEvidence, EvidenceFeatures, EvidenceWeights } from '../types';

// How strongly a passage answers a question, as one number in (0, 1): what the gate compares with its
// threshold. The cosine alone rewards a passage for the question's rarest word even when it holds none
// of the rest; the share of the question's terms the passage holds says how much of the question it
// covers. Both are combined by a logistic model fitted on the development sets (npm run fit:gate).

export const FEATURE_NAMES = ['cosine', 'coverage', 'weightedCoverage'] as const satisfies ReadonlyArray<
  keyof EvidenceFeatures
>;

/** The lexical features and what the semantic channel adds to them. */
export const SEMANTIC_FEATURE_NAMES = [
  ...FEATURE_NAMES,
  'close',
  'related',
  'meanSimilarity',
  'unknownNames',
] as const satisfies ReadonlyArray<keyof EvidenceFeatures>;

/** What a sentence encoder adds, when one reads the question too (src/ask/encoder-evidence.ts). */
export const ENCODER_FEATURE_NAMES = ['encoderBest', 'encoderTop'] as const satisfies ReadonlyArray<
  keyof EncoderEvidence
>;

/** The features of a question that retrieved nothing: no evidence of any kind. */
export const NO_EVIDENCE: Readonly<EvidenceFeatures> = {
  cosine: 0,
  coverage: 0,
  weightedCoverage: 0,
  close: 0,
  related: 0,
  meanSimilarity: 0,
  unknownNames: 0,
};

/**
 * The fitted combination, in (0, 1). A model fitted with the encoder's features is read only with them:
 * without them its score would be another model's, so that is a bug in the caller.
 */
export function evidenceScore(
  features: EvidenceFeatures,
  model: EvidenceWeights,
  encoder?: EncoderEvidence,
): number {
  let sum = model.bias;
  for (const name of SEMANTIC_FEATURE_NAMES) sum += (model.weights[name] ?? 0) * features[name];
  for (const name of ENCODER_FEATURE_NAMES) {
    const weight = model.weights[name];
    if (weight === undefined) continue;
    if (encoder === undefined)
      throw new Error(`evidence: the model weighs ${name}, and no encoder read the question`);
    sum += weight * encoder[name];
  }
  return 1 / (1 + Math.exp(-sum));
}

export type { EncoderEvidence, EvidenceFeatures, EvidenceWeights };

import { describe, expect, it } from 'vitest';
import { evidenceScore, NO_EVIDENCE } from '../../src/retrieval/evidence';
import type { EvidenceFeatures } from '../../src/types';

const features = (values: Partial<EvidenceFeatures>): EvidenceFeatures => ({ ...NO_EVIDENCE, ...values });

describe('evidenceScore', () => {
  const model = { bias: -2, weights: { cosine: 3, coverage: 1, weightedCoverage: 2 }, source: 'test' };

  it('is the logistic of the weighted features, in (0, 1)', () => {
    expect(evidenceScore(features({}), model)).toBeCloseTo(1 / (1 + Math.exp(2)));
    expect(evidenceScore(features({ cosine: 1, coverage: 1, weightedCoverage: 1 }), model)).toBeCloseTo(
      1 / (1 + Math.exp(-4)),
    );
  });

  it('rises with each feature whose weight is positive', () => {
    const low = evidenceScore(features({ cosine: 0.2, coverage: 0.5, weightedCoverage: 0.5 }), model);
    expect(
      evidenceScore(features({ cosine: 0.3, coverage: 0.5, weightedCoverage: 0.5 }), model),
    ).toBeGreaterThan(low);
    expect(
      evidenceScore(features({ cosine: 0.2, coverage: 0.5, weightedCoverage: 0.9 }), model),
    ).toBeGreaterThan(low);
  });

  it('counts a feature the model has no weight for as nothing, and each semantic feature by its weight', () => {
    const lexical = evidenceScore(features({ cosine: 0.2, meanSimilarity: 0.9 }), model);
    expect(lexical).toBeCloseTo(evidenceScore(features({ cosine: 0.2 }), model));
    const fused = { ...model, weights: { ...model.weights, meanSimilarity: 2, unknownNames: -3 } };
    expect(evidenceScore(features({ meanSimilarity: 0.9 }), fused)).toBeGreaterThan(
      evidenceScore(features({}), fused),
    );
    expect(evidenceScore(features({ unknownNames: 0.5 }), fused)).toBeLessThan(
      evidenceScore(features({}), fused),
    );
  });
});

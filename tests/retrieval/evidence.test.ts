import { describe, expect, it } from 'vitest';
import { evidenceScore } from '../../src/retrieval/evidence';

describe('evidenceScore', () => {
  const model = { bias: -2, weights: { cosine: 3, coverage: 1, weightedCoverage: 2 }, source: 'test' };

  it('is the logistic of the weighted features, in (0, 1)', () => {
    expect(evidenceScore({ cosine: 0, coverage: 0, weightedCoverage: 0 }, model)).toBeCloseTo(
      1 / (1 + Math.exp(2)),
    );
    expect(evidenceScore({ cosine: 1, coverage: 1, weightedCoverage: 1 }, model)).toBeCloseTo(
      1 / (1 + Math.exp(-4)),
    );
  });

  it('rises with each feature whose weight is positive', () => {
    const low = evidenceScore({ cosine: 0.2, coverage: 0.5, weightedCoverage: 0.5 }, model);
    expect(evidenceScore({ cosine: 0.3, coverage: 0.5, weightedCoverage: 0.5 }, model)).toBeGreaterThan(low);
    expect(evidenceScore({ cosine: 0.2, coverage: 0.5, weightedCoverage: 0.9 }, model)).toBeGreaterThan(low);
  });
});

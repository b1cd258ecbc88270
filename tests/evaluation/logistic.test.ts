import { describe, expect, it } from 'vitest';
import { fitLogistic } from '../../src/evaluation/logistic';

describe('fitLogistic', () => {
  it('learns a positive weight for a feature that marks the positives and a negative one for the negatives', () => {
    const examples = [
      ...Array.from({ length: 20 }, () => ({ features: [1, 0], label: 1 as const })),
      ...Array.from({ length: 20 }, () => ({ features: [0, 1], label: 0 as const })),
    ];
    const fit = fitLogistic({ examples });
    expect(fit.weights[0]).toBeGreaterThan(1);
    expect(fit.weights[1]).toBeLessThan(-1);
    expect(fit.loss).toBeLessThan(0.2);
  });

  it('lets a weighted example count for more', () => {
    const examples = [
      { features: [1], label: 1 as const, weight: 9 },
      { features: [1], label: 0 as const, weight: 1 },
    ];
    const fit = fitLogistic({ examples, l2: 0 });
    // p = 0.9 at the optimum: bias + weight = logit(0.9).
    expect(fit.bias + (fit.weights[0] as number)).toBeCloseTo(Math.log(9), 1);
  });

  it('refuses to fit nothing', () => {
    expect(() => fitLogistic({ examples: [] })).toThrow(/no examples/u);
  });
});

import { describe, expect, it } from 'vitest';
import { fitLogistic } from '../../scripts/lib/logistic';

describe('fitLogistic', () => {
  it('gives a feature that tells the labels apart a positive weight, and one that does not about none', () => {
    const features: number[][] = [];
    const labels: boolean[] = [];
    for (let i = 0; i < 200; i++) {
      const signal = (i % 10) / 10;
      features.push([signal, Math.floor(i / 10) % 2]);
      // Answerable more often the higher the signal; the second feature alternates regardless.
      labels.push(signal + ((i * 7) % 10) / 20 > 0.7);
    }
    const fit = fitLogistic({ features, labels });
    expect(fit.weights[0]).toBeGreaterThan(3);
    expect(Math.abs(fit.weights[1] as number)).toBeLessThan(0.5);
    expect(fit.loss).toBeLessThan(Math.log(2));
  });

  it('stays finite when a feature separates the labels perfectly', () => {
    const fit = fitLogistic({ features: [[0], [0.2], [0.8], [1]], labels: [false, false, true, true] });
    expect(Number.isFinite(fit.bias)).toBe(true);
    expect(fit.weights[0]).toBeGreaterThan(0);
    expect(fit.bias + (fit.weights[0] as number) * 0.5).toBeCloseTo(0, 6);
  });

  it('lets a weighted example count for more', () => {
    // A feature that never varies leaves the bias to say how often the label holds: 9 of 10 by weight.
    const fit = fitLogistic({ features: [[0], [0]], labels: [true, false], weights: [9, 1] });
    expect(fit.bias).toBeCloseTo(Math.log(9), 6);
  });

  it('refuses to fit nothing', () => {
    expect(() => fitLogistic({ features: [], labels: [] })).toThrow(/no examples/u);
  });
});

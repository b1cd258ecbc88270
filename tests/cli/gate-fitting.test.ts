import { describe, expect, it } from 'vitest';
import { KEEP, PROBES_PAST, probeThreshold, thresholdFor } from '../../scripts/measure/gate-fitting';

/** `count` scores spread evenly over (0, 1). */
const spread = (count: number) => Array.from({ length: count }, (_, i) => (i + 0.5) / count);
const past = (scores: readonly number[], threshold: number) => scores.filter((s) => s >= threshold).length;

describe("fit:semantic's threshold rule", () => {
  it('lets at most PROBES_PAST of the probes past, and one more thousandth lower would let more', () => {
    const probes = spread(2000);
    const threshold = probeThreshold(probes);
    expect(past(probes, threshold)).toBeLessThanOrEqual(PROBES_PAST * probes.length);
    expect(past(probes, threshold - 0.001)).toBeGreaterThan(PROBES_PAST * probes.length);
  });

  it('keeps out a probe scoring a thousandth exactly, which a threshold rounded up to it would pass', () => {
    const probes = [0.285, ...Array.from({ length: 299 }, () => 0.1)]; // 0.25% of 300: none may pass
    expect(past(probes, probeThreshold(probes))).toBe(0);
  });

  it('keeps KEEP of the answerable, lowered only where the probes allow', () => {
    const answerable = spread(100).map((s) => 0.5 + s / 2);
    const quiet = thresholdFor({ answerable, probes: spread(400).map((s) => s / 10) });
    expect(quiet.lowered).toBe(true);
    expect(past(answerable, quiet.threshold)).toBe(answerable.length);
    const loud = thresholdFor({ answerable, probes: spread(400) });
    expect(loud.lowered).toBe(false);
    expect(past(answerable, loud.threshold)).toBeGreaterThanOrEqual(KEEP * answerable.length);
  });
});

import { formatScore } from '../retrieval/score-format';
import type { GateSettings, Scored } from '../types';

export type GateVerdict = { pass: true } | { pass: false; detail: string };

/**
 * The one comparison that can stop a question before any model sees it. `scored` is best first.
 * With `minMargin` > 0 the best passage must also lead the runner-up by that much: a question whose best
 * match barely beats the next one matched words spread across the corpus, not one passage that answers it.
 */
export function gate(scored: readonly Scored[], settings: GateSettings): GateVerdict {
  const best = scored[0];
  if (best === undefined) {
    return { pass: false, detail: 'no passage shares a term with the question' };
  }
  if (best.score < settings.threshold) {
    return {
      pass: false,
      detail: `best score ${formatScore(best.score)} (${best.passage.id}) is below the threshold ${formatScore(settings.threshold)}`,
    };
  }
  const runnerUp = scored[1];
  if (settings.minMargin > 0 && runnerUp !== undefined) {
    const margin = best.score - runnerUp.score;
    if (margin < settings.minMargin) {
      return {
        pass: false,
        detail: `best passage ${best.passage.id} leads ${runnerUp.passage.id} by ${formatScore(margin)}, less than the minimum margin ${formatScore(settings.minMargin)}`,
      };
    }
  }
  return { pass: true };
}

/**
 * What a generator is given once the gate has passed: the best `contextSize` passages that could each
 * pass it on their own. A passage below the threshold is not evidence, so it is not context either. The
 * one rule for the engine and for the script that fits the stand-in's reader on what it will be given.
 */
export function contextOf(
  retrieved: readonly Scored[],
  options: { contextSize: number; gate: GateSettings },
): Scored[] {
  return retrieved.slice(0, options.contextSize).filter((scored) => scored.score >= options.gate.threshold);
}

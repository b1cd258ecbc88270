import { formatScore } from '../retrieval/score-format';
import type { GateSettings, Scored } from '../types';

export type GateVerdict = { pass: true } | { pass: false; detail: string };

/**
 * The one comparison that can stop a question before any model sees it: the highest score among the
 * `scored` passages. They come in retrieval's order, which is the score's order when the score is the
 * retrieval score and need not be when it is the gate's evidence (src/retrieval/evidence.ts).
 * With `minMargin` > 0 the best passage must also lead the runner-up by that much: a question whose best
 * match barely beats the next one matched words spread across the corpus, not one passage that answers it.
 */
export function gate(scored: readonly Scored[], settings: GateSettings): GateVerdict {
  const [best, runnerUp] = [...scored].sort((a, b) => b.score - a.score);
  if (best === undefined) {
    return { pass: false, detail: 'no passage shares a term with the question' };
  }
  if (best.score < settings.threshold) {
    return {
      pass: false,
      detail: `best score ${formatScore(best.score)} (${best.passage.id}) is below the threshold ${formatScore(settings.threshold)}`,
    };
  }
  // The margin of scores in order is never negative, so a minMargin of 0 (the default) never refuses.
  if (runnerUp !== undefined) {
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
 * What a generator is given once the gate has passed: the first `contextSize` passages, in the order
 * given (retrieval's, or a reorder's: EncoderGate.rerank), that could each pass it on their own. A passage
 * below the threshold is not evidence, so it is not context either; one that passes is, wherever
 * retrieval ranked it among those the gate read, so a gate that passes never leaves the generator without
 * a passage (the one it passed on is left out only when `contextSize` passages ranked above it pass too).
 * The one rule for the engine and for the script that fits the stand-in's reader on what it will be given.
 */
export function contextOf(
  retrieved: readonly Scored[],
  options: { contextSize: number; gate: GateSettings },
): Scored[] {
  return retrieved.filter((scored) => scored.score >= options.gate.threshold).slice(0, options.contextSize);
}

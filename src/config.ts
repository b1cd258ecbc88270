import type { EvidenceWeights, GateSettings } from './types';

/**
 * What a corpus term reached through the thesaurus weighs in a question, against 1 for a written word:
 * chosen by `npm run fit:gate`, which asks every development question end to end at each weight it tries
 * and keeps, among the weights with the fewest false answers, the one answering the most correctly
 * (docs/gate-fit.md). 0 would turn the thesaurus off, and `npm run ingest` would build none.
 */
export const THESAURUS_WEIGHT = 0.25;

/**
 * The gate's evidence model (src/retrieval/evidence.ts): fitted by `npm run fit:gate`, and adopted only
 * when it ranks the development sets' answerable questions above their unanswerable ones better than the
 * cosine alone. Unset: on 2026-12-03 it did not (ROC AUC 0.733 against 0.743; docs/gate-fit.md), so the
 * gate compares the cosine with its threshold.
 */
export const GATE_EVIDENCE: EvidenceWeights | undefined = undefined;

/**
 * The gate as shipped for the bundled corpus. The threshold is the midpoint of the gap between the
 * lowest-scoring answerable and the highest-scoring unanswerable question of eval/questions.json, as
 * printed by `npm run eval -- --calibrate`; re-measure it whenever the corpus, the eval set or the
 * retrieval model changes. `npm run fit:gate` reports the evidence score it was compared with (docs/gate-fit.md).
 */
export const DEFAULT_GATE: GateSettings = {
  threshold: 0.138,
  minMargin: 0,
  source:
    'midpoint of the gap on eval/questions.json (npm run eval -- --calibrate, 2026-12-04): ' +
    'lowest answerable 0.180, highest gate-decidable unanswerable 0.097',
};

/**
 * The gate for a corpus nobody has calibrated: the bundled manual's threshold as a starting point, and a
 * source that says so, so that the page and every report can warn that it was not measured here.
 */
export function uncalibratedGate(minMargin = DEFAULT_GATE.minMargin): GateSettings {
  return {
    threshold: DEFAULT_GATE.threshold,
    minMargin,
    source:
      `${NOT_CALIBRATED}: the bundled manual’s threshold, used as a starting point; measure one ` +
      'with npm run eval -- --calibrate --index FILE --questions FILE and rebuild with --threshold',
  };
}

/** How an uncalibrated gate's source begins. */
export const NOT_CALIBRATED = 'NOT CALIBRATED for this corpus';

/** Whether the gate was measured on its own corpus, as far as its source says. */
export const isCalibrated = (gate: GateSettings) => !gate.source.startsWith(NOT_CALIBRATED);

/** Longer than any honest question; a pasted document is not a question. */
export const MAX_QUESTION_CHARS = 1000;

/**
 * How long one question may wait for the model: connecting, the headers, the body and every retry
 * together. Longer than one attempt's 60 s, short of leaving someone staring at "asking…".
 */
export const QUESTION_DEADLINE_MS = 90_000;

/**
 * How long one attempt may wait for the first byte of the reply's body. The Messages API sends its
 * headers and body together once the reply is written, so this bounds the whole reply: the replies asked
 * for here (a short answer and its quotes) are a few hundred tokens, a few seconds at Claude's speed and
 * about 10 s on a slow model. A host that accepts the connection and never answers is given up on here
 * (not retried), within the 20 s a visitor is promised, instead of holding the question for the whole
 * deadline.
 */
export const FIRST_BYTE_DEADLINE_MS = 18_000;

/**
 * Characters of passage text one question may send to a generator: four passages of the ingest's
 * 1,200-character target many times over, and a long table's matching rows, but never megabytes.
 */
export const MAX_CONTEXT_CHARS = 24_000;

/** Passages given to the generator as context, at most: chosen by `npm run measure:context` (docs/context-size.md). */
export const DEFAULT_CONTEXT_SIZE = 4;

/**
 * A refused question's retrieved passage is "related" (listed by title under the refusal, so that a
 * refusal never reads as "the documents say no") when its score reaches this share of the threshold.
 * Measured on the bundled manual (docs/site.md): a third lists the answering section for 17 of the 19
 * answerable paraphrases the lexical gate refuses, and calls 33% of off-topic questions related (17%
 * with the word vectors); half lists it for 13 of 19. Missing the answer costs more than a list.
 */
export const RELATED_SHARE = 1 / 3;

/** Related passages a refusal lists, at most, best first. */
export const RELATED_SHOWN = 3;

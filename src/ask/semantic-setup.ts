// The engine joined to the semantic channel once its word vectors are loaded (and, on the command line,
// the sentence encoder). Apart from engine-setup.ts so that the page's first download, which makes the
// engine, does not carry it: the page joins the channel from the question-time chunk.
import { DEFAULT_GATE, isCalibrated, NOT_CALIBRATED } from '../config';
import type { SemanticChannel, SemanticModel, SentenceEncoder } from '../retrieval/semantic';
import type { EncoderUse } from './encoder-evidence';
import type { Engine } from './engine-setup';

/**
 * `engine` reading questions with the semantic channel too: the gate compares the fitted evidence of the
 * lexical and semantic features with a threshold. The shipped gate and a gate nobody calibrated take the
 * model's threshold (the latter still marked as not calibrated here: the model was fitted on the
 * development corpora). A threshold a person set for this index (`--threshold`, "Use threshold") is kept:
 * it was measured with the scores this engine gives, by `npm run eval -- --calibrate`. With `encoder`
 * (which must be the one the model's encoder gate was fitted with), that gate's model and threshold,
 * except beside a person's threshold: it was measured without the encoder, whose scores differ.
 */
export function withSemantic(
  engine: Engine,
  options: { channel: SemanticChannel; model: SemanticModel; encoder?: SentenceEncoder },
): Engine {
  const { channel, model, encoder } = options;
  if (encoder !== undefined && model.encoder?.encoder !== encoder.id) {
    throw new Error(
      `semantic model ${model.version}: its encoder gate was fitted with ${model.encoder?.encoder}, not ${encoder.id}`,
    );
  }
  const use: EncoderUse | undefined =
    encoder === undefined || model.encoder === undefined
      ? undefined
      : { encoder, gate: model.encoder, passageVectors: new Map() };
  const { gate } = engine;
  // A person's threshold was measured on the word vectors' evidence: the encoder's would be another scale.
  if (isCalibrated(gate) && gate.source !== DEFAULT_GATE.source)
    return { ...engine, semantic: { channel, model } };
  const semantic = { channel, model, ...(use === undefined ? {} : { encoder: use }) };
  const fitted = use?.gate ?? model;
  const source = isCalibrated(gate)
    ? fitted.source
    : `${NOT_CALIBRATED}: the semantic channel's fitted threshold (${fitted.source}), used as a starting point`;
  return {
    ...engine,
    semantic,
    gate: { threshold: fitted.threshold, minMargin: gate.minMargin, source },
  };
}

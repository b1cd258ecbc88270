// The engine as loaded once per index: the inverted index built, gate and prompt read. Apart from
// engine.ts (ask) so that the page can prepare the engine while it loads and fetch the question-time code
// only when the first question is asked. That code includes reading the question (retrieve.ts, the text
// model in src/text): nothing before a question reads words, and the first download has a size budget.
import type { CompiledIndex } from '../compiled-index/types';
import { DEFAULT_GATE, isCalibrated, NOT_CALIBRATED } from '../config';
import { InvertedIndex } from '../retrieval/inverted-index';
import type { SemanticChannel, SemanticModel, SentenceEncoder } from '../retrieval/semantic';
import type { GateSettings, Passage, Thesaurus } from '../types';
import type { EncoderUse } from './encoder-evidence';

/** Everything `ask()` needs that does not change between questions. */
export interface Engine {
  /** The corpus's postings with idf and norms derived: the load's heavy work, done once per index. */
  invertedIndex: InvertedIndex;
  /** The passages in the index's order. */
  passages: readonly Passage[];
  /** Question words the corpus lacks → corpus terms that stand for them, when the index has one. */
  thesaurus?: Thesaurus;
  /**
   * What a term reached through the thesaurus weighs against a written word; unset, the shipped
   * THESAURUS_WEIGHT. Set by `npm run fit:gate`, which asks the same questions at several weights.
   */
  expansionWeight?: number;
  gate: GateSettings;
  /** The shipped prompt's version; its text is looked up when a question is asked. */
  promptVersion: string;
  contextSize: number;
  /** Whether an id names a passage of the corpus, for the verifier's message about a citation outside the context. */
  corpusIds: Pick<ReadonlySet<string>, 'has'>;
  /**
   * The semantic channel, once its word vectors are loaded (`withSemantic`): questions are read with it,
   * and `gate` is then its fitted gate. Absent, the engine reads words alone. With `encoder`, a sentence
   * encoder reads each question and its retrieved passages too, and the gate is the model's `encoder` gate.
   */
  semantic?: { channel: SemanticChannel; model: SemanticModel; encoder?: EncoderUse };
}

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

export function createEngine(index: CompiledIndex, options: { expansionWeight?: number } = {}): Engine {
  return {
    ...(options.expansionWeight === undefined ? {} : { expansionWeight: options.expansionWeight }),
    invertedIndex: new InvertedIndex({
      model: index.model,
      terms: index.terms,
      postings: index.postings,
      passageCount: index.passages.length,
    }),
    passages: index.passages,
    ...(index.thesaurus === undefined ? {} : { thesaurus: index.thesaurus }),
    gate: index.gate,
    promptVersion: index.promptVersion,
    contextSize: index.contextSize,
    corpusIds: lazySet(() => index.passages.map((passage) => passage.id)),
  };
}

/**
 * A set built the first time it is asked: only a fabricated citation asks, and at 100,000 passages the
 * set cost 40 ms of every load.
 */
function lazySet(values: () => string[]): Pick<ReadonlySet<string>, 'has'> {
  let set: Set<string> | undefined;
  return {
    has(value) {
      set ??= new Set(values());
      return set.has(value);
    },
  };
}

import { DEFAULT_CONTEXT_SIZE, DEFAULT_GATE } from '../config';
import { type CompiledIndex, INDEX_FORMAT, INDEX_VERSION } from '../index-file';
import { embedderFor, fitModel } from '../retrieval/model';
import { passageText } from '../retrieval/retrieve';
import type { GateSettings, Prompt } from '../types';
import { chunkCorpus, type SourceFile } from './chunk';

export interface CompileOptions {
  files: SourceFile[];
  prompt: Prompt;
  gate?: GateSettings;
  contextSize?: number;
  /** Size target of a passage, in characters; see chunkCorpus. */
  maxChars?: number;
}

/**
 * Markdown files → passages → fitted model → one compiled index. All the work that does not depend on
 * the question happens here, once, at build time.
 */
export function compileIndex(options: CompileOptions): CompiledIndex {
  const passages = chunkCorpus(
    options.files,
    options.maxChars === undefined ? {} : { maxChars: options.maxChars },
  );
  const texts = passages.map(passageText);
  const model = fitModel(texts);
  const embedder = embedderFor(model);
  return {
    format: INDEX_FORMAT,
    version: INDEX_VERSION,
    passages,
    model,
    vectors: texts.map((text) => embedder.embed(text)),
    prompt: options.prompt,
    gate: options.gate ?? DEFAULT_GATE,
    contextSize: options.contextSize ?? DEFAULT_CONTEXT_SIZE,
  };
}

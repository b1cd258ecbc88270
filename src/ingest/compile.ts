import type { CompiledIndex } from '../compiled-index/types';
import { INDEX_FORMAT, INDEX_VERSION } from '../compiled-index/version';
import { DEFAULT_CONTEXT_SIZE, DEFAULT_GATE } from '../config';
import { CURRENT_PROMPT_VERSION } from '../prompt-versions';
import { DEFAULT_RETRIEVAL_MODEL, type RetrievalModel } from '../retrieval/model';
import { buildPostings } from '../retrieval/postings';
import { passageText } from '../retrieval/retrieve';
import { tokenize } from '../text/tokenize';
import type { GateSettings } from '../types';
import { chunkCorpus, type SourceFile } from './chunk';

export interface CompileOptions {
  files: SourceFile[];
  /** The shipped prompt the index is built for; default the current one. */
  promptVersion?: string;
  gate?: GateSettings;
  contextSize?: number;
  /** Size target of a passage, in characters; see chunkCorpus. */
  maxChars?: number;
  model?: RetrievalModel;
}

/**
 * Markdown files → passages → postings → one compiled index. All the work that does not depend on the
 * question happens here, once, at build time.
 */
export function compileIndex(options: CompileOptions): CompiledIndex {
  const passages = chunkCorpus(
    options.files,
    options.maxChars === undefined ? {} : { maxChars: options.maxChars },
  );
  const { terms, postings } = buildPostings(passages.map((passage) => tokenize(passageText(passage))));
  return {
    format: INDEX_FORMAT,
    version: INDEX_VERSION,
    passages,
    model: options.model ?? DEFAULT_RETRIEVAL_MODEL,
    terms,
    postings,
    promptVersion: options.promptVersion ?? CURRENT_PROMPT_VERSION,
    gate: options.gate ?? DEFAULT_GATE,
    contextSize: options.contextSize ?? DEFAULT_CONTEXT_SIZE,
  };
}

import type { InMemoryIndex } from '../compiled-index/types';
import { INDEX_FORMAT, INDEX_VERSION } from '../compiled-index/version';
import { DEFAULT_CONTEXT_SIZE, DEFAULT_GATE } from '../config';
import { CURRENT_PROMPT_VERSION } from '../prompt-versions';
import { DEFAULT_RETRIEVAL_MODEL, type RetrievalModel } from '../retrieval/model';
import { buildPostings } from '../retrieval/postings';
import { passageText } from '../retrieval/retrieve';
import { tokenize } from '../text/tokenize';
import type { GateSettings } from '../types';
import { chunkCorpus, type SourceFile } from './chunk';
import { IngestError } from './errors';
import { describeLeftOut, type LeftOut } from './left-out';
import { compileThesaurus } from './thesaurus';

export interface CompileOptions {
  files: SourceFile[];
  /** The shipped prompt the index is built for; default the current one. */
  promptVersion?: string;
  gate?: GateSettings;
  contextSize?: number;
  /** Size target of a passage, in characters; see chunkCorpus. */
  maxChars?: number;
  model?: RetrievalModel;
  /** What the corpus is called where the CLI and the page name it: "the library manual", "docs/". */
  corpus?: string;
  /**
   * Groups of words that can stand for one another (WordNet's, read by the command line); the index
   * keeps only what this corpus can use (see compileThesaurus). None: no thesaurus.
   */
  relatedWords?: readonly (readonly string[])[];
  /** Called as each file starts, with its place in `files`, then with `files.length` (see chunkCorpus). */
  onFile?: (index: number) => void;
}

/** The index, and every file or section of the corpus it was built without. */
export interface CompiledCorpus {
  index: InMemoryIndex;
  leftOut: LeftOut[];
}

/**
 * Documentation files → passages → postings → one compiled index, leaving out (and listing) what cannot
 * be used. All the work that does not depend on the question happens here, once, at build time.
 */
export function compileCorpus(options: CompileOptions): CompiledCorpus {
  const { passages, leftOut } = chunkCorpus(options.files, {
    ...(options.maxChars === undefined ? {} : { maxChars: options.maxChars }),
    ...(options.onFile === undefined ? {} : { onFile: options.onFile }),
  });
  const { terms, postings } = buildPostings(passages.map((passage) => tokenize(passageText(passage))));
  const thesaurus =
    options.relatedWords === undefined
      ? undefined
      : compileThesaurus({ groups: options.relatedWords, vocabulary: new Set(terms) });
  const index: InMemoryIndex = {
    format: INDEX_FORMAT,
    version: INDEX_VERSION,
    passages,
    model: options.model ?? DEFAULT_RETRIEVAL_MODEL,
    terms,
    postings,
    promptVersion: options.promptVersion ?? CURRENT_PROMPT_VERSION,
    gate: options.gate ?? DEFAULT_GATE,
    contextSize: options.contextSize ?? DEFAULT_CONTEXT_SIZE,
    ...(thesaurus === undefined ? {} : { thesaurus }),
  };
  if (options.corpus !== undefined) index.corpus = options.corpus;
  return { index, leftOut };
}

/** compileCorpus for a corpus that must be whole: anything left out is an IngestError listing it. */
export function compileIndex(options: CompileOptions): InMemoryIndex {
  const { index, leftOut } = compileCorpus(options);
  if (leftOut.length > 0) throw new IngestError(leftOut.map(describeLeftOut));
  return index;
}

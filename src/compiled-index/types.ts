// The compiled index's shapes, as read from a file and as checked. Both the codec (container.ts) and the
// check (check.ts) speak them, so they live apart from both: neither module imports the other.
import type { RetrievalModel } from '../retrieval/model';
import type { Postings } from '../retrieval/postings';
import type { GateSettings, Passage, Thesaurus } from '../types';
import type { INDEX_FORMAT, INDEX_VERSION } from './version';

/**
 * The passages as columns rather than one object each: at 100,000 passages the repeated keys were most
 * of the section, and checking a column is one pass over an array. `file` indexes `files`.
 */
export interface PassageColumns {
  files: string[];
  file: number[];
  line: number[];
  id: string[];
  trail: string[][];
  text: string[];
}

/**
 * Where the passages' text is when it is not in the index file (text-blocks.ts): blocks of consecutive
 * passages, block k holding passages starts[k] up to starts[k + 1], in the file named by digests[k] (hex
 * SHA-256) beside the index.
 */
export interface TextBlocks {
  starts: number[];
  digests: string[];
}

/** Passage text fetched on demand, and the passages that read it (text-blocks.ts's PassageTexts). */
export interface BlockText extends TextSource {
  /** The passages, each reading its text from here. */
  attach(passages: readonly Omit<Passage, 'text'>[]): Passage[];
}

/** Passage text fetched on demand: what ask() needs of text-blocks.ts's PassageTexts. */
export interface TextSource {
  /** Fetches these blocks (a TextNotLoaded names them), those not here yet. */
  load(blocks: readonly number[], signal: AbortSignal): Promise<void>;
  /** The blocks `reading` reads that are not here, each passage's text read as '' meanwhile. */
  missing(reading: () => unknown): number[];
  /** Fetches the blocks holding these passages (the index's own passage objects), those not here yet. */
  loadFor(passages: readonly Passage[], signal: AbortSignal): Promise<void>;
}

/** An index file read but not yet checked: the JSON sections as parsed, the postings decoded. */
export interface RawIndex {
  header: unknown;
  passages: unknown;
  postings: Postings;
}

export interface CompiledIndex {
  format: typeof INDEX_FORMAT;
  version: typeof INDEX_VERSION;
  passages: Passage[];
  model: RetrievalModel;
  terms: string[];
  postings: Postings;
  /** The version of the shipped system prompt the index was built for: the text is the application's. */
  promptVersion: string;
  gate: GateSettings;
  contextSize: number;
  /** What the corpus is called, for the words around its answers ("the library manual", "docs/"). */
  corpus?: string;
  /** Question words the corpus lacks → corpus terms that can stand for them; absent when none was compiled. */
  thesaurus?: Thesaurus;
  /** Set when the passages' text is kept apart from the index file, in blocks. */
  textBlocks?: TextBlocks;
  /**
   * Where the passages' text comes from when the index was read without it (the page, at a large
   * corpus): not part of the file. Absent, every passage holds its text.
   */
  textSource?: TextSource;
}

// The compiled index's shapes, as read from a file and as checked. Both the codec (container.ts) and the
// check (check.ts) speak them, so they live apart from both: neither module imports the other.
import type { RetrievalModel } from '../retrieval/model';
import type { PostingLists, Postings } from '../retrieval/postings';
import type { GateSettings, Passage, Thesaurus } from '../types';
import type { PostingsHead, PostingsHeadBytes } from './postings-codec';
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

/**
 * Where the postings are when they are not in the index file (posting-shards.ts): shards of consecutive
 * terms, shard k holding terms starts[k] up to starts[k + 1], in the file named by digests[k] (hex SHA-256)
 * beside the index.
 */
export interface PostingShardTable {
  starts: number[];
  digests: string[];
}

/** Postings fetched on demand: what the engine and ask() need of posting-shards.ts's ShardedPostings. */
export interface PostingSource extends PostingLists {
  /** The scorer's factor of each passage, which the index file stores. */
  factors: Float64Array;
  /** How many shards the index has. */
  readonly shardCount: number;
  /** The shards `reading` reads that are not here (it runs with their lists read as empty). */
  missing(reading: () => unknown): number[];
  /** Fetches these shards (a PostingsNotLoaded names them), those not here yet. */
  load(shards: readonly number[], signal: AbortSignal): Promise<void>;
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

/**
 * An index file read but not yet checked: the JSON sections as parsed, the postings decoded (all of them,
 * or, for an index kept in shards, their head: document frequencies and passage factors).
 */
export interface RawIndex {
  header: unknown;
  passages: unknown;
  postings: Postings | PostingsHead | PostingsHeadBytes;
}

/** Whether postings are a sharded index's head rather than every posting. */
export const isHead = (postings: RawIndex['postings']): postings is PostingsHead => 'factors' in postings;

export interface CompiledIndex {
  format: typeof INDEX_FORMAT;
  version: typeof INDEX_VERSION;
  passages: Passage[];
  model: RetrievalModel;
  terms: string[];
  /** Every posting, or, for an index whose postings are in shards beside it and not read yet, their head. */
  postings: Postings | PostingsHead;
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
  /** Set when the postings are kept apart from the index file, in shards (posting-shards.ts). */
  postingShards?: PostingShardTable;
  /** Where the shards' postings come from when the index was read without them: not part of the file. */
  postingSource?: PostingSource;
  /**
   * Where the passages' text comes from when the index was read without it (the page, at a large
   * corpus): not part of the file. Absent, every passage holds its text.
   */
  textSource?: TextSource;
}

/** An index with every posting in memory: as the ingest compiles it, and as the command line reads one. */
export type InMemoryIndex = CompiledIndex & { postings: Postings };

/** `index`, which must hold every posting (the command line's, the ingest's); a bug of ours otherwise. */
export function inMemory(index: CompiledIndex): InMemoryIndex {
  if (isHead(index.postings)) throw new RangeError('an index read without its posting shards');
  return index as InMemoryIndex;
}

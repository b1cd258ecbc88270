// The compiled index to and from its bytes, checked: what the command line, the ingest and the page's
// own-corpus chunk use. Apart from check.ts so that the first download, which checks an index the
// worker decoded, carries neither the decoder nor the encoder.

import { passageFactors } from '../retrieval/inverted-index';
import type { Postings } from '../retrieval/postings';
import { checkIndex } from './check';
import { type ReadOptions, readIndexFile } from './container';
import { hex } from './hex';
import {
  assembleShards,
  decodedHead,
  type PostingShardTable,
  PostingsUnavailableError,
  type ShardedPostings,
  shardTableOf,
  withShardSource,
} from './posting-shards';
import type { PostingsHead } from './postings-codec';
import { sha256Bytes } from './sha256';
import { blockPath, checkWithoutText, parseBlock, TextUnavailableError, textBlocksOf } from './text-blocks';
import { type BlockText, type CompiledIndex, isHead, type RawIndex, type TextBlocks } from './types';
import { IndexLoadError } from './version';

export { type LoadStep, type OnStep, type ReadOptions, serializeIndex } from './container';

/** How parseIndex reads an index whose passage text is in blocks beside it. */
export interface ParseOptions extends ReadOptions {
  /** The bytes of the file at `path` (`text/<digest>.bin`), relative to the index file. */
  readBlock?: (path: string) => Uint8Array;
  /** Or, instead of reading them all now, where the text comes from as it is read (checkWithoutText). */
  blockText?: (textBlocks: TextBlocks, passageCount: number) => BlockText;
  /**
   * Where the postings come from as questions read them, for an index kept in shards; without it,
   * `readBlock` reads every shard (`postings/<digest>.bin`) now.
   */
  shardSource?: (table: PostingShardTable, head: PostingsHead, passageCount: number) => ShardedPostings;
}

/**
 * Reads and checks a compiled index from its bytes, as the command line does; `onStep` times the load,
 * `sha256` is a native digest where the caller has one (ReadOptions). An index whose text is in blocks is
 * read with every block (`readBlock`), each checked against its digest: the command line holds the whole
 * text, as it does of an index that holds its own.
 */
export function parseIndex(bytes: Uint8Array, options: ParseOptions = {}): CompiledIndex {
  const read = readIndexFile(bytes, options);
  const raw = decodedHead(read);
  if (raw !== read) options.onStep?.('postings');
  const { blockText } = options;
  const index =
    blockText !== undefined && options.readBlock === undefined
      ? checkWithoutText(raw, checkIndex, blockText)
      : withBlockText(raw, options);
  const withPostings = withShards(index, raw, options);
  options.onStep?.('check');
  return withPostings;
}

/**
 * `index` with its postings, when they are in shards beside it: from `shardSource` as questions read them,
 * or every shard read now with `readBlock`, checked, and the passage factors the file stores checked
 * against those the postings give.
 */
function withShards(index: CompiledIndex, raw: RawIndex, options: ParseOptions): CompiledIndex {
  const table = shardTableOf(raw);
  const { postings } = index;
  if (table === undefined || !isHead(postings)) return index;
  const { readBlock, shardSource } = options;
  if (shardSource !== undefined && readBlock === undefined) return withShardSource(index, raw, shardSource);
  if (readBlock === undefined) {
    throw new IndexLoadError('the postings are in shards beside the index file, and were not read with it');
  }
  const passageCount = index.passages.length;
  let all: Postings;
  try {
    all = assembleShards({
      table,
      head: postings,
      passageCount,
      readShard: readBlock,
      sha256: options.sha256 ?? sha256Bytes,
    });
  } catch (error) {
    if (error instanceof PostingsUnavailableError) throw new IndexLoadError(error.message);
    throw error;
  }
  const factors = passageFactors(index.model, all, passageCount);
  if (factors.some((factor, doc) => !Object.is(factor, postings.factors[doc]))) {
    throw new IndexLoadError('not a valid sourcebound index: its passage factors do not match its postings');
  }
  return { ...index, postings: all, postingShards: table };
}

/** `raw` checked, with its passages' text read from the blocks its header lists, when it lists some. */
function withBlockText(raw: RawIndex, options: ParseOptions): CompiledIndex {
  const textBlocks = textBlocksOf(raw);
  const passages = raw.passages as { text?: unknown } | null;
  if (textBlocks === undefined) return checkIndex(raw);
  if (typeof passages !== 'object' || passages === null || 'text' in passages) {
    return { ...checkIndex(raw), textBlocks };
  }
  const { readBlock } = options;
  if (readBlock === undefined) {
    throw new IndexLoadError('the passage text is in blocks beside the index file, and was not read with it');
  }
  const sha256 = options.sha256 ?? sha256Bytes;
  const passageCount = (raw.header as { passageCount: number }).passageCount;
  const text: string[] = [];
  try {
    for (const [block, digest] of textBlocks.digests.entries()) {
      const bytes = readBlock(blockPath(digest));
      text.push(...parseBlock({ bytes, digest: hex(sha256(bytes)), textBlocks, block, passageCount }));
    }
  } catch (error) {
    if (error instanceof TextUnavailableError) throw new IndexLoadError(error.message);
    throw error;
  }
  // The header's own field: the checked index names the blocks, so that it is written as the same file.
  return { ...checkIndex({ ...raw, passages: { ...passages, text } }), textBlocks };
}

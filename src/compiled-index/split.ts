// A compiled index cut into its file and the parts kept beside it: the passages' text in blocks
// (text-blocks.ts) and the postings in shards (posting-shards.ts), each part named by its SHA-256. The
// ingest writes them to disk (scripts/lib/index-files.ts); the page keeps a visitor's large documents so on
// their device (src/ui/own-documents/kept-corpus.ts). Pure: no file system, no DOM.
import type { Postings } from '../retrieval/postings';
import { hex } from './hex';
import { everyList, type PostingShardTable, shardPath } from './posting-shards';
import { encodePostings, postingsOf, riceParameter } from './postings-codec';
import { sha256Bytes } from './sha256';
import { blockPath } from './text-blocks';
import { type CompiledIndex, type InMemoryIndex, isHead, type TextBlocks } from './types';

/** The text a block aims at, before compression: about 25 KB gzipped, a fraction of a second at 3 Mb/s. */
export const BLOCK_TARGET_CHARS = 64 * 1024;

/**
 * About how many bytes a shard of postings holds: a question reads the shards of its own terms only, so
 * smaller shards mean less fetched for one question, and more files.
 */
export const SHARD_TARGET_BYTES = 32 * 1024;

/** Passage text above this many characters is kept apart from the index by default. */
export const SPLIT_ABOVE_CHARS = 4 * 1024 * 1024;

/** How many characters of text the passages of `index` hold. */
export const textChars = (index: CompiledIndex) =>
  index.passages.reduce((sum, passage) => sum + passage.text.length, 0);

/**
 * The passages' texts cut into blocks of consecutive passages of about `targetChars` characters each (a passage longer
 * than that is a block of its own), each encoded and named by its SHA-256.
 */
export function splitText(
  texts: readonly string[],
  targetChars = BLOCK_TARGET_CHARS,
): { blocks: Uint8Array<ArrayBuffer>[]; textBlocks: TextBlocks } {
  const encoder = new TextEncoder();
  const blocks: Uint8Array<ArrayBuffer>[] = [];
  const textBlocks: TextBlocks = { starts: [], digests: [] };
  let start = 0;
  while (start < texts.length) {
    let end = start;
    let chars = 0;
    while (end < texts.length && (end === start || chars + (texts[end] as string).length <= targetChars)) {
      chars += (texts[end] as string).length;
      end++;
    }
    const block = encoder.encode(JSON.stringify(texts.slice(start, end)));
    blocks.push(block);
    textBlocks.starts.push(start);
    textBlocks.digests.push(hex(sha256Bytes(block)));
    start = end;
  }
  return { blocks, textBlocks };
}

/**
 * The postings cut into shards of consecutive terms of about `targetBytes` each (a term whose list is
 * longer than that is a shard of its own), each encoded as postings of its own and named by its SHA-256.
 */
export function splitPostings(
  postings: Postings,
  passageCount: number,
  targetBytes = SHARD_TARGET_BYTES,
): { shards: Uint8Array[]; table: PostingShardTable } {
  const termCount = postings.starts.length - 1;
  // A term's size as coded: its gaps, about Rice's k + 2 bits each, and a byte or so of frequency each.
  const sizeOf = (term: number) => {
    const count = (postings.starts[term + 1] as number) - (postings.starts[term] as number);
    return count + (count * (riceParameter(count, passageCount) + 2)) / 8 + 1;
  };
  const shards: Uint8Array[] = [];
  const table: PostingShardTable = { starts: [], digests: [] };
  let first = 0;
  while (first < termCount) {
    let end = first;
    let bytes = 0;
    while (end < termCount && (end === first || bytes + sizeOf(end) <= targetBytes)) {
      bytes += sizeOf(end);
      end++;
    }
    const shard = encodePostings(postingsOf(postings, first, end), passageCount);
    shards.push(shard);
    table.starts.push(first);
    table.digests.push(hex(sha256Bytes(shard)));
    first = end;
  }
  return { shards, table };
}

/** `index` without the parts it names or the sources that read them: as one file would hold it. */
export function withoutParts<T extends CompiledIndex>(
  index: T,
): Omit<T, 'textBlocks' | 'textSource' | 'postingShards' | 'postingSource'> {
  const {
    textBlocks: _blocks,
    textSource: _text,
    postingShards: _shards,
    postingSource: _lists,
    ...rest
  } = index;
  return rest;
}

/**
 * `index`, which must hold every posting; a bug of ours otherwise. types.ts's inMemory, written here: the
 * page's first download holds types.ts, and would hold that function too were this chunk to import it.
 */
function everyPosting(index: CompiledIndex): InMemoryIndex {
  if (isHead(index.postings)) throw new RangeError('an index read without its posting shards');
  return index as InMemoryIndex;
}

/** An index cut apart: what its file holds (serializeIndex writes it without the text), and its parts. */
export interface SplitIndex {
  /** The index naming its blocks and shards; its passages still hold their text, its postings every list. */
  index: CompiledIndex;
  /** Each part's bytes by its path beside the index file: `text/<digest>.bin`, `postings/<digest>.bin`. */
  parts: Map<string, Uint8Array>;
  blocks: number;
  shards: number;
}

/**
 * `whole` (every passage's text and every posting here) with its text in blocks and its postings in
 * shards. A corpus without a term (a passage of stopwords alone) keeps its empty postings in the file.
 */
export function splitIndex(
  whole: CompiledIndex,
  { blockChars = BLOCK_TARGET_CHARS, shardBytes = SHARD_TARGET_BYTES } = {},
): SplitIndex {
  const index = withoutParts(everyPosting(whole));
  const parts = new Map<string, Uint8Array>();
  const { blocks, textBlocks } = splitText(
    index.passages.map((passage) => passage.text),
    blockChars,
  );
  textBlocks.digests.forEach((digest, at) => {
    parts.set(blockPath(digest), blocks[at] as Uint8Array);
  });
  const { shards, table } = splitPostings(index.postings, index.passages.length, shardBytes);
  table.digests.forEach((digest, at) => {
    parts.set(shardPath(digest), shards[at] as Uint8Array);
  });
  return {
    index: { ...index, textBlocks, ...(shards.length === 0 ? {} : { postingShards: table }) },
    parts,
    blocks: blocks.length,
    shards: shards.length,
  };
}

/** How many blocks of text `index` reads as it needs them (none when its passages hold their text). */
const blocksApart = (index: CompiledIndex) =>
  index.textSource === undefined ? 0 : (index.textBlocks?.digests.length ?? 0);

/** How many parts `index` reads as it needs them: its text blocks and its posting shards, read apart. */
export const partCount = (index: CompiledIndex) =>
  blocksApart(index) + (index.postingSource?.shardCount ?? 0);

/**
 * Reads every part of `index` that its sources (textSource, postingSource) do not hold yet, one after
 * another, `onPart` told how many of them are here after each: what a reader of the whole index needs
 * first (split again, calibration). A part that cannot be had rejects with its kind's error.
 */
export async function loadEveryPart(
  index: CompiledIndex,
  signal: AbortSignal,
  onPart?: (here: number, of: number) => void,
): Promise<void> {
  const of = partCount(index);
  let here = 0;
  const { textSource, postingSource } = index;
  for (let block = 0; block < blocksApart(index); block++) {
    await textSource?.load([block], signal);
    onPart?.(++here, of);
  }
  for (let shard = 0; shard < (postingSource?.shardCount ?? 0); shard++) {
    await postingSource?.load([shard], signal);
    onPart?.(++here, of);
  }
}

/**
 * `index` with every passage's text and every posting in memory, as the ingest compiled it: an index read
 * in parts once loadEveryPart has read them all (a part not here throws its kind's not-loaded error).
 */
export function wholeIndex(index: CompiledIndex): InMemoryIndex {
  const passages =
    index.textSource === undefined
      ? index.passages
      : index.passages.map(({ id, file, line, trail, text }) => ({ id, file, line, trail, text }));
  const postings =
    isHead(index.postings) && index.postingSource !== undefined
      ? everyList(index.postingSource)
      : index.postings;
  return everyPosting({ ...withoutParts(index), passages, postings });
}

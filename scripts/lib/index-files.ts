// Writing a compiled index: one file, or, when its passage text is large, the file and its text in blocks
// beside it (`text/<digest>.bin`, src/compiled-index/text-blocks.ts), which the page fetches when a
// question reads them. Blocks are written before the index that names them, so an index on disk never
// names a block that is not there.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sectionsOf } from '../../src/compiled-index/container';
import { hex } from '../../src/compiled-index/hex';
import { serializeIndex } from '../../src/compiled-index/parse';
import { type PostingShardTable, shardPath } from '../../src/compiled-index/posting-shards';
import { encodePostings, postingsOf, riceParameter } from '../../src/compiled-index/postings-codec';
import { sha256Bytes } from '../../src/compiled-index/sha256';
import { blockPath } from '../../src/compiled-index/text-blocks';
import { type CompiledIndex, inMemory, type TextBlocks } from '../../src/compiled-index/types';
import { IndexLoadError } from '../../src/compiled-index/version';
import type { Postings } from '../../src/retrieval/postings';
import { writeOutput } from './cli';
import { nativeSha256 } from './native-sha256';

export const TEXT_LAYOUTS = ['auto', 'blocks', 'inline'] as const;
/** auto: blocks when the passages' text is over SPLIT_ABOVE_CHARS; blocks or inline: always so. */
export type TextLayout = (typeof TEXT_LAYOUTS)[number];

/** A block's name: its SHA-256 in hex. */
const BLOCK_NAME = /^[0-9a-f]{64}$/u;

/** The text a block aims at, before compression: about 25 KB gzipped, a fraction of a second at 3 Mb/s. */
export const BLOCK_TARGET_CHARS = 64 * 1024;

/** Passage text above this many characters is split from the index by default (`npm run ingest`). */
export const SPLIT_ABOVE_CHARS = 4 * 1024 * 1024;

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
 * About how many bytes a shard of postings holds: a question reads the shards of its own terms only, so
 * smaller shards mean less fetched for one question, and more files.
 */
export const SHARD_TARGET_BYTES = 32 * 1024;

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

/**
 * Writes `index` to `path` in `layout`; says how many blocks of text and shards of postings it names, if
 * any (a split layout has both). A part already there is kept only when it matches its name (a damaged one
 * is written again). Afterwards, the parts the index that was at `path` named and this one does not are
 * removed, unless another index in the same folder names them too: indexes written side by side share
 * the text/ and postings/ folders, a file each distinct part.
 */
export function writeIndexFiles(options: {
  path: string;
  index: CompiledIndex;
  layout?: TextLayout;
  /** About how many characters of text a block holds (BLOCK_TARGET_CHARS unless given). */
  blockChars?: number;
  /** About how many bytes of postings a shard holds (SHARD_TARGET_BYTES unless given). */
  shardBytes?: number;
}): {
  blocks: number;
  shards: number;
} {
  const { path, layout = 'auto', blockChars = BLOCK_TARGET_CHARS, shardBytes = SHARD_TARGET_BYTES } = options;
  const {
    textBlocks: _old,
    textSource: _source,
    postingShards: _shards,
    postingSource: _postings,
    ...index
  } = inMemory(options.index);
  const chars = index.passages.reduce((sum, passage) => sum + passage.text.length, 0);
  const split = layout === 'blocks' || (layout === 'auto' && chars > SPLIT_ABOVE_CHARS);
  const before = partsNamedBy(path);
  let written: CompiledIndex = index;
  const named = new Set<string>();
  const keep = (part: string, data: Uint8Array, what: string) => {
    named.add(part);
    const file = join(dirname(path), part);
    if (!existsSync(file) || hex(nativeSha256(readFileSync(file))) !== basename(part, '.bin')) {
      writeOutput({ path: file, what, data });
    }
  };
  let blockCount = 0;
  let shardCount = 0;
  if (split) {
    const { blocks, textBlocks } = splitText(
      index.passages.map((passage) => passage.text),
      blockChars,
    );
    textBlocks.digests.forEach((digest, at) => {
      keep(blockPath(digest), blocks[at] as Uint8Array, 'passage text');
    });
    const { shards, table } = splitPostings(index.postings, index.passages.length, shardBytes);
    table.digests.forEach((digest, at) => {
      keep(shardPath(digest), shards[at] as Uint8Array, 'postings');
    });
    blockCount = textBlocks.digests.length;
    shardCount = table.digests.length;
    // A corpus without a term (a passage of stopwords alone) has no postings to keep apart.
    written = { ...index, textBlocks, ...(shardCount === 0 ? {} : { postingShards: table }) };
  }
  writeOutput({ path, what: 'index', data: serializeIndex(written) });
  const stale = [...before].filter((part) => !named.has(part));
  if (stale.length > 0) {
    const folder = dirname(path);
    const elsewhere = new Set(
      readdirSync(folder)
        .filter((name) => name.endsWith('.bin') && join(folder, name) !== path)
        .flatMap((name) => [...partsNamedBy(join(folder, name))]),
    );
    for (const part of stale) {
      if (!elsewhere.has(part)) rmSync(join(folder, part), { force: true });
    }
  }
  return { blocks: blockCount, shards: shardCount };
}

/** The parts the index file at `path` names (`text/<digest>.bin`, `postings/<digest>.bin`); none when there is no index there. */
function partsNamedBy(path: string): Set<string> {
  if (!existsSync(path) || !statSync(path).isFile()) return new Set();
  try {
    const [header] = sectionsOf(readFileSync(path), { sha256: nativeSha256 });
    const parsed = JSON.parse(new TextDecoder().decode(header)) as {
      textBlocks?: { digests?: unknown };
      postingShards?: { digests?: unknown };
    };
    const named = (digests: unknown, pathOf: (digest: string) => string) =>
      Array.isArray(digests)
        ? digests.filter((digest): digest is string => BLOCK_NAME.test(String(digest))).map(pathOf)
        : [];
    return new Set([
      ...named(parsed.textBlocks?.digests, blockPath),
      ...named(parsed.postingShards?.digests, shardPath),
    ]);
  } catch (error) {
    // Not an index (another .bin), or a damaged one: it names no block this may remove or must keep.
    if (error instanceof IndexLoadError || error instanceof SyntaxError) return new Set();
    throw error;
  }
}

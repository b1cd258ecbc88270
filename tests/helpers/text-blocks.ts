// The manual's index with its passage text in blocks, as `npm run ingest -- --text blocks` writes it and as
// the page reads it (fetching each block), for the tests of src/compiled-index/text-blocks.ts and its users.

import { checkIndex } from '../../src/compiled-index/check';
import { readIndexFile } from '../../src/compiled-index/container';
import { serializeIndex } from '../../src/compiled-index/parse';
import {
  decodedHead,
  ShardedPostings,
  shardFetcher,
  shardPath,
  withShardSource,
} from '../../src/compiled-index/posting-shards';
import { sha256Bytes } from '../../src/compiled-index/sha256';
import { splitPostings, splitText } from '../../src/compiled-index/split';
import {
  blockFetcher,
  blockPath,
  checkWithoutText,
  PassageTexts,
} from '../../src/compiled-index/text-blocks';
import type { InMemoryIndex } from '../../src/compiled-index/types';
import { libraryIndex } from './engine';

// Small blocks, so that the manual's 16 passages make several.
export const TARGET = 1500;

/** The manual's index with its text in blocks, and the blocks by file name, as `npm run ingest` writes them. */
export function splitLibrary(
  target = TARGET,
  /** About how many bytes a shard of postings holds; absent, the postings stay in the index file. */
  shardBytes?: number,
  /** Whether the text goes in blocks; false, it stays in the index file. */
  textApart = true,
): {
  core: Uint8Array;
  files: Map<string, Uint8Array<ArrayBuffer>>;
  whole: InMemoryIndex;
} {
  const whole = libraryIndex();
  const { blocks, textBlocks } = splitText(
    whole.passages.map((passage) => passage.text),
    target,
  );
  const files = new Map(
    textBlocks.digests.map((digest, at) => [blockPath(digest), blocks[at] as Uint8Array<ArrayBuffer>]),
  );
  if (shardBytes === undefined) return { core: serializeIndex({ ...whole, textBlocks }), files, whole };
  const { shards, table } = splitPostings(whole.postings, whole.passages.length, shardBytes);
  if (!textApart) files.clear();
  table.digests.forEach((digest, at) => {
    files.set(shardPath(digest), shards[at] as Uint8Array<ArrayBuffer>);
  });
  const apart = textApart ? { textBlocks } : {};
  return { core: serializeIndex({ ...whole, ...apart, postingShards: table }), files, whole };
}

/** The index as the page reads it: without its text, which `fetched` records as it is fetched. */
export function asThePageReadsIt(options: {
  core: Uint8Array;
  files: Map<string, Uint8Array<ArrayBuffer>>;
  broken?: string;
  /** A fetch of the page's own instead (one that never answers, say); `fetched` still records it. */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}) {
  const fetched: string[] = [];
  const fetchBlock = async (url: string | URL | Request, init?: RequestInit) => {
    if (options.fetch !== undefined) {
      fetched.push(String(url));
      return options.fetch(String(url), init);
    }
    const path = new URL(String(url)).pathname.replace(/^\/site\//u, '');
    fetched.push(path);
    const bytes = options.files.get(path);
    if (bytes === undefined || path === options.broken) return new Response('gone', { status: 404 });
    return new Response(bytes);
  };
  const raw = decodedHead(readIndexFile(options.core));
  const sha256 = async (bytes: Uint8Array) => sha256Bytes(bytes);
  const site = 'https://example.test/site/index.bin';
  const index = withShardSource(
    checkWithoutText(
      raw,
      checkIndex,
      (textBlocks, passageCount) =>
        new PassageTexts({
          textBlocks,
          passageCount,
          fetchBlock: blockFetcher(site, fetchBlock as typeof fetch),
          sha256,
        }),
    ),
    raw,
    (table, head, passageCount) =>
      new ShardedPostings({
        table,
        head,
        passageCount,
        fetchShard: shardFetcher(site, fetchBlock as typeof fetch),
        sha256,
      }),
  );
  return { index, fetched };
}

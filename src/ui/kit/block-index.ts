// An index whose passage text is in blocks beside it, and whose postings may be in shards beside it, as
// the page holds it: checked without the text, each passage reading its text from blocks, each question
// reading its terms' postings from shards, fetched from the site as questions need them. In the
// question-time chunk, loaded at once only for such an index: the first download carries none of it.

import type { FetchPart } from '../../compiled-index/parts';
import {
  decodedHead,
  ShardedPostings,
  shardFetcher,
  withShardSource,
} from '../../compiled-index/posting-shards';
import type { PostingsHead } from '../../compiled-index/postings-codec';
import { blockFetcher, checkWithoutText, PassageTexts, webSha256 } from '../../compiled-index/text-blocks';
import type { CompiledIndex, PostingShardTable, RawIndex, TextBlocks } from '../../compiled-index/types';

/**
 * Where an index kept in parts reads them, as the page reads them: its passage text from blocks fetched
 * by `fetchBlock`, its postings from shards fetched by `fetchShard`, each checked by WebCrypto's SHA-256.
 * The site's parts (below) and the parts of a visitor's documents kept on the device (own-documents.ts).
 */
export function partSources(fetchBlock: FetchPart, fetchShard: FetchPart) {
  return {
    blockText: (textBlocks: TextBlocks, passageCount: number) =>
      new PassageTexts({ textBlocks, passageCount, fetchBlock, sha256: webSha256 }),
    shardSource: (table: PostingShardTable, head: PostingsHead, passageCount: number) =>
      new ShardedPostings({ table, head, passageCount, fetchShard, sha256: webSha256 }),
  };
}

/**
 * The index read by the worker from `url`, checked by `check` (the page's checkIndex, passed in so that
 * this chunk and the first download do not share it), its passage text and postings fetched from beside `url`.
 */
export function indexReadingBlocks(
  read: RawIndex,
  url: string,
  check: (raw: RawIndex) => CompiledIndex,
): CompiledIndex {
  const raw = decodedHead(read);
  const { blockText, shardSource } = partSources(blockFetcher(url), shardFetcher(url));
  return withShardSource(checkWithoutText(raw, check, blockText), raw, shardSource);
}

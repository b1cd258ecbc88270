// An index whose passage text is in blocks beside it, and whose postings may be in shards beside it, as
// the page holds it: checked without the text, each passage reading its text from blocks, each question
// reading its terms' postings from shards, fetched from the site as questions need them. In the
// question-time chunk, loaded at once only for such an index: the first download carries none of it.
import {
  decodedHead,
  ShardedPostings,
  shardFetcher,
  withShardSource,
} from '../../compiled-index/posting-shards';
import { blockFetcher, checkWithoutText, PassageTexts, webSha256 } from '../../compiled-index/text-blocks';
import type { CompiledIndex, RawIndex } from '../../compiled-index/types';

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
  const index = checkWithoutText(
    raw,
    check,
    (textBlocks, passageCount) =>
      new PassageTexts({ textBlocks, passageCount, fetchBlock: blockFetcher(url), sha256: webSha256 }),
  );
  return withShardSource(
    index,
    raw,
    (table, head, passageCount) =>
      new ShardedPostings({ table, head, passageCount, fetchShard: shardFetcher(url), sha256: webSha256 }),
  );
}

// A large index's postings, apart from the index: shards of consecutive terms, each a file named by its
// SHA-256 (`postings/<digest>.bin` beside the index file), fetched when a question first reads one of
// its terms. The index file keeps what every question needs before any list (the vocabulary, each term's
// document frequency, each passage's scorer factor: postings-codec.ts's head) and, in its header, each
// shard's first term and digest, which the index's own checksum covers. A question reads the postings of
// its own terms only, so it waits for a few shards, not for every posting of the corpus; a damaged shard
// refuses only the questions that read it, and says which shard.
import type { Postings, TermPostings } from '../retrieval/postings';
import { hex } from './hex';
import { type FetchPart, PartStore, type UnavailableCode } from './parts';
import { decodePostingsHead, decodeShard, PostingsFormatError, type PostingsHead } from './postings-codec';
import { blockOf, isTextBlocks, partFetcher, partTableOf } from './text-blocks';
import {
  type CompiledIndex,
  isHead,
  type PostingShardTable,
  type PostingSource,
  type RawIndex,
} from './types';
import { IndexLoadError } from './version';

export type { PostingShardTable } from './types';

/** The file name of a shard, beside the index: `postings/<digest>.bin`. */
export const shardPath = (digest: string) => `postings/${digest}.bin`;

/** Whether `value` is a header's `postingShards` for `termCount` terms (the same shape as text blocks). */
export const isShardTable = (value: unknown, termCount: number): value is PostingShardTable =>
  isTextBlocks(value, termCount);

/** A term's postings were read before its shard arrived: `shards` are the ones to fetch (then read again). */
export class PostingsNotLoaded extends Error {
  override name = 'PostingsNotLoaded';
  constructor(readonly shards: readonly number[]) {
    super(`postings not loaded yet (shard ${shards.join(', ')})`);
  }
}

/** A shard could not be had: the network or the host, a shard that does not match its digest, the wait. */
export class PostingsUnavailableError extends Error {
  override name = 'PostingsUnavailableError';
  constructor(
    message: string,
    readonly code: UnavailableCode = 'unavailable',
  ) {
    super(message);
  }
}

const nameOf = (table: PostingShardTable, shard: number) =>
  `postings shard ${shard + 1} of ${table.digests.length}`;

const NONE: TermPostings = { docs: new Uint32Array(0), tfs: new Uint16Array(0), start: 0, end: 0 };

/**
 * The postings of an index kept in shards, as the engine reads them (PostingLists): every term's
 * document frequency at once, a term's list from its shard. The page fetches shards as questions read
 * them (`fetchShard`: a list not here throws PostingsNotLoaded, and ask() fetches and reads again); a
 * reader that has the files at hand (`readShard`: the benchmark) reads and checks a shard the first
 * time one of its terms is read.
 */
export class ShardedPostings implements PostingSource {
  readonly counts: Uint32Array;
  readonly factors: Float64Array;
  private readonly shards: PartStore<Postings>;

  constructor(
    private readonly options: {
      table: PostingShardTable;
      head: PostingsHead;
      passageCount: number;
      /** How shards are fetched (the page), checked by `sha256`. */
      fetchShard?: FetchPart;
      sha256?: (bytes: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>;
      /** Or read at once, checked by `sha256Now`. */
      readShard?: (path: string) => Uint8Array;
      sha256Now?: (bytes: Uint8Array) => Uint8Array;
    },
  ) {
    const { table, head, fetchShard, sha256 } = options;
    this.counts = head.counts;
    this.factors = head.factors;
    this.shards = new PartStore<Postings>(
      {
        path: (shard) => shardPath(table.digests[shard] as string),
        name: (shard) => nameOf(table, shard),
        decode: async (bytes, shard) => {
          if (sha256 === undefined) throw new RangeError('no SHA-256 to check a fetched shard with');
          return this.decode(bytes, hex(await sha256(bytes)), shard);
        },
        unavailable: (message, code) => new PostingsUnavailableError(message, code),
        notLoaded: (shards) => new PostingsNotLoaded(shards),
      },
      fetchShard ??
        (() => Promise.reject(new PostingsUnavailableError('this index reads its postings from files'))),
    );
  }

  /** How many shards the index has. */
  get shardCount(): number {
    return this.options.table.digests.length;
  }

  list(term: number): TermPostings {
    const { table, readShard, sha256Now } = this.options;
    const shard = blockOf(table, term);
    if (!this.shards.has(shard) && readShard !== undefined && sha256Now !== undefined) {
      const bytes = readShard(shardPath(table.digests[shard] as string));
      this.shards.set(shard, this.decode(bytes, hex(sha256Now(bytes)), shard));
    }
    const postings = this.shards.get(shard);
    if (postings === undefined) return NONE;
    const local = term - (table.starts[shard] as number);
    const { starts, docs, tfs } = postings;
    return { docs, tfs, start: starts[local] as number, end: starts[local + 1] as number };
  }

  /** The shards `reading` reads that are not here (it runs with their lists read as empty). */
  missing(reading: () => unknown): number[] {
    return this.shards.missing(reading);
  }

  /** Fetches `shards`, those not here yet (parts.ts's PartStore.load). */
  async load(shards: readonly number[], signal: AbortSignal): Promise<void> {
    if (shards.some((shard) => this.options.table.digests[shard] === undefined)) {
      throw new RangeError(`no postings shard ${shards.join(', ')}`);
    }
    await this.shards.load(shards, signal);
  }

  /** A shard's bytes as its postings, once they match its digest; PostingsUnavailableError, naming it, else. */
  private decode(bytes: Uint8Array, digest: string, shard: number): Postings {
    const { table, head, passageCount } = this.options;
    const name = nameOf(table, shard);
    if (digest !== table.digests[shard]) {
      throw new PostingsUnavailableError(
        `${name} is damaged: it does not match the SHA-256 the index lists for it`,
        'damaged',
      );
    }
    const first = table.starts[shard] as number;
    const termCount = (table.starts[shard + 1] ?? head.counts.length) - first;
    try {
      return decodeShard(bytes, { first, counts: head.counts, passageCount, termCount });
    } catch (error) {
      if (error instanceof PostingsFormatError) {
        throw new PostingsUnavailableError(`${name} is damaged: ${error.message}`, 'damaged');
      }
      throw error;
    }
  }
}

/** The header's `postingShards`, checked, if it has them; an IndexLoadError if they are not a table of shards. */
export function shardTableOf(raw: RawIndex): PostingShardTable | undefined {
  const terms = (raw.header as { terms?: unknown } | null)?.terms;
  return partTableOf(
    raw,
    'postingShards',
    Array.isArray(terms) ? terms.length : 0,
    'each shard’s first term, in order, and its SHA-256',
  );
}

/**
 * A checked index whose postings are in shards (its `postings` the head), given where its lists come from
 * (`source`: the page's fetching ShardedPostings, the benchmark's reading one). Any other index is as it was.
 */
export function withShardSource(
  index: CompiledIndex,
  raw: RawIndex,
  source: (table: PostingShardTable, head: PostingsHead, passageCount: number) => ShardedPostings,
): CompiledIndex {
  const table = shardTableOf(raw);
  const { postings } = index;
  if (table === undefined || !isHead(postings)) return index;
  return { ...index, postingShards: table, postingSource: source(table, postings, index.passages.length) };
}

/**
 * Every shard read now (`readShard`: the command line, which holds the whole index), each checked against
 * its digest and the head, as one index's postings; the head's passage factors are checked against those
 * the postings give. Throws PostingsUnavailableError naming the shard.
 */
export function assembleShards(options: {
  table: PostingShardTable;
  head: PostingsHead;
  passageCount: number;
  readShard: (path: string) => Uint8Array;
  sha256: (bytes: Uint8Array) => Uint8Array;
}): Postings {
  const { head, readShard, sha256 } = options;
  const { table, passageCount } = options;
  const lists = new ShardedPostings({ table, head, passageCount, readShard, sha256Now: sha256 });
  return everyList(lists);
}

/** Every term's list of `lists` (whose parts are all here, or read as they are reached) as one index's postings. */
export function everyList(lists: Pick<PostingSource, 'counts' | 'list'>): Postings {
  const termCount = lists.counts.length;
  let total = 0;
  for (let term = 0; term < termCount; term++) total += lists.counts[term] as number;
  const postings: Postings = {
    starts: new Uint32Array(termCount + 1),
    docs: new Uint32Array(total),
    tfs: new Uint16Array(total),
  };
  let at = 0;
  for (let term = 0; term < termCount; term++) {
    const { docs, tfs, start, end } = lists.list(term);
    postings.starts[term] = at;
    postings.docs.set(docs.subarray(start, end), at);
    postings.tfs.set(tfs.subarray(start, end), at);
    at += end - start;
  }
  postings.starts[termCount] = at;
  return postings;
}

/** How the page fetches a shard from beside the index at `indexUrl` (text-blocks.ts's partFetcher). */
export const shardFetcher = (indexUrl: string, fetchShard: typeof fetch = fetch, cacheName = 'postings') =>
  partFetcher({
    indexUrl,
    what: 'postings',
    unavailable: (message, code) => new PostingsUnavailableError(message, code),
    cacheName,
    fetchPart: fetchShard,
  });

/**
 * `raw` with the head of its postings decoded and checked (postings-codec.ts), when container.ts left it as
 * bytes (an index kept in shards); any other index as it is.
 */
export function decodedHead(raw: RawIndex): RawIndex {
  const { postings } = raw;
  if (!('head' in postings)) return raw;
  try {
    return { ...raw, postings: decodePostingsHead(postings.head, postings.shape) };
  } catch (error) {
    if (error instanceof PostingsFormatError) {
      throw new IndexLoadError(`not a valid sourcebound index: postings: ${error.message}`);
    }
    throw error;
  }
}

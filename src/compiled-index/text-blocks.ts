// A large index's passage text, apart from the index: blocks of consecutive passages, each a file named
// by its SHA-256 (`text/<digest>.bin` beside the index file), fetched when a question first reads one of
// its passages. The index file keeps what a question needs first (the vocabulary, the postings, the
// passages' ids and headings) and, in its header, each block's first passage and digest: the index's own
// checksum covers the digests, and each block is checked against its digest when it arrives, so a damaged
// block refuses only the questions that read it, and says which block.
//
// A block is UTF-8 JSON: the list of its passages' texts, in order.
import type { Passage } from '../types';
import { readBounded } from './bounded-body';
import { hex } from './hex';
import { type FetchPart, PART_DEADLINE_MS, PartStore, type UnavailableCode } from './parts';
import type { BlockText, CompiledIndex, RawIndex, TextBlocks } from './types';
import { IndexLoadError } from './version';

/** A block's largest size as read: a bound on what one fetch may hold, many times the target. */
export const MAX_BLOCK_BYTES = 16 * 1024 * 1024;

/** A passage's text was read before its block arrived: `blocks` are the ones to fetch (then read again). */
export class TextNotLoaded extends Error {
  override name = 'TextNotLoaded';
  constructor(readonly blocks: readonly number[]) {
    super(`passage text not loaded yet (block ${blocks.join(', ')})`);
  }
}

/** A block could not be had: the network or the host, a block that does not match its digest, the wait. */
export class TextUnavailableError extends Error {
  override name = 'TextUnavailableError';
  constructor(
    message: string,
    readonly code: UnavailableCode = 'unavailable',
  ) {
    super(message);
  }
}

/** The file name of a block, beside the index: `text/<digest>.bin`. */
export const blockPath = (digest: string) => `text/${digest}.bin`;

/**
 * Whether `value` is a header's `textBlocks` for `passageCount` passages: each block's first passage, from
 * 0 and rising, below the count, and its SHA-256 in hex.
 */
export function isTextBlocks(value: unknown, passageCount: number): value is TextBlocks {
  const { starts, digests } = (value ?? {}) as Partial<TextBlocks>;
  return (
    Array.isArray(starts) &&
    Array.isArray(digests) &&
    starts.length === digests.length &&
    starts[0] === 0 &&
    starts.every(
      (start, at) =>
        Number.isInteger(start) && start < passageCount && (at === 0 || (starts[at - 1] as number) < start),
    ) &&
    digests.every((digest) => typeof digest === 'string' && /^[0-9a-f]{64}$/u.test(digest))
  );
}

/**
 * The header's table of parts under `field` (`textBlocks`, `postingShards`), each part's first item of
 * `count` and its digest, checked, if it has one; an IndexLoadError saying what was expected if not.
 */
export function partTableOf(
  raw: RawIndex,
  field: 'textBlocks' | 'postingShards',
  count: number,
  expected: string,
): TextBlocks | undefined {
  const value = (raw.header as Record<string, unknown> | null)?.[field];
  if (value === undefined) return undefined;
  if (!isTextBlocks(value, count)) {
    throw new IndexLoadError(`not a valid sourcebound index: header: ${field}: expected ${expected}`);
  }
  return value;
}

/** The header's `textBlocks`, checked, if it has them; an IndexLoadError if they are not blocks. */
export function textBlocksOf(raw: RawIndex): TextBlocks | undefined {
  const count = (raw.header as { passageCount?: unknown } | null)?.passageCount;
  return partTableOf(
    raw,
    'textBlocks',
    typeof count === 'number' ? count : 0,
    'each block’s first passage, in order, and its SHA-256',
  );
}

/**
 * An index file read without its passage text, which its header says is in blocks (textBlocksOf):
 * checked by `check` (check.ts's checkIndex) with the text left blank, then given passages that read it
 * from `source` (the page's PassageTexts). An index that holds its text is only checked. Apart from
 * check.ts so that the first download, which reads the manual, carries none of this.
 */
export function checkWithoutText(
  raw: RawIndex,
  check: (raw: RawIndex) => CompiledIndex,
  source: (textBlocks: TextBlocks, passageCount: number) => BlockText,
): CompiledIndex {
  const textBlocks = textBlocksOf(raw);
  const columns = raw.passages as { id?: unknown; text?: unknown } | null;
  if (textBlocks === undefined || columns === null || typeof columns !== 'object' || 'text' in columns) {
    return check(raw);
  }
  const count = Array.isArray(columns.id) ? columns.id.length : 0;
  const index = check({ ...raw, passages: { ...columns, text: new Array<string>(count).fill('') } });
  const texts = source(textBlocks, index.passages.length);
  return { ...index, textBlocks, passages: texts.attach(index.passages), textSource: texts };
}

/** The block holding passage `at`: the last block starting at or before it. */
export function blockOf(textBlocks: TextBlocks, at: number): number {
  const { starts } = textBlocks;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** How many passages block `block` holds. */
const sizeOf = (textBlocks: TextBlocks, block: number, passageCount: number) =>
  (textBlocks.starts[block + 1] ?? passageCount) - (textBlocks.starts[block] as number);

/**
 * A block's bytes as the texts of its passages, once they match `digest` (computed by `sha256`, which may
 * be a native one). Throws TextUnavailableError, naming the block, for anything else.
 */
export async function decodeBlock(options: {
  bytes: Uint8Array<ArrayBuffer>;
  textBlocks: TextBlocks;
  block: number;
  passageCount: number;
  sha256: (bytes: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>;
}): Promise<string[]> {
  const { bytes, sha256 } = options;
  return parseBlock({ ...options, digest: hex(await sha256(bytes)) });
}

const nameOf = (textBlocks: TextBlocks, block: number) =>
  `passage text block ${block + 1} of ${textBlocks.digests.length}`;

/** decodeBlock with the block's SHA-256 (`digest`, hex) already computed: for a caller that hashes at once. */
export function parseBlock(options: {
  bytes: Uint8Array;
  digest: string;
  textBlocks: TextBlocks;
  block: number;
  passageCount: number;
}): string[] {
  const { bytes, digest, textBlocks, block, passageCount } = options;
  const name = nameOf(textBlocks, block);
  if (digest !== textBlocks.digests[block]) {
    throw new TextUnavailableError(
      `${name} is damaged: it does not match the SHA-256 the index lists for it`,
      'damaged',
    );
  }
  let texts: unknown;
  try {
    texts = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof TypeError) {
      throw new TextUnavailableError(`${name} is not a list of texts (${error.message})`, 'damaged');
    }
    throw error;
  }
  const size = sizeOf(textBlocks, block, passageCount);
  if (!Array.isArray(texts) || texts.length !== size || texts.some((text) => typeof text !== 'string')) {
    throw new TextUnavailableError(
      `${name} does not hold the ${size} passage texts the index announces`,
      'damaged',
    );
  }
  return texts as string[];
}

/** What the page's PassageTexts fetches a block with (parts.ts's FetchPart). */
export type FetchBlock = FetchPart;

/** How long one block's fetch may take, whoever waits for it (parts.ts). */
export const BLOCK_DEADLINE_MS = PART_DEADLINE_MS;

/**
 * The passage text of an index whose text is in blocks, as the page holds it: each block fetched once,
 * when first needed, and kept (at most the whole text, which the single-file layout holds from the
 * start). `attach` gives each passage a `text` that reads from here, and throws TextNotLoaded for a
 * passage whose block has not arrived: ask() fetches what a question read and asks again (engine.ts).
 */
export class PassageTexts implements BlockText {
  private readonly blocks: PartStore<readonly string[]>;

  constructor(
    private readonly options: {
      textBlocks: TextBlocks;
      passageCount: number;
      fetchBlock: FetchBlock;
      sha256: (bytes: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>;
    },
  ) {
    const { textBlocks, passageCount, sha256 } = options;
    this.blocks = new PartStore(
      {
        path: (block) => blockPath(textBlocks.digests[block] as string),
        name: (block) => nameOf(textBlocks, block),
        decode: (bytes, block) => decodeBlock({ bytes, textBlocks, block, passageCount, sha256 }),
        unavailable: (message, code) => new TextUnavailableError(message, code),
        notLoaded: (blocks) => new TextNotLoaded(blocks),
      },
      options.fetchBlock,
    );
  }

  /** The text of passage `at`, or TextNotLoaded naming its block ('' while `missing` reads). */
  textOf(at: number): string {
    const block = blockOf(this.options.textBlocks, at);
    const texts = this.blocks.get(block);
    if (texts === undefined) return '';
    return texts[at - (this.options.textBlocks.starts[block] as number)] as string;
  }

  /**
   * The blocks `reading` reads that are not here: it runs with each of their passages' text read as ''
   * instead of throwing, so that one pass names every block it reaches, not only the first.
   */
  missing(reading: () => unknown): number[] {
    return this.blocks.missing(reading);
  }

  /** Gives each passage (in index order) a `text` read from these blocks. */
  attach(passages: readonly Omit<Passage, 'text'>[]): Passage[] {
    return passages.map((place, at) => new BlockPassage(place, at, this));
  }

  /**
   * Fetches `blocks`, those not here yet. Each is fetched once, however many wait for it, under its own
   * deadline: `signal` ends this wait, not the fetch, which another question may be waiting for.
   */
  async load(blocks: readonly number[], signal: AbortSignal): Promise<void> {
    if (blocks.some((block) => this.options.textBlocks.digests[block] === undefined)) {
      throw new RangeError(`no passage text block ${blocks.join(', ')}`);
    }
    await this.blocks.load(blocks, signal);
  }

  /** Fetches the blocks holding `passages` (attached here), those not here yet. */
  async loadFor(passages: readonly Passage[], signal: AbortSignal): Promise<void> {
    const wanted = new Set<number>();
    for (const passage of passages) {
      if (!(passage instanceof BlockPassage) || passage.texts !== this) {
        throw new RangeError(`passage ${passage.id} is not one of this index's`);
      }
      wanted.add(blockOf(this.options.textBlocks, passage.at));
    }
    await this.load(
      [...wanted].filter((block) => !this.blocks.has(block)),
      signal,
    );
  }
}

/**
 * A passage of an index whose text is in blocks: its text read from them when asked for. A class, not an
 * object with a getter of its own: at 100,000 passages, 100,000 own getters cost the load a tenth of a
 * second. `text` is on the prototype, so a copy made by spreading holds no text unless it sets one.
 */
export class BlockPassage implements Passage {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly trail: string[];

  constructor(
    place: Omit<Passage, 'text'>,
    readonly at: number,
    readonly texts: { textOf(at: number): string },
  ) {
    this.id = place.id;
    this.file = place.file;
    this.line = place.line;
    this.trail = place.trail;
  }

  get text(): string {
    return this.texts.textOf(this.at);
  }
}

/**
 * How the page fetches a part kept beside the index at `indexUrl` (a block of text, a shard of postings):
 * its body read up to MAX_BLOCK_BYTES, with the network's and the host's failures as the kind's
 * `unavailable` error (an abort stays an AbortError). A `fresh` fetch first drops the copy the service
 * worker keeps (`cacheName`), which failed its check.
 */
export function partFetcher(options: {
  indexUrl: string;
  /** What the part is, for messages: "passage text". */
  what: string;
  unavailable: (message: string, code: UnavailableCode) => Error;
  cacheName: string;
  fetchPart?: typeof fetch;
}): FetchPart {
  const { indexUrl, what, unavailable, cacheName, fetchPart = fetch } = options;
  return async (path, signal, fresh = false) => {
    const url = new URL(path, indexUrl).href;
    if (fresh) await globalThis.caches?.open(cacheName).then((cache) => cache.delete(url));
    try {
      const response = await fetchPart(url, { signal, ...(fresh ? { cache: 'reload' as const } : {}) });
      if (!response.ok) {
        throw unavailable(`${what} ${path}: the site answered ${response.status}`, 'unavailable');
      }
      return await readBounded(response, MAX_BLOCK_BYTES, () =>
        unavailable(`${what} ${path} is over ${MAX_BLOCK_BYTES} bytes`, 'damaged'),
      );
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof TypeError) {
        throw unavailable(`${what} ${path} could not be fetched (${error.message})`, 'unavailable');
      }
      throw error;
    }
  };
}

/** How the page fetches a block of passage text (partFetcher). */
export const blockFetcher = (
  indexUrl: string,
  fetchBlock: typeof fetch = fetch,
  cacheName = 'passage-text',
) =>
  partFetcher({
    indexUrl,
    what: 'passage text',
    unavailable: (message, code) => new TextUnavailableError(message, code),
    cacheName,
    fetchPart: fetchBlock,
  });

/** SHA-256 by WebCrypto where the page has it (https, localhost), else this project's own, loaded then. */
export async function webSha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle !== undefined) {
    try {
      return new Uint8Array(await subtle.digest('SHA-256', bytes));
    } catch {
      // A WebCrypto that will not hash this leaves the JavaScript one, as the index's own check does.
    }
  }
  return (await import('./sha256')).sha256Bytes(bytes);
}

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
    readonly code: 'unavailable' | 'damaged' | 'timeout' | 'aborted' = 'unavailable',
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

/** The header's `textBlocks`, checked, if it has them; an IndexLoadError if they are not blocks. */
export function textBlocksOf(raw: RawIndex): TextBlocks | undefined {
  const header = raw.header as { textBlocks?: unknown; passageCount?: unknown } | null;
  const value = header?.textBlocks;
  if (value === undefined) return undefined;
  const count = typeof header?.passageCount === 'number' ? header.passageCount : 0;
  if (!isTextBlocks(value, count)) {
    throw new IndexLoadError(
      'not a valid sourcebound index: header: textBlocks: expected each block’s first passage, in order, and its SHA-256',
    );
  }
  return value;
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

/**
 * What the page's PassageTexts fetches a block with: its bytes, or a TextUnavailableError. `fresh` asks
 * for it again past any cache (the first copy did not match its digest).
 */
export type FetchBlock = (
  path: string,
  signal: AbortSignal,
  fresh?: boolean,
) => Promise<Uint8Array<ArrayBuffer>>;

/**
 * How long one block's fetch may take, whoever waits for it: a bound on the fetch itself, longer than a
 * question's wait for its text (TEXT_DEADLINE_MS in src/ask/engine.ts), which gives up first.
 */
export const BLOCK_DEADLINE_MS = 60_000;

/** `promise`, or an AbortError as soon as `signal` aborts (what it was doing goes on for others). */
function until<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(error);
      },
    );
  });
}

/**
 * The passage text of an index whose text is in blocks, as the page holds it: each block fetched once,
 * when first needed, and kept (at most the whole text, which the single-file layout holds from the
 * start). `attach` gives each passage a `text` that reads from here, and throws TextNotLoaded for a
 * passage whose block has not arrived: ask() fetches what a question read and asks again (engine.ts).
 */
export class PassageTexts implements BlockText {
  private readonly loaded = new Map<number, readonly string[]>();
  private readonly pending = new Map<number, Promise<void>>();
  /** Set while `missing` reads: the blocks read and not here, instead of a TextNotLoaded. */
  private missed: Set<number> | undefined;

  constructor(
    private readonly options: {
      textBlocks: TextBlocks;
      passageCount: number;
      fetchBlock: FetchBlock;
      sha256: (bytes: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>;
    },
  ) {}

  /** The text of passage `at`, or TextNotLoaded naming its block ('' while `missing` reads). */
  textOf(at: number): string {
    const block = blockOf(this.options.textBlocks, at);
    const texts = this.loaded.get(block);
    if (texts === undefined) {
      if (this.missed === undefined) throw new TextNotLoaded([block]);
      this.missed.add(block);
      return '';
    }
    return texts[at - (this.options.textBlocks.starts[block] as number)] as string;
  }

  /**
   * The blocks `reading` reads that are not here: it runs with each of their passages' text read as ''
   * instead of throwing, so that one pass names every block it reaches, not only the first.
   */
  missing(reading: () => unknown): number[] {
    const missed = new Set<number>();
    this.missed = missed;
    try {
      reading();
    } finally {
      this.missed = undefined;
    }
    return [...missed];
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
    await until(Promise.all(blocks.map((block) => this.loadOne(block))), signal);
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
      [...wanted].filter((block) => !this.loaded.has(block)),
      signal,
    );
  }

  private loadOne(block: number): Promise<void> {
    if (this.loaded.has(block)) return Promise.resolve();
    let waiting = this.pending.get(block);
    if (waiting === undefined) {
      waiting = this.fetchAndCheck(block).finally(() => this.pending.delete(block));
      this.pending.set(block, waiting);
    }
    return waiting;
  }

  /** One block fetched and checked; a copy that fails its check is fetched once more, past any cache. */
  private async fetchAndCheck(block: number): Promise<void> {
    const { textBlocks, passageCount, fetchBlock, sha256 } = this.options;
    const digest = textBlocks.digests[block];
    if (digest === undefined) throw new RangeError(`no passage text block ${block}`);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), BLOCK_DEADLINE_MS);
    const fetched = async (fresh: boolean) => {
      const bytes = await fetchBlock(blockPath(digest), deadline.signal, fresh);
      return decodeBlock({ bytes, textBlocks, block, passageCount, sha256 });
    };
    try {
      let texts: string[];
      try {
        texts = await until(fetched(false), deadline.signal);
      } catch (error) {
        if (!(error instanceof TextUnavailableError && error.code === 'damaged')) throw error;
        texts = await until(fetched(true), deadline.signal);
      }
      this.loaded.set(block, texts);
    } catch (error) {
      if (deadline.signal.aborted) {
        throw new TextUnavailableError(
          `${nameOf(textBlocks, block)} did not arrive within ${BLOCK_DEADLINE_MS / 1000} s`,
          'timeout',
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
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
 * How the page fetches a block: from beside the index at `indexUrl`, its body read up to MAX_BLOCK_BYTES,
 * with the network's and the host's failures as TextUnavailableError (an abort stays an AbortError). A
 * `fresh` fetch first drops the copy the service worker keeps (`cacheName`), which failed its check.
 */
export function blockFetcher(
  indexUrl: string,
  fetchBlock: typeof fetch = fetch,
  cacheName = 'passage-text',
): FetchBlock {
  return async (path, signal, fresh = false) => {
    const url = new URL(path, indexUrl).href;
    if (fresh) await globalThis.caches?.open(cacheName).then((cache) => cache.delete(url));
    try {
      const response = await fetchBlock(url, { signal, ...(fresh ? { cache: 'reload' as const } : {}) });
      if (!response.ok) {
        throw new TextUnavailableError(`passage text ${path}: the site answered ${response.status}`);
      }
      return await readBounded(
        response,
        MAX_BLOCK_BYTES,
        () => new TextUnavailableError(`passage text ${path} is over ${MAX_BLOCK_BYTES} bytes`, 'damaged'),
      );
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof TypeError) {
        throw new TextUnavailableError(`passage text ${path} could not be fetched (${error.message})`);
      }
      throw error;
    }
  };
}

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

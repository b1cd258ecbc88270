// Parts of a large index kept beside its file and fetched as questions need them: blocks of passage text
// (text-blocks.ts) and shards of postings (posting-shards.ts). Each part is a file named by its SHA-256,
// which the index file lists (its own checksum covers the list), fetched once, checked against its digest
// when it arrives, and kept. A part read before it is here throws the kind's "not loaded" error naming
// it; ask() fetches what a question read and reads again (src/ask/engine.ts).

/** Why a part could not be had. */
export type UnavailableCode = 'unavailable' | 'damaged' | 'timeout' | 'aborted';

/** One kind of part: where its files are, what it decodes to, and the errors that name it. */
export interface PartKind<T> {
  /** Its file, beside the index: `<folder>/<digest>.bin`. */
  path(part: number): string;
  /** "passage text block 3 of 500", for messages. */
  name(part: number): string;
  /** The part's bytes, once they match its digest, as what they hold; else `unavailable(…, 'damaged')`. */
  decode(bytes: Uint8Array<ArrayBuffer>, part: number): Promise<T>;
  /** The error a part that cannot be had is: the network, the host, a damaged copy, the wait. */
  unavailable(message: string, code: UnavailableCode): Error & { code: UnavailableCode };
  /** The error a read of parts not here yet is: ask() fetches them and reads again. */
  notLoaded(parts: readonly number[]): Error;
}

/**
 * How a part's bytes are fetched: its bytes, or the kind's unavailable error. `fresh` asks past any cache
 * (the first copy did not match its digest).
 */
export type FetchPart = (
  path: string,
  signal: AbortSignal,
  fresh?: boolean,
) => Promise<Uint8Array<ArrayBuffer>>;

/**
 * How long one part's fetch may take, whoever waits for it: a bound on the fetch itself, longer than a
 * question's wait (TEXT_DEADLINE_MS in src/ask/engine.ts), which gives up first.
 */
export const PART_DEADLINE_MS = 60_000;

/** `promise`, or an AbortError as soon as `signal` aborts (what it was doing goes on for others). */
export function until<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
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

/** The parts of one kind that are here, fetched once each however many wait for them. */
export class PartStore<T> {
  private readonly loaded = new Map<number, T>();
  private readonly pending = new Map<number, Promise<void>>();
  /** Set while `missing` reads: the parts read and not here, instead of the kind's not-loaded error. */
  private missed: Set<number> | undefined;

  constructor(
    private readonly kind: PartKind<T>,
    private readonly fetchPart: FetchPart,
  ) {}

  /** Part `part`, or the kind's not-loaded error (undefined, noted, while `missing` reads). */
  get(part: number): T | undefined {
    const value = this.loaded.get(part);
    if (value !== undefined) return value;
    if (this.missed === undefined) throw this.kind.notLoaded([part]);
    this.missed.add(part);
    return undefined;
  }

  /** Whether part `part` is here. */
  has(part: number): boolean {
    return this.loaded.has(part);
  }

  /** Keeps a part decoded here rather than fetched (the command line reads its files itself). */
  set(part: number, value: T): void {
    this.loaded.set(part, value);
  }

  /**
   * The parts `reading` reads that are not here: it runs with each of them read as absent instead of
   * throwing, so that one pass names every part it reaches, not only the first.
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

  /**
   * Fetches `parts`, those not here yet. Each is fetched once, however many wait for it, under its own
   * deadline: `signal` ends this wait, not the fetch, which another question may be waiting for.
   */
  async load(parts: readonly number[], signal: AbortSignal): Promise<void> {
    await until(Promise.all(parts.map((part) => this.loadOne(part))), signal);
  }

  private loadOne(part: number): Promise<void> {
    if (this.loaded.has(part)) return Promise.resolve();
    let waiting = this.pending.get(part);
    if (waiting === undefined) {
      waiting = this.fetchAndCheck(part).finally(() => this.pending.delete(part));
      this.pending.set(part, waiting);
    }
    return waiting;
  }

  /** One part fetched and checked; a copy that fails its check is fetched once more, past any cache. */
  private async fetchAndCheck(part: number): Promise<void> {
    const { kind } = this;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), PART_DEADLINE_MS);
    const fetched = async (fresh: boolean) =>
      kind.decode(await this.fetchPart(kind.path(part), deadline.signal, fresh), part);
    try {
      let value: T;
      try {
        value = await until(fetched(false), deadline.signal);
      } catch (error) {
        if (!(isUnavailable(error) && error.code === 'damaged')) throw error;
        value = await until(fetched(true), deadline.signal);
      }
      this.loaded.set(part, value);
    } catch (error) {
      if (deadline.signal.aborted) {
        throw kind.unavailable(
          `${kind.name(part)} did not arrive within ${PART_DEADLINE_MS / 1000} s`,
          'timeout',
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

const isUnavailable = (error: unknown): error is { code: UnavailableCode } =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string';

// Loading the compiled index into the page: downloaded with progress and read (JSON parsed, postings
// decoded) in a Web Worker, so that a 100,000-passage index does not freeze the page while it decodes.
// The worker sends what it read back, its typed arrays moved rather than copied, and the page checks it
// with the index's schema (checkIndex) before using it. The worker carries no zod: the page has it anyway.
import type { RawIndex } from '../index-format';
import { assertNever } from '../types';

/** How far the download is. `total` is unknown when the server does not say, or sends it compressed. */
export type LoadProgress =
  | { phase: 'downloading'; loaded: number; total: number | undefined }
  | { phase: 'reading'; loaded: number };

export type OnProgress = (progress: LoadProgress) => void;

/** What the worker posts back, in order: progress, then the index or the reason it has none. */
export type WorkerMessage =
  | { type: 'progress'; progress: LoadProgress }
  | { type: 'ready'; index: RawIndex }
  | { type: 'failed'; message: string };

/** The buffers of an index that can move to another thread instead of being copied. */
export function transferablesOf(index: Pick<RawIndex, 'postings'>): ArrayBuffer[] {
  const { starts, docs, tfs } = index.postings;
  return [starts.buffer, docs.buffer, tfs.buffer].filter(
    (buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer,
  );
}

// Copying 100,000 passages' strings and lists from the worker to the page cost the page 0.25 s in one
// task; one long string with the offsets of its parts, and numbers in typed arrays, cost a copy of the
// bytes. So the worker packs each column before sending it, and the page unpacks it before checking the
// index. Packing is total: a column that is not what it should be is sent as it is, for the check to reject.

/** A column of strings as one string and where each one ends. */
export interface JoinedStrings {
  joined: string;
  ends: Uint32Array;
}

/** A column of lists of strings: their strings joined, and where each list ends among them. */
export interface JoinedLists {
  parts: JoinedStrings;
  listEnds: Uint32Array;
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function joinStrings(column: string[]): JoinedStrings {
  const ends = new Uint32Array(column.length);
  let end = 0;
  column.forEach((value, at) => {
    end += value.length;
    ends[at] = end;
  });
  return { joined: column.join(''), ends };
}

function splitStrings({ joined, ends }: JoinedStrings): string[] {
  const values: string[] = new Array(ends.length);
  let start = 0;
  for (let at = 0; at < ends.length; at++) {
    const end = ends[at] as number;
    values[at] = joined.slice(start, end);
    start = end;
  }
  return values;
}

/** How each kind of column is packed, and unpacked; `pack` returns undefined for a column it cannot pack. */
const PACKERS = {
  strings: {
    pack: (column: unknown) => (isStrings(column) ? joinStrings(column) : undefined),
    unpack: (packed: JoinedStrings) => splitStrings(packed),
  },
  lists: {
    pack: (column: unknown): JoinedLists | undefined => {
      if (!Array.isArray(column) || !column.every(isStrings)) return undefined;
      const listEnds = new Uint32Array(column.length);
      let end = 0;
      column.forEach((list: string[], at) => {
        end += list.length;
        listEnds[at] = end;
      });
      return { parts: joinStrings(column.flat()), listEnds };
    },
    unpack: ({ parts, listEnds }: JoinedLists) => {
      const flat = splitStrings(parts);
      return Array.from(listEnds, (end, at) => flat.slice(at === 0 ? 0 : (listEnds[at - 1] as number), end));
    },
  },
  counts: {
    pack: (column: unknown) =>
      Array.isArray(column) && column.every((n) => Number.isInteger(n) && n >= 0 && n < 2 ** 32)
        ? Uint32Array.from(column)
        : undefined,
    unpack: (packed: Uint32Array) => Array.from(packed),
  },
} as const;

const COLUMNS = { id: 'strings', text: 'strings', trail: 'lists', file: 'counts', line: 'counts' } as const;

/** A packed column: the packer's name travels with it, so the page unpacks only what was packed. */
interface Packed {
  packed: keyof typeof PACKERS;
  value: unknown;
}

// The file's own JSON could hold `{ "packed": …, "value": … }` too, so a packed column is told apart by
// what JSON cannot make: typed arrays. Anything else is left as it is, for the schema to reject.
const isOffsets = (value: unknown): value is Uint32Array => value instanceof Uint32Array;
const isJoined = (value: unknown): value is JoinedStrings =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as JoinedStrings).joined === 'string' &&
  isOffsets((value as JoinedStrings).ends);

const isPacked = (column: unknown): column is Packed => {
  if (typeof column !== 'object' || column === null || !('packed' in column) || !('value' in column))
    return false;
  const { packed, value } = column as Packed;
  if (packed === 'strings') return isJoined(value);
  if (packed === 'lists')
    return isJoined((value as JoinedLists)?.parts) && isOffsets((value as JoinedLists).listEnds);
  return packed === 'counts' && isOffsets(value);
};

/** The header's vocabulary is a column of strings too: 130,000 of them at 100,000 passages. */
const HEADER_COLUMNS = { terms: 'strings' } as const;

type Change = (column: unknown, kind: keyof typeof PACKERS) => unknown;

function mapObject(value: unknown, columns: Record<string, keyof typeof PACKERS>, change: Change): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const changed = { ...(value as Record<string, unknown>) };
  for (const [name, kind] of Object.entries(columns)) {
    if (name in changed) changed[name] = change(changed[name], kind);
  }
  return changed;
}

function mapColumns(raw: RawIndex, change: Change): RawIndex {
  return {
    ...raw,
    header: mapObject(raw.header, HEADER_COLUMNS, change),
    passages: mapObject(raw.passages, COLUMNS, change),
  };
}

/** What the worker sends: the index as read, its passage columns packed where they can be. */
export const packColumns = (raw: RawIndex): RawIndex =>
  mapColumns(raw, (column, kind) => {
    const value = PACKERS[kind].pack(column);
    return value === undefined ? column : ({ packed: kind, value } satisfies Packed);
  });

/** What the page checks: the index as read, its packed columns unpacked. */
export const unpackColumns = (raw: RawIndex): RawIndex =>
  mapColumns(raw, (column) => {
    if (!isPacked(column)) return column;
    const { packed, value } = column;
    switch (packed) {
      case 'strings':
        return PACKERS.strings.unpack(value as JoinedStrings);
      case 'lists':
        return PACKERS.lists.unpack(value as JoinedLists);
      case 'counts':
        return PACKERS.counts.unpack(value as Uint32Array);
      default:
        return assertNever(packed);
    }
  });

/** The smallest part of a Worker the page uses, so that tests can stand in for one. */
export interface WorkerOf<Request, Reply> {
  postMessage(message: Request): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Reply>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

export type WorkerLike = WorkerOf<{ url: string }, WorkerMessage>;

/**
 * Sends `request` to `worker` and settles as `handle` says for each reply (a reply it does not settle on,
 * like progress, leaves the promise waiting). The worker ends once settled; one that cannot start at all
 * (its script failed to load or to run) reports in an error event, not a message, and `task` names what
 * it was for.
 */
export function askWorker<Request, Reply, Result>(
  worker: WorkerOf<Request, Reply>,
  request: Request,
  task: string,
  handle: (
    reply: Reply,
    settle: { resolve: (value: Result) => void; reject: (error: unknown) => void },
  ) => void,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const settle = {
      resolve: (value: Result) => {
        worker.terminate();
        resolve(value);
      },
      reject: (error: unknown) => {
        worker.terminate();
        reject(error);
      },
    };
    worker.addEventListener('message', ({ data }) => {
      try {
        handle(data, settle);
      } catch (error) {
        settle.reject(error);
      }
    });
    worker.addEventListener('error', (event) =>
      settle.reject(new Error(`${task} in the background: ${event.message || 'the worker failed'}`)),
    );
    worker.postMessage(request);
  });
}

/** Reads the index file in `worker` (see index-worker.ts), relaying its progress; the worker ends with it. */
export function loadInWorker(options: {
  url: string;
  worker: WorkerLike;
  onProgress: OnProgress;
}): Promise<RawIndex> {
  return askWorker(
    options.worker,
    { url: options.url },
    'the index could not be read',
    (data, { resolve, reject }) => {
      switch (data.type) {
        case 'progress':
          options.onProgress(data.progress);
          return;
        case 'ready':
          resolve(data.index);
          return;
        case 'failed':
          reject(new Error(data.message));
          return;
        default:
          assertNever(data);
      }
    },
  );
}

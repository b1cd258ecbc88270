// The index on its way from the worker that read it to the page that checks it: progress, the messages,
// and the passage columns packed for the copy between threads.
import { assertNever } from '../types';
import type { RawIndex } from './types';

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

/** The buffers of an index that can move to another thread instead of being copied: its postings' arrays. */
export function transferablesOf(index: Pick<RawIndex, 'postings'>): ArrayBuffer[] {
  return Object.values(index.postings)
    .map((value: unknown) => (ArrayBuffer.isView(value) ? value.buffer : undefined))
    .filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
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

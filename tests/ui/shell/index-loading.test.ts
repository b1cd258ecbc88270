import { describe, expect, it, vi } from 'vitest';
import { checkIndex } from '../../../src/compiled-index/check';
import { readIndexFile } from '../../../src/compiled-index/container';
import { fetchIndexFile } from '../../../src/compiled-index/fetch';
import { serializeIndex } from '../../../src/compiled-index/parse';
import { IndexLoadError } from '../../../src/compiled-index/version';
import {
  type LoadProgress,
  packColumns,
  transferablesOf,
  unpackColumns,
  type WorkerMessage,
} from '../../../src/compiled-index/wire';
import { loadInWorker } from '../../../src/ui/shell/index-loading';
import { tinyIndex } from '../../helpers/engine';
import { fakeWorker } from '../../helpers/fake-worker';

/** A response whose body arrives in `chunks`, with the headers given. */
function responseOf(chunks: Uint8Array[], headers: Record<string, string> = {}, status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, { status, headers });
}

const bytes = serializeIndex(tinyIndex());
const halves = [bytes.slice(0, 100), bytes.slice(100)];

describe('fetchIndexFile', () => {
  it('reads the index in chunks, reporting the bytes so far against the length, then reading', async () => {
    const progress: LoadProgress[] = [];
    const fetch = vi.fn(async () => responseOf(halves, { 'content-length': String(bytes.length) }));
    const raw = await fetchIndexFile({ url: '/index.bin', fetch, onProgress: (p) => progress.push(p) });
    expect(checkIndex(raw)).toEqual(tinyIndex());
    expect(fetch).toHaveBeenCalledWith('/index.bin');
    expect(progress).toEqual([
      { phase: 'downloading', loaded: 0, total: bytes.length },
      { phase: 'downloading', loaded: 100, total: bytes.length },
      { phase: 'downloading', loaded: bytes.length, total: bytes.length },
      { phase: 'reading', loaded: bytes.length },
    ]);
  });

  it('claims no total when the length is of a compressed body, or missing', async () => {
    const cases: Array<Record<string, string>> = [{ 'content-length': '10', 'content-encoding': 'gzip' }, {}];
    for (const headers of cases) {
      const progress: LoadProgress[] = [];
      await fetchIndexFile({
        url: 'i',
        fetch: async () => responseOf(halves, headers),
        onProgress: (p) => progress.push(p),
      });
      expect(progress.filter((p) => p.phase === 'downloading').map((p) => 'total' in p && p.total)).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    }
  });

  it('drops a total the body turns out to exceed', async () => {
    const progress: LoadProgress[] = [];
    const fetch = async () => responseOf(halves, { 'content-length': '150' });
    await fetchIndexFile({ url: 'i', fetch, onProgress: (p) => progress.push(p) });
    expect(progress[1]).toEqual({ phase: 'downloading', loaded: 100, total: 150 });
    expect(progress[2]).toEqual({ phase: 'downloading', loaded: bytes.length, total: undefined });
  });

  it('says which status a failed download answered', async () => {
    const fetch = async () => responseOf([], {}, 404);
    await expect(fetchIndexFile({ url: 'i', fetch, onProgress: () => {} })).rejects.toThrow(
      'the index answered 404',
    );
  });

  it('rejects a download with one bit flipped, saying the index is damaged or altered', async () => {
    const flipped = new Uint8Array(bytes);
    flipped[200] = (flipped[200] as number) ^ 1;
    const fetch = async () => responseOf([flipped]);
    await expect(fetchIndexFile({ url: 'i', fetch, onProgress: () => {} })).rejects.toThrow(
      /damaged or has been altered/,
    );
  });

  it('rejects a download that is not an index', async () => {
    const fetch = async () => responseOf([new TextEncoder().encode('<!doctype html>')]);
    await expect(fetchIndexFile({ url: 'i', fetch, onProgress: () => {} })).rejects.toThrow(IndexLoadError);
  });
});

describe('loadInWorker', () => {
  it('asks the worker for the url, relays its progress and resolves with its index, then ends it', async () => {
    const { postings } = tinyIndex();
    const index = { header: {}, passages: {}, postings };
    const progress: LoadProgress = { phase: 'downloading', loaded: 5, total: 10 };
    const worker = fakeWorker<WorkerMessage>([
      { type: 'progress', progress },
      { type: 'ready', index },
    ]);
    const seen: LoadProgress[] = [];
    await expect(
      loadInWorker({ url: 'https://x/i.bin', worker, onProgress: (p) => seen.push(p) }),
    ).resolves.toBe(index);
    expect(worker.posted).toEqual([{ url: 'https://x/i.bin' }]);
    expect(seen).toEqual([progress]);
    expect(worker.terminated).toBe(1);
  });

  it('rejects with the message of a worker that failed, and ends it', async () => {
    const worker = fakeWorker<WorkerMessage>([{ type: 'failed', message: 'the index answered 500' }]);
    await expect(loadInWorker({ url: 'u', worker, onProgress: () => {} })).rejects.toThrow(
      'the index answered 500',
    );
    expect(worker.terminated).toBe(1);
  });

  it('rejects when the worker itself could not run', async () => {
    const worker = fakeWorker<WorkerMessage>([{ error: 'SyntaxError: nope' }]);
    await expect(loadInWorker({ url: 'u', worker, onProgress: () => {} })).rejects.toThrow(
      'the index could not be read in the background: SyntaxError: nope',
    );
  });
});

describe('transferablesOf', () => {
  it("lists the postings' buffers, so they move to the page instead of being copied", () => {
    const index = tinyIndex();
    const buffers = transferablesOf(index);
    expect(buffers).toHaveLength(3);
    expect(buffers).toContain(index.postings.docs.buffer);
    // What a transfer does to them: the sender's copies are emptied.
    structuredClone(index.postings, { transfer: buffers });
    expect(index.postings.docs.length).toBe(0);
  });
});

describe('packColumns and unpackColumns', () => {
  const raw = () => readIndexFile(serializeIndex(tinyIndex()));

  it('give back exactly what was packed, after a copy between threads', () => {
    const packed = packColumns(raw());
    const passages = packed.passages as Record<string, unknown>;
    expect(passages.id).toMatchObject({ packed: 'strings' });
    expect(passages.trail).toMatchObject({ packed: 'lists' });
    expect(passages.line).toMatchObject({ packed: 'counts' });
    expect((packed.header as Record<string, unknown>).terms).toMatchObject({ packed: 'strings' });
    expect(checkIndex(unpackColumns(structuredClone(packed)))).toEqual(tinyIndex());
  });

  it('keep an empty string and an empty list where they were', () => {
    const columns = {
      id: ['a', '', 'b'],
      text: ['', 'x', ''],
      trail: [['T'], [], ['A', 'B']],
      file: [0],
      line: [1],
    };
    const index = { header: {}, passages: columns, postings: tinyIndex().postings };
    expect(unpackColumns(structuredClone(packColumns(index))).passages).toEqual(columns);
  });

  it('leave markers that came from the file itself (JSON holds no typed arrays) for the check to reject', () => {
    const forged = {
      id: { packed: 'strings', value: null },
      text: { packed: 'strings', value: { joined: 'ab', ends: { length: 1e9 } } },
    };
    const index = { header: {}, passages: forged, postings: tinyIndex().postings };
    expect(unpackColumns(index).passages).toEqual(forged);
    expect(() => checkIndex(unpackColumns(index))).toThrow(IndexLoadError);
  });

  it('send a column that is not what it should be as it is, for the check to reject', () => {
    const columns = { id: ['a', 7], trail: [['T'], 'not a list'], line: [1, -2], file: 'nope' };
    const index = { header: { terms: [1] }, passages: columns, postings: tinyIndex().postings };
    const packed = packColumns(index);
    expect(packed.passages).toEqual(columns);
    expect(packed.header).toEqual({ terms: [1] });
    expect(unpackColumns(packed).passages).toEqual(columns);
  });
});

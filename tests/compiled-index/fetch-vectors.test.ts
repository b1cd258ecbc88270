import { describe, expect, it } from 'vitest';
import { fetchWordVectors } from '../../src/compiled-index/fetch-vectors';
import { encodeWordVectors, MAX_TABLE_BYTES } from '../../src/compiled-index/word-vectors';

const bytes = encodeWordVectors({
  terms: ['dvd', 'film'],
  dimensions: 2,
  vectors: Float32Array.from([1, 0, 0.6, 0.8]),
});
const url = 'https://site.test/assets/vectors.bin';
const serving =
  (body: Uint8Array | ReadableStream<Uint8Array> | string, status = 200) =>
  async () =>
    new Response(body as BodyInit, { status });

describe('fetchWordVectors', () => {
  it('reads a table as it was written', async () => {
    const load = await fetchWordVectors({ url, fetch: serving(bytes) });
    expect(load.loaded && load.table.terms).toEqual(['dvd', 'film']);
  });

  it('says a table is damaged when one byte changed, without throwing', async () => {
    const damaged = bytes.slice();
    damaged[damaged.length - 1] = (damaged[damaged.length - 1] as number) ^ 1;
    expect(await fetchWordVectors({ url, fetch: serving(damaged) })).toMatchObject({
      loaded: false,
      kind: 'damaged',
      message: expect.stringMatching(/checksum/),
    });
  });

  it('says it could not be fetched when the server refuses or the network fails', async () => {
    expect(await fetchWordVectors({ url, fetch: serving('gone', 404) })).toEqual({
      loaded: false,
      kind: 'offline',
      message: 'the server answered 404',
    });
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await fetchWordVectors({ url, fetch: offline })).toMatchObject({ kind: 'offline' });
  });

  it('gives up at its deadline on a server that never finishes', async () => {
    const stalled: typeof fetch = async (_input, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.subarray(0, 10));
          init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
        },
      });
      return new Response(body);
    };
    expect(await fetchWordVectors({ url, fetch: stalled, deadlineMs: 50 })).toEqual({
      loaded: false,
      kind: 'offline',
      message: 'it took longer than the page waits',
    });
  });

  it('stops reading a body larger than any table', async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1 << 20;
        controller.enqueue(new Uint8Array(1 << 20));
      },
    });
    const load = await fetchWordVectors({ url, fetch: serving(endless) });
    expect(load).toMatchObject({ loaded: false, kind: 'damaged' });
    expect(sent).toBeLessThan(MAX_TABLE_BYTES + 4 * (1 << 20));
  });

  it('rethrows what is not a condition of the network or the file: a bug', async () => {
    const broken = async () => {
      throw new RangeError('a bug');
    };
    await expect(fetchWordVectors({ url, fetch: broken })).rejects.toThrow(RangeError);
  });
});

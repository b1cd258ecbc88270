import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ask, createEngine, TEXT_DEADLINE_MS } from '../../src/ask/engine';
import { PostingsNotLoaded } from '../../src/compiled-index/posting-shards';
import { TextNotLoaded } from '../../src/compiled-index/text-blocks';
import { createExtractiveClient } from '../../src/reader/extractive';
import type { AskResult } from '../../src/types';
import { libraryIndex } from '../helpers/engine';
import { asThePageReadsIt, splitLibrary } from '../helpers/text-blocks';

const question = 'How long can I borrow a DVD for?';

/** A fetch that never answers, but stops when its signal is aborted, as the browser's does. */
const hanging = (_url: string, init?: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
  });

const refusal = (result: AskResult) =>
  result.status === 'refused'
    ? { reason: result.reason, code: result.code, detail: result.detail }
    : undefined;

afterEach(() => {
  vi.useRealTimers();
});

describe('ask() waiting for passage text', () => {
  it('gives up after TEXT_DEADLINE_MS, and says it was the wait, not the documents', async () => {
    vi.useFakeTimers();
    const { core, files } = splitLibrary();
    const { index } = asThePageReadsIt({ core, files, fetch: hanging });
    const asked = ask({ engine: createEngine(index), client: createExtractiveClient(), question });
    await vi.advanceTimersByTimeAsync(TEXT_DEADLINE_MS - 1);
    let settled = false;
    void asked.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(refusal(await asked)).toEqual({
      reason: 'passage_text_unavailable',
      code: 'timeout',
      detail: `the passage text did not arrive within ${TEXT_DEADLINE_MS / 1000} s`,
    });
  });

  it('stops at a cancel, and says the question was cancelled', async () => {
    const { core, files } = splitLibrary();
    const { index } = asThePageReadsIt({ core, files, fetch: hanging });
    const cancel = new AbortController();
    const asked = ask({
      engine: createEngine(index),
      client: createExtractiveClient(),
      question,
      signal: cancel.signal,
    });
    setTimeout(() => cancel.abort(), 5);
    expect(refusal(await asked)).toEqual({
      reason: 'passage_text_unavailable',
      code: 'aborted',
      detail: 'the request was cancelled',
    });
  });

  it('leaves no timer running once the question is answered', async () => {
    vi.useFakeTimers();
    const { core, files } = splitLibrary();
    const { index } = asThePageReadsIt({ core, files });
    const result = await ask({ engine: createEngine(index), client: createExtractiveClient(), question });
    expect(result.status).toBe('answered');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rethrows an error of ours met while reading the text, as it came', async () => {
    const engine = createEngine(libraryIndex());
    const broken = engine.passages.map((passage) =>
      Object.defineProperty({ ...passage }, 'text', {
        get: () => {
          throw new RangeError('a bug of ours');
        },
      }),
    );
    const texts = { load: async () => {}, loadFor: async () => {}, missing: () => [] };
    await expect(
      ask({
        engine: { ...engine, passages: broken, texts },
        client: createExtractiveClient(),
        question: 'how many days a week is the libary open?',
      }),
    ).rejects.toThrow(new RangeError('a bug of ours'));
  });

  it('rethrows, as a bug of ours, a text source that says it fetched a block yet never gives its text', async () => {
    const engine = createEngine(libraryIndex());
    const missing = engine.passages.map((passage) =>
      Object.defineProperty({ ...passage }, 'text', {
        get: () => {
          throw new TextNotLoaded([0]);
        },
      }),
    );
    const loads: number[][] = [];
    const texts = {
      load: async (blocks: readonly number[]) => {
        loads.push([...blocks]);
      },
      loadFor: async () => {},
      missing: () => [0],
    };
    // A question with a slip: reading it reads passages' text.
    await expect(
      ask({
        engine: { ...engine, passages: missing, texts },
        client: createExtractiveClient(),
        question: 'how many days a week is the libary open?',
      }),
    ).rejects.toThrow(/retrieval still read parts of the index it lacked after 64 fetches/);
    expect(loads).toHaveLength(64);
  });
});

describe('ask() waiting for postings kept in shards', () => {
  it('gives up after TEXT_DEADLINE_MS, and says it was the wait for the postings', async () => {
    vi.useFakeTimers();
    const { core, files } = splitLibrary(undefined, 200);
    const { index } = asThePageReadsIt({ core, files, fetch: hanging });
    const asked = ask({ engine: createEngine(index), client: createExtractiveClient(), question });
    await vi.advanceTimersByTimeAsync(TEXT_DEADLINE_MS - 1);
    let settled = false;
    void asked.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(refusal(await asked)).toEqual({
      reason: 'postings_unavailable',
      code: 'timeout',
      detail: `the postings did not arrive within ${TEXT_DEADLINE_MS / 1000} s`,
    });
  });

  it('stops at a cancel, and says the question was cancelled', async () => {
    const { core, files } = splitLibrary(undefined, 200);
    const { index } = asThePageReadsIt({ core, files, fetch: hanging });
    const cancel = new AbortController();
    const asked = ask({
      engine: createEngine(index),
      client: createExtractiveClient(),
      question,
      signal: cancel.signal,
    });
    setTimeout(() => cancel.abort(), 5);
    expect(refusal(await asked)).toEqual({
      reason: 'postings_unavailable',
      code: 'aborted',
      detail: 'the request was cancelled',
    });
  });

  it('reads a slip with both apart: the shards of its words, then the text of the passages it weighs', async () => {
    const { core, files, whole } = splitLibrary(undefined, 200);
    const { index, fetched } = asThePageReadsIt({ core, files });
    const slip = 'how many days a week is the libary open?';
    const result = await ask({
      engine: createEngine(index),
      client: createExtractiveClient(),
      question: slip,
    });
    const wholeResult = await ask({
      engine: createEngine(whole),
      client: createExtractiveClient(),
      question: slip,
    });
    expect(result.status).toBe('answered');
    expect(result.status === 'answered' && result.answer).toBe(
      wholeResult.status === 'answered' && wholeResult.answer,
    );
    expect(fetched.some((path) => path.startsWith('text/'))).toBe(true);
  });

  it('says what the question waits for while parts are fetched, and nothing once they are here', async () => {
    const { core, files } = splitLibrary(undefined, 200);
    const { index } = asThePageReadsIt({ core, files });
    const engine = createEngine(index);
    const said: Array<string | undefined> = [];
    const onFetching = (words: string | undefined) => said.push(words);
    await ask({ engine, client: createExtractiveClient(), question, onFetching });
    expect(said).toEqual([
      'Fetching the part of the index its words need…',
      undefined,
      'Fetching the text of the passages it reads…',
      undefined,
    ]);
    // Asked again, every part is here: nothing is said.
    said.length = 0;
    await ask({ engine, client: createExtractiveClient(), question, onFetching });
    expect(said).toEqual([]);
  });

  it('fetches the shards a question reads before any text, and each once', async () => {
    const { core, files } = splitLibrary(undefined, 200);
    const { index, fetched } = asThePageReadsIt({ core, files });
    const result = await ask({ engine: createEngine(index), client: createExtractiveClient(), question });
    expect(result.status).toBe('answered');
    const firstText = fetched.findIndex((path) => path.startsWith('text/'));
    const lastShard = fetched.findLastIndex((path) => path.startsWith('postings/'));
    expect(firstText).toBeGreaterThan(lastShard);
  });

  it('rethrows, as a bug of ours, a shard source that says it fetched a shard yet never gives its postings', async () => {
    const { core, files } = splitLibrary(undefined, 200);
    const { index } = asThePageReadsIt({ core, files });
    const engine = createEngine(index);
    const shards = engine.shards as NonNullable<typeof engine.shards>;
    const loads: number[][] = [];
    const stuck = {
      ...shards,
      shardCount: shards.shardCount,
      counts: shards.counts,
      factors: shards.factors,
      list: () => {
        throw new PostingsNotLoaded([0]);
      },
      missing: () => [0],
      load: async (wanted: readonly number[]) => {
        loads.push([...wanted]);
      },
    };
    await expect(
      ask({
        engine: { ...createEngine({ ...index, postingSource: stuck }), shards: stuck },
        client: createExtractiveClient(),
        question,
      }),
    ).rejects.toThrow(/retrieval still read parts of the index it lacked after 64 fetches/);
    expect(loads).toHaveLength(64);
  });

  it('answers from an index whose postings alone are in shards, fetching only shards', async () => {
    const { core, files, whole } = splitLibrary(undefined, 200, false);
    const { index, fetched } = asThePageReadsIt({ core, files });
    expect(index.textSource).toBeUndefined();
    const engine = createEngine(index);
    for (const asked of [question, 'how many days a week is the libary open?']) {
      const result = await ask({ engine, client: createExtractiveClient(), question: asked });
      const wholeResult = await ask({
        engine: createEngine(whole),
        client: createExtractiveClient(),
        question: asked,
      });
      expect(result.status === 'answered' ? result.answer : result.reason).toEqual(
        wholeResult.status === 'answered' ? wholeResult.answer : wholeResult.reason,
      );
    }
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.every((path) => path.startsWith('postings/'))).toBe(true);
  });

  it('rethrows text not here when the engine has no source of text to fetch it from', async () => {
    const { core, files } = splitLibrary(undefined, 200);
    const { index } = asThePageReadsIt({ core, files });
    const engine = createEngine(index);
    await expect(
      ask({
        engine: { ...engine, texts: undefined },
        client: createExtractiveClient(),
        question: 'how many days a week is the libary open?',
      }),
    ).rejects.toThrow(TextNotLoaded);
  });

  it('rethrows a shard not here when the engine has no source of shards to fetch it from', async () => {
    const { core, files } = splitLibrary(undefined, 200);
    const { index } = asThePageReadsIt({ core, files });
    const engine = createEngine(index);
    await expect(
      ask({ engine: { ...engine, shards: undefined }, client: createExtractiveClient(), question }),
    ).rejects.toThrow(PostingsNotLoaded);
  });
});

// A few of the paraphrases, across the manual's files: some read the broken block, some do not.
const questions = (JSON.parse(readFileSync('eval/paraphrases.json', 'utf8')) as Array<{ question: string }>)
  .map((item) => item.question)
  .filter((_, at) => at % 8 === 0);

describe('ask() over an index whose text is in blocks', () => {
  it('reads a slip as the word the passages write, fetching their text while it reads the question', async () => {
    const { core, files } = splitLibrary(1);
    const { index } = asThePageReadsIt({ core, files });
    const source = index.textSource as NonNullable<typeof index.textSource>;
    const load = vi.spyOn(source, 'load');
    const result = await ask({
      engine: createEngine(index),
      client: createExtractiveClient(),
      question: 'how many days a week is the libary open?',
    });
    // Reading "libary" as "library" reads passages' text (how the corpus writes the word) before
    // retrieval has anything to return: those blocks are fetched while the question is read (load), all
    // in one round, before the blocks of the passages it returned (loadFor).
    expect(result.reading?.readAs).toContainEqual({ written: 'libary', readAs: 'library' });
    expect(load.mock.calls[0]?.[0].length).toBeGreaterThan(1);
  });

  it('refuses, naming the block, when the passage text a question needs cannot be fetched', async () => {
    const { core, files } = splitLibrary();
    const [broken] = [...files.keys()];
    const { index } = asThePageReadsIt({ core, files, broken: broken as string });
    const engine = createEngine(index);
    const client = createExtractiveClient();
    const results = await Promise.all(questions.map((question) => ask({ engine, client, question })));
    const unavailable = results.filter(
      (result) => result.status === 'refused' && result.reason === 'passage_text_unavailable',
    );
    expect(unavailable.length).toBeGreaterThan(0);
    for (const result of unavailable) {
      expect(result.status === 'refused' && result.detail).toMatch(
        /passage text text\/[0-9a-f]{64}\.bin: the site answered 404/,
      );
    }
    // Questions that read only other blocks are answered as ever.
    expect(results.some((result) => result.status === 'answered')).toBe(true);
  });

  it('refuses as damaged a block that does not match its digest, after fetching it once more past the cache', async () => {
    const { core, files } = splitLibrary();
    // Every block served with the next one's bytes: whichever the question reads is damaged.
    const paths = [...files.keys()];
    const swapped = new Map(
      paths.map((path, at) => [
        path,
        files.get(paths[(at + 1) % paths.length] as string) as Uint8Array<ArrayBuffer>,
      ]),
    );
    const { index, fetched } = asThePageReadsIt({ core, files: swapped });
    const result = await ask({
      engine: createEngine(index),
      client: createExtractiveClient(),
      question: 'How long can I borrow a DVD for?',
    });
    expect(result.status === 'refused' && [result.reason, result.code]).toEqual([
      'passage_text_unavailable',
      'damaged',
    ]);
    expect(result.status === 'refused' && result.detail).toMatch(/passage text block \d+ of \d+ is damaged/);
    // Each block read was fetched twice: the second time past any cache, in case the cache held the damage.
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.length).toBe(2 * new Set(fetched).size);
  });
});

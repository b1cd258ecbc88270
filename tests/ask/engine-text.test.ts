// ask() over an index whose passage text is fetched as questions read it (the page at a large corpus):
// how long it waits for the text, a cancel while it waits, and a text source that never gives the text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ask, createEngine, TEXT_DEADLINE_MS } from '../../src/ask/engine';
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
    ).rejects.toThrow(/retrieval still read passage text it lacked after 64 fetches/);
    expect(loads).toHaveLength(64);
  });
});

import { describe, expect, it } from 'vitest';
import { isFailedChunkFetch, loadChunk } from '../../../src/ui/kit/chunk-load';

describe('the one policy for a lazy chunk that fails to load', () => {
  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: https://x/assets/a.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ["Vite's stylesheet preload", new Error('Unable to preload CSS for https://x/assets/eval.css')],
  ])('calls a failed fetch in %s offline, as data', async (_engine, error) => {
    expect(isFailedChunkFetch(error)).toBe(true);
    await expect(loadChunk(() => Promise.reject(error))).resolves.toEqual({
      loaded: false,
      problem: error.message,
    });
  });

  it('rethrows an error the chunk’s own code threw: a bug is never called offline', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'x')");
    expect(isFailedChunkFetch(bug)).toBe(false);
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
    await expect(loadChunk(() => Promise.reject('a string'))).rejects.toBe('a string');
  });

  it('hands over the module when it loads', async () => {
    const module = { answer: 42 };
    await expect(loadChunk(async () => module)).resolves.toEqual({ loaded: true, module });
  });
});

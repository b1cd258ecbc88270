import { describe, expect, it } from 'vitest';
import { loadMeaningInWorker, MeaningWorkerBug } from '../../../src/ui/kit/meaning-loading';
import { fakeWorker } from '../../helpers/fake-worker';

const url = 'https://site.test/assets/vectors.bin';

describe('loadMeaningInWorker', () => {
  const table = { terms: ['dvd'], dimensions: 1, vectors: Float32Array.from([1]), digest: 'd' };

  it('hands over the table the worker read, and ends the worker', async () => {
    const worker = fakeWorker([{ loaded: true, table }]);
    expect(await loadMeaningInWorker({ url, worker })).toEqual({ phase: 'on', table });
    expect(worker.posted).toEqual([{ url }]);
    expect(worker.terminated).toBe(1);
  });

  it('makes an unavailable table, or a worker that cannot start, a state the page shows', async () => {
    const refused = fakeWorker([{ loaded: false, kind: 'offline', message: 'the server answered 404' }]);
    expect(await loadMeaningInWorker({ url, worker: refused })).toEqual({
      phase: 'unavailable',
      message: 'the server answered 404',
    });
    const unstarted = fakeWorker([{ error: 'failed to load the script' }]);
    expect(await loadMeaningInWorker({ url, worker: unstarted })).toMatchObject({
      phase: 'unavailable',
      message: expect.stringMatching(/failed to load the script/),
    });
  });

  it('rejects with a bug the worker caught in its own code', async () => {
    const worker = fakeWorker([{ loaded: false, kind: 'bug', message: 'x is undefined' }]);
    await expect(loadMeaningInWorker({ url, worker })).rejects.toThrow(MeaningWorkerBug);
  });
});

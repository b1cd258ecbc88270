import { afterEach, describe, expect, it, vi } from 'vitest';
import { readIndexFile, serializeIndex } from '../../../src/compiled-index/container';
import { packColumns } from '../../../src/compiled-index/wire';
import { describeLeftOut } from '../../../src/ingest/left-out';
import {
  type BuildMessage,
  type BuildProgress,
  type BuildRequest,
  type BuildWorker,
  buildInWorker,
  FILE_DEADLINE_MS,
  leaveOutStuck,
} from '../../../src/ui/own-documents/corpus-build';
import { tinyIndex } from '../../helpers/engine';
import { fakeWorker } from '../../helpers/fake-worker';
import { compileHere } from '../../helpers/page';

const FILES = [{ path: 'a.md', file: new Blob(['# A\n']) }];
const REQUEST = { files: FILES, corpus: 'your documents' };
const LEFT_OUT = [{ path: 'b.png', reason: 'not a documentation file', fix: 'convert it' }];

const fake = (reply: BuildMessage | { error: string }) => fakeWorker<BuildMessage>([reply]);

describe('buildInWorker', () => {
  it('sends the files and their name, checks the index that comes back with what it left out, and ends the worker', async () => {
    const worker = fake({
      type: 'built',
      index: packColumns(readIndexFile(serializeIndex(tinyIndex()))),
      leftOut: LEFT_OUT,
    });
    const outcome = await buildInWorker(() => worker)(REQUEST);
    expect(outcome).toEqual({ ok: true, index: tinyIndex(), leftOut: LEFT_OUT });
    expect(worker.posted).toEqual([REQUEST]);
    expect(worker.terminated).toBe(1);
  });

  it("passes on the corpus's problems", async () => {
    const problems = ['duplicate id a#setup: a.md line 3 and a.md line 7'];
    const outcome = await buildInWorker(() => fake({ type: 'refused', problems }))(REQUEST);
    expect(outcome).toEqual({ ok: false, problems });
  });

  it('rejects when the worker failed, could not run, or sent something that is not an index', async () => {
    const build = (reply: BuildMessage | { error: string }) => buildInWorker(() => fake(reply))(REQUEST);
    await expect(build({ type: 'failed', message: 'out of memory' })).rejects.toThrow('out of memory');
    await expect(build({ error: 'SyntaxError' })).rejects.toThrow(
      /could not be indexed in the background: SyntaxError/,
    );
    const broken = { header: {}, passages: {}, postings: tinyIndex().postings };
    await expect(build({ type: 'built', index: broken, leftOut: [] })).rejects.toThrow(
      /not a valid sourcebound index/,
    );
  });
});

/**
 * A worker that runs the real ingest on what it is sent, as the ingest worker does, but stops for good
 * at any file whose path starts with "stuck": it says it is reading it and never says more.
 */
function ingestWorkers() {
  const started: Array<{ paths: string[]; terminated: boolean }> = [];
  const create = (): BuildWorker => {
    let onMessage: (event: MessageEvent<BuildMessage>) => void = () => undefined;
    const record = { paths: [] as string[], terminated: false };
    started.push(record);
    return {
      addEventListener(type: 'message' | 'error', listener: (event: never) => void) {
        if (type === 'message') onMessage = listener as typeof onMessage;
      },
      postMessage(sent: BuildRequest) {
        // Copied as a browser copies it to a worker: what cannot cross (a function) throws here too.
        const request = structuredClone(sent);
        record.paths = request.files.map((one) => one.path);
        const send = (message: BuildMessage) =>
          queueMicrotask(
            () => record.terminated || onMessage({ data: message } as MessageEvent<BuildMessage>),
          );
        for (const [index, one] of request.files.entries()) {
          send({ type: 'reading', index });
          if (one.path.startsWith('stuck')) return;
        }
        send({ type: 'indexing' });
        void compileHere(request).then((outcome) => {
          if (!outcome.ok) send({ type: 'refused', problems: outcome.problems });
          else
            send({
              type: 'built',
              index: packColumns(readIndexFile(serializeIndex(outcome.index))),
              leftOut: outcome.leftOut,
            });
        });
      },
      terminate() {
        record.terminated = true;
      },
    };
  };
  return { create, started };
}

const doc = (path: string) => ({
  path,
  file: new Blob([`# ${path}\n\n## Part\n\nThe ${path} text is here.\n`]),
});

describe('buildInWorker: progress, the deadline per file, cancel', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports each file it starts, numbered from 1, then the indexing', async () => {
    const workers = ingestWorkers();
    const progress: BuildProgress[] = [];
    const outcome = await buildInWorker(workers.create)(
      { files: [doc('a.md'), doc('guide/b.md')], corpus: 'docs' },
      { onProgress: (step) => progress.push(step) },
    );
    expect(outcome.ok).toBe(true);
    expect(progress).toEqual([
      { phase: 'reading', file: 1, of: 2, path: 'a.md' },
      { phase: 'reading', file: 2, of: 2, path: 'guide/b.md' },
      { phase: 'indexing' },
    ]);
    expect(workers.started.map((worker) => worker.terminated)).toEqual([true]);
  });

  it('leaves out by name a file that overruns the deadline, ends its worker, and reads the rest in a fresh one', async () => {
    vi.useFakeTimers();
    const workers = ingestWorkers();
    const building = buildInWorker(workers.create, { fileDeadlineMs: 500 })({
      files: [doc('a.md'), doc('stuck.md'), doc('c.md')],
      corpus: 'docs',
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(workers.started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const outcome = await building;
    expect(workers.started).toEqual([
      { paths: ['a.md', 'stuck.md', 'c.md'], terminated: true },
      { paths: ['a.md', 'c.md'], terminated: true },
    ]);
    if (!outcome.ok) throw new Error(outcome.problems.join('\n'));
    expect(outcome.leftOut.map(describeLeftOut)).toEqual([
      'stuck.md: took longer than 0.5 s to read — split it into smaller files, or simplify its Markdown',
    ]);
    expect(new Set(outcome.index.passages.map((passage) => passage.file))).toEqual(new Set(['a.md', 'c.md']));
  });

  it('says 20 s by default, and refuses with every file listed when none could be read in time', async () => {
    vi.useFakeTimers();
    const workers = ingestWorkers();
    const building = buildInWorker(workers.create)({
      files: [doc('stuck-1.md'), doc('stuck-2.md')],
      corpus: 'docs',
    });
    await vi.advanceTimersByTimeAsync(2 * FILE_DEADLINE_MS);
    const outcome = await building;
    expect(outcome.ok).toBe(false);
    expect(outcome.leftOut?.map((item) => `${item.path}: ${item.reason}`)).toEqual([
      'stuck-1.md: took longer than 20 s to read',
      'stuck-2.md: took longer than 20 s to read',
    ]);
    expect(workers.started.every((worker) => worker.terminated)).toBe(true);
  });

  it('ends the worker and rejects when cancelled, and starts no other', async () => {
    vi.useFakeTimers();
    const workers = ingestWorkers();
    const controller = new AbortController();
    const building = buildInWorker(workers.create)(
      { files: [doc('stuck.md'), doc('b.md')], corpus: 'docs' },
      { signal: controller.signal },
    );
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await expect(building).rejects.toThrow(/abort/i);
    await vi.advanceTimersByTimeAsync(2 * FILE_DEADLINE_MS);
    expect(workers.started).toEqual([{ paths: ['stuck.md', 'b.md'], terminated: true }]);
  });
});

describe('leaveOutStuck', () => {
  it('takes out only the file at the index, keeps the order of the rest, and adds to what was left out', () => {
    const queue = { files: [doc('a.md'), doc('b.md'), doc('c.md')], timedOut: [] };
    const once = leaveOutStuck(queue, 1, 20_000);
    const twice = leaveOutStuck(once, 1, 20_000);
    expect(twice.files.map((one) => one.path)).toEqual(['a.md']);
    expect(twice.timedOut.map((item) => item.path)).toEqual(['b.md', 'c.md']);
    expect(queue.files).toHaveLength(3);
    expect(() => leaveOutStuck(twice, 1, 20_000)).toThrow(RangeError);
  });
});

describe('a request the worker cannot be sent', () => {
  it('rejects, and ends the worker: a file that is not a Blob cannot cross to it', async () => {
    const worker = fake({ type: 'refused', problems: [] });
    const notAFile = { path: 'a.md', file: { text: async () => '# A\n' } as unknown as Blob };
    await expect(buildInWorker(() => worker)({ files: [notAFile], corpus: 'docs' })).rejects.toThrow(
      /could not be cloned/,
    );
    expect(worker.terminated).toBe(1);
  });
});

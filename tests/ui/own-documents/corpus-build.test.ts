import { describe, expect, it } from 'vitest';
import { readIndexFile, serializeIndex } from '../../../src/compiled-index/container';
import { packColumns } from '../../../src/compiled-index/wire';
import { type BuildMessage, buildInWorker } from '../../../src/ui/own-documents/corpus-build';
import { tinyIndex } from '../../helpers/engine';
import { fakeWorker } from '../../helpers/fake-worker';

const FILES = [{ path: 'a.md', text: '# A\n' }];

const fake = (reply: BuildMessage | { error: string }) => fakeWorker<BuildMessage>([reply]);

describe('buildInWorker', () => {
  it('sends the files, checks the index that comes back, and ends the worker', async () => {
    const worker = fake({
      type: 'built',
      index: packColumns(readIndexFile(serializeIndex(tinyIndex()))),
    });
    const outcome = await buildInWorker(() => worker)(FILES);
    expect(outcome).toEqual({ ok: true, index: tinyIndex() });
    expect(worker.posted).toEqual([{ files: FILES }]);
    expect(worker.terminated).toBe(1);
  });

  it("passes on the corpus's problems", async () => {
    const problems = ['duplicate id a#setup: a.md line 3 and a.md line 7'];
    const outcome = await buildInWorker(() => fake({ type: 'refused', problems }))(FILES);
    expect(outcome).toEqual({ ok: false, problems });
  });

  it('rejects when the worker failed, could not run, or sent something that is not an index', async () => {
    const build = (reply: BuildMessage | { error: string }) => buildInWorker(() => fake(reply))(FILES);
    await expect(build({ type: 'failed', message: 'out of memory' })).rejects.toThrow('out of memory');
    await expect(build({ error: 'SyntaxError' })).rejects.toThrow(
      /could not be indexed in the background: SyntaxError/,
    );
    const broken = { header: {}, passages: {}, postings: tinyIndex().postings };
    await expect(build({ type: 'built', index: broken })).rejects.toThrow(/not a valid sourcebound index/);
  });
});

import { describe, expect, it } from 'vitest';
import {
  MAX_CORPUS_BYTES,
  MAX_FILE_BYTES,
  type PickedFile,
  readPickedFiles,
} from '../../../src/ui/own-documents/corpus-files';

const file = (name: string, text = '# T\n', extra: Partial<PickedFile> = {}): PickedFile => ({
  name,
  size: text.length,
  webkitRelativePath: '',
  text: async () => text,
  ...extra,
});

describe('readPickedFiles', () => {
  it('drops only a folder every file shares: ids of a dropped folder do not carry its name', async () => {
    const inOne = await readPickedFiles([
      file('a.md', '# A\n', { webkitRelativePath: 'handbook/a.md' }),
      file('b.md', '# B\n', { webkitRelativePath: 'handbook/guides/b.md' }),
    ]);
    expect(inOne.ok && inOne.files.map((picked) => picked.path)).toEqual(['a.md', 'guides/b.md']);
    const apart = await readPickedFiles([
      file('a.md', '# A\n', { webkitRelativePath: 'one/a.md' }),
      file('b.md', '# B\n', { webkitRelativePath: 'two/b.md' }),
      file('c.md', '# C\n'),
    ]);
    expect(apart.ok && apart.files.map((picked) => picked.path)).toEqual(['c.md', 'one/a.md', 'two/b.md']);
  });

  it('reads the Markdown files by their path inside the folder, sorted, and lists the rest as left out', async () => {
    const outcome = await readPickedFiles([
      file('b.md', '# B\n', { webkitRelativePath: 'notes/b.md' }),
      file('a.markdown', '# A\n', { webkitRelativePath: 'notes/a.markdown' }),
      file('cat.jpg', 'xx', { webkitRelativePath: 'notes/cat.jpg' }),
    ]);
    expect(outcome).toEqual({
      ok: true,
      files: [
        { path: 'a.markdown', text: '# A\n' },
        { path: 'b.md', text: '# B\n' },
      ],
      leftOut: ['notes/cat.jpg is not Markdown (.md or .markdown): left out'],
    });
  });

  it('refuses an empty drop', async () => {
    expect(await readPickedFiles([])).toMatchObject({ ok: false, problems: [/No files arrived/] });
  });

  it('refuses a file over the size limit, and a corpus over the total, naming the sizes', async () => {
    const big = await readPickedFiles([file('big.md', '', { size: MAX_FILE_BYTES + 1 })]);
    expect(big).toMatchObject({ ok: false, problems: ['big.md is 2.0 MB; the limit is 2.0 MB a file'] });
    const many = Array.from({ length: 26 }, (_, i) => file(`f${i}.md`, '', { size: MAX_FILE_BYTES }));
    const total = await readPickedFiles(many);
    expect(total).toMatchObject({ ok: false, problems: [/come to 52\.0 MB; the limit is 50\.0 MB in all/] });
    expect(MAX_CORPUS_BYTES).toBe(50 * 1024 * 1024);
  });

  it('lists every file that could not be read, rather than indexing the rest without them', async () => {
    const gone = () =>
      Promise.reject(new DOMException('A requested file could not be read', 'NotReadableError'));
    const outcome = await readPickedFiles([
      file('a.md', '# A\n', { text: gone }),
      file('b.md'),
      file('c.md', '', { text: gone }),
    ]);
    expect(outcome).toMatchObject({
      ok: false,
      problems: [
        'a.md could not be read (A requested file could not be read)',
        'c.md could not be read (A requested file could not be read)',
      ],
    });
  });

  it('rethrows an error that is not a failed read', async () => {
    const bug = () => Promise.reject(new RangeError('a bug'));
    await expect(readPickedFiles([file('a.md', '', { text: bug })])).rejects.toThrow(RangeError);
  });
});

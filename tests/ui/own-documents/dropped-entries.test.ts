import { describe, expect, it } from 'vitest';
import { type DroppedEntry, holdsFolder, walkEntries } from '../../../src/ui/own-documents/dropped-entries';

type Fake = DroppedEntry & Record<string, unknown>;

const file = (fullPath: string, text: string): Fake => {
  const name = fullPath.split('/').pop() as string;
  return {
    name,
    fullPath,
    isFile: true,
    isDirectory: false,
    file: (success: (file: File) => void) => success(new File([text], name)),
  };
};

const unopenable = (fullPath: string): Fake => ({
  name: fullPath.split('/').pop() as string,
  fullPath,
  isFile: true,
  isDirectory: false,
  file: (_: unknown, failure: (error: DOMException) => void) =>
    failure(new DOMException('A requested file or directory could not be found', 'NotFoundError')),
});

/** A folder whose reader hands out its entries `batch` at a time, then an empty batch, as Chromium does. */
const folder = (fullPath: string, children: Fake[], batch = 100): Fake => ({
  name: fullPath.split('/').pop() as string,
  fullPath,
  isFile: false,
  isDirectory: true,
  createReader: () => {
    let at = 0;
    return {
      readEntries: (success: (entries: Fake[]) => void) => {
        const next = children.slice(at, at + batch);
        at += next.length;
        setTimeout(() => success(next));
      },
    };
  },
});

const unlistable = (fullPath: string): Fake => ({
  name: fullPath.split('/').pop() as string,
  fullPath,
  isFile: false,
  isDirectory: true,
  createReader: () => ({
    readEntries: (_: unknown, failure: (error: DOMException) => void) =>
      failure(new DOMException('', 'NotReadableError')),
  }),
});

describe('a dropped folder', () => {
  it('is walked to the bottom, each file keeping its path inside the drop', async () => {
    const walked = await walkEntries([
      folder('/notes', [
        file('/notes/garden.md', '# Garden'),
        folder('/notes/deep', [file('/notes/deep/a.md', '# A')]),
      ]),
      file('/loose.md', '# Loose'),
    ]);
    expect(walked.leftOut).toEqual([]);
    expect(walked.files.map((picked) => picked.webkitRelativePath)).toEqual([
      'notes/garden.md',
      'notes/deep/a.md',
      'loose.md',
    ]);
    expect(await walked.files[1]?.text()).toBe('# A');
  });

  it('reads every batch of a large folder, not just the first hundred entries', async () => {
    const many = Array.from({ length: 250 }, (_, i) => file(`/big/${i}.md`, `# ${i}`));
    const walked = await walkEntries([folder('/big', many)]);
    expect(walked.files).toHaveLength(250);
  });

  it('names a folder it could not list, instead of losing its files without a word', async () => {
    const walked = await walkEntries([folder('/notes', [unlistable('/notes/locked')])]);
    expect(walked.leftOut).toEqual([
      {
        path: 'notes/locked/',
        reason: 'this folder could not be read (NotReadableError)',
        fix: 'check that it is still there and readable, then drop it again',
      },
    ]);
  });

  it('leaves out by name a file the browser will not open, and hands on the others as Files', async () => {
    const walked = await walkEntries([
      folder('/notes', [unopenable('/notes/gone.md'), file('/notes/kept.md', '# Kept\n')]),
    ]);
    expect(walked.leftOut).toEqual([
      {
        path: 'notes/gone.md',
        reason: 'could not be read (A requested file or directory could not be found)',
        fix: 'check that it is still there and readable, then drop it again',
      },
    ]);
    // The File itself, which alone crosses to the ingest worker, with its path inside the drop.
    expect(walked.files).toHaveLength(1);
    expect(walked.files[0]).toBeInstanceOf(File);
    expect(walked.files[0]?.webkitRelativePath).toBe('notes/kept.md');
    expect(structuredClone(walked.files[0])).toBeInstanceOf(Blob);
  });

  it('is told from a drop of files only by its entries', () => {
    expect(holdsFolder([file('/a.md', '')])).toBe(false);
    expect(holdsFolder([file('/a.md', ''), folder('/b', [])])).toBe(true);
  });
});

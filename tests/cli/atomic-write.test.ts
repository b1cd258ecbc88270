import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { type WriteCalls, writeAtomically } from '../../scripts/lib/atomic-write';
import { runScript, TSX } from '../helpers/run-script';
import { scratchForFile, scratchForTest } from '../helpers/scratch';

// Issue 35, item 4: a failed write must never lose the previous index, trace or report.

vi.setConfig({ testTimeout: 30_000 });
const REPOSITORY = resolve(import.meta.dirname, '../..');
const work = scratchForFile('atomic');

const previous = () => {
  const folder = scratchForTest('atomic-write');
  const path = join(folder, 'index.bin');
  fs.writeFileSync(path, 'the previous index, whole');
  return { folder, path };
};

/** The real calls, except that the write stops part-way with `code`, as a full disk does. */
const failingWrite = (code: string): WriteCalls => ({
  ...fs,
  writeSync: (descriptor, bytes, offset) => {
    fs.writeSync(descriptor, bytes, offset, 3);
    throw Object.assign(new Error(`${code}: simulated`), { code });
  },
});

describe('writeAtomically', () => {
  it('leaves the previous file byte for byte when the write fails part-way, and no temporary file', () => {
    const { folder, path } = previous();
    expect(() =>
      writeAtomically({ path, data: 'a new index that never lands', calls: failingWrite('ENOSPC') }),
    ).toThrow(/ENOSPC/);
    expect(fs.readFileSync(path, 'utf8')).toBe('the previous index, whole');
    expect(fs.readdirSync(folder)).toEqual(['index.bin']);
  });

  it('leaves the previous file when the flush to disk fails', () => {
    const { folder, path } = previous();
    const calls: WriteCalls = {
      ...fs,
      fsyncSync: () => {
        throw Object.assign(new Error('EIO: simulated'), { code: 'EIO' });
      },
    };
    expect(() => writeAtomically({ path, data: 'new', calls })).toThrow(/EIO/);
    expect(fs.readFileSync(path, 'utf8')).toBe('the previous index, whole');
    expect(fs.readdirSync(folder)).toEqual(['index.bin']);
  });

  it('replaces the file whole when nothing fails', () => {
    const { folder, path } = previous();
    writeAtomically({ path, data: new Uint8Array([1, 2, 3]) });
    expect([...fs.readFileSync(path)]).toEqual([1, 2, 3]);
    expect(fs.readdirSync(folder)).toEqual(['index.bin']);
  });
});

describe('the scripts write atomically', () => {
  const ingest = (out: string, extra: string[] = []) =>
    runScript({ script: 'ingest', args: ['--corpus', 'corpus', '--out', out, '--quiet', ...extra] });

  it('an ingest stopped by a file-size limit part-way leaves the previous index byte for byte', () => {
    const out = join(work, 'limited.bin');
    expect(ingest(out).code).toBe(0);
    const before = fs.readFileSync(out);
    // The index is about 49 KB: the limit stops the write part-way (Node ignores SIGXFSZ, so the write
    // fails with EFBIG). tsx's cache is off, so that the limit meets only the index.
    const limited = spawnSync(
      'prlimit',
      [
        `--fsize=${Math.floor(before.length / 3)}`,
        '--',
        process.execPath,
        ...TSX,
        join(REPOSITORY, 'scripts', 'ingest.ts'),
        ...['--corpus', 'corpus', '--out', out, '--threshold', '0.5', '--quiet'],
      ],
      {
        cwd: REPOSITORY,
        encoding: 'utf8',
        env: { ...process.env, TSX_DISABLE_CACHE: '1' },
        timeout: 60_000,
      },
    );
    expect(limited.stderr).toContain(`cannot write index ${out}: EFBIG`);
    expect(limited.status).toBe(2);
    expect(fs.readFileSync(out).equals(before)).toBe(true);
    expect(fs.readdirSync(work).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it.each([
    ['onto a corpus file', 'corpus/02-borrowing.md', /names a document file/],
    ['into the corpus folder', 'corpus/index.bin', /lies inside the corpus folder corpus/],
    ['onto any Markdown file', join(work, 'notes.md'), /names a document file/],
  ])('refuses --out %s, writing nothing', (_name, out, message) => {
    const corpusFile = join(REPOSITORY, 'corpus', '02-borrowing.md');
    const before = fs.existsSync(corpusFile) ? fs.readFileSync(corpusFile) : undefined;
    const result = ingest(out);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(fs.existsSync(join(REPOSITORY, 'corpus', 'index.bin'))).toBe(false);
    expect(fs.existsSync(join(work, 'notes.md'))).toBe(false);
    if (before !== undefined) expect(fs.readFileSync(corpusFile).equals(before)).toBe(true);
  });

  it('refuses --out inside the corpus reached through a link to it', () => {
    const link = join(work, 'corpus-link');
    fs.symlinkSync(join(REPOSITORY, 'corpus'), link);
    const result = ingest(join(link, 'index.bin'));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/lies inside the corpus folder/);
  });
});

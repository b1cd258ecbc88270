// Every file the scripts write (an index, a trace, a report, a vector table, a fitted model) is written
// whole or not at all: the bytes go to a new file beside the target, are flushed to disk, and only then
// renamed over it. A full disk, a file-size limit, a kill or a crash part-way leaves the previous file as
// it was, byte for byte (rename within one folder is atomic on POSIX file systems).
import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The file-system calls an atomic write makes: the real ones, or a double that fails part-way. */
export interface WriteCalls {
  openSync(path: string, flags: string, mode: number): number;
  writeSync(descriptor: number, bytes: Uint8Array, offset: number, length: number): number;
  fsyncSync(descriptor: number): void;
  closeSync(descriptor: number): void;
  renameSync(from: string, to: string): void;
  rmSync(path: string, options: { force: boolean }): void;
}

/**
 * Writes `data` to `path` through a temporary file in the same folder. Opened with `wx`, so the temporary
 * name never follows a link or reuses a file; the folder must exist and be writable. A write into a
 * folder that holds no regular files (/proc, /sys) fails at the open instead of blocking on a special file.
 */
export function writeAtomically(options: {
  path: string;
  data: string | Uint8Array;
  calls?: WriteCalls;
}): void {
  const { path, data } = options;
  const calls = options.calls ?? nodeFs;
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const descriptor = calls.openSync(temporary, 'wx', 0o644);
  let renamed = false;
  try {
    try {
      let written = 0;
      while (written < bytes.length) {
        written += calls.writeSync(descriptor, bytes, written, bytes.length - written);
      }
      calls.fsyncSync(descriptor);
    } finally {
      calls.closeSync(descriptor);
    }
    calls.renameSync(temporary, path);
    renamed = true;
  } finally {
    if (!renamed) calls.rmSync(temporary, { force: true });
  }
  flushFolder(dirname(path));
}

const FOLDER_FSYNC_UNSUPPORTED = new Set(['EINVAL', 'EISDIR', 'EBADF', 'EPERM', 'EACCES']);

/** The rename itself reaches the disk with the folder's entry; some file systems cannot fsync a folder. */
function flushFolder(folder: string): void {
  let descriptor: number | undefined;
  try {
    descriptor = nodeFs.openSync(folder, 'r');
    nodeFs.fsyncSync(descriptor);
  } catch (error) {
    // Some file systems refuse to fsync a folder: the rename is still atomic there, only less durable.
    if (!FOLDER_FSYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    if (descriptor !== undefined) nodeFs.closeSync(descriptor);
  }
}

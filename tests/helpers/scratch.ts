import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

// Folders for the files a test writes (indexes, copies of a corpus, downloads), under the system's temp
// folder and removed when they are done with, passed or failed: a run of the suite leaves nothing behind.

const fresh = (name: string) => mkdtempSync(join(tmpdir(), `sourcebound-${name}-`));
const remove = (folder: string) => () => rmSync(folder, { recursive: true, force: true });

/** A folder for one test file, removed after its last test. Call it at the top of the file. */
export function scratchForFile(name: string): string {
  const folder = fresh(name);
  afterAll(remove(folder));
  return folder;
}

/** A folder for one test, removed when the test finishes. Call it inside the test. */
export function scratchForTest(name: string): string {
  const folder = fresh(name);
  onTestFinished(remove(folder));
  return folder;
}

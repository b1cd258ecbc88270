import { join } from 'node:path';
import { beforeAll, expect, vi } from 'vitest';
import { runScript } from './run-script';
import { scratchForFile } from './scratch';

/**
 * What a file of command-line tests starts from: its own folder, the shipped corpus compiled into it
 * once before the first test, and a runner of the scripts as a user runs them. Call it at the top.
 */
export function commandLineWorkspace(name: string) {
  // A test starts up to three processes, and tsx compiles each script as it starts: about 1.5 s a process
  // on two busy cores, so vitest's 5 s default failed a test that was only slow (CI, 2026-12-02).
  vi.setConfig({ testTimeout: 30_000 });
  const work = scratchForFile(name);
  const index = join(work, 'index.bin');
  const run = (script: string, args: string[], env: Record<string, string> = {}) =>
    runScript({ script, args, env });
  beforeAll(() => {
    const built = run('ingest', ['--corpus', 'corpus', '--out', index]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
  }, 60_000);
  return { work, index, run };
}

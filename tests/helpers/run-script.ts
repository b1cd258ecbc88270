import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { requireBundle } from './script-bundles';

const REPOSITORY = resolve(import.meta.dirname, '../..');

/**
 * Node's arguments that run a script from source as `npm run` does (package.json): tsx, and the hook that
 * imports the prompts as text. The path is the repository's, so the process runs in it.
 */
export const TSX = ['--import', 'tsx', '--import', './scripts/lib/text-import.mjs'];

/**
 * One of `scripts/` as a user runs it: a real process, with no key unless `env` gives one. `cwd` is the
 * checkout it runs in (a fresh clone, say); the script itself always comes from this repository, as
 * vitest's global setup compiled it (tests/helpers/script-bundles.ts).
 */
export function runScript(options: {
  script: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [requireBundle(options.script), ...options.args], {
    encoding: 'utf8',
    cwd: options.cwd ?? REPOSITORY,
    env: { ...process.env, ANTHROPIC_API_KEY: '', ...options.env },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

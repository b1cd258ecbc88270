import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';

// The command-line tests start a real process per run. Under tsx each start compiles the script and the
// hundred modules of src/ it imports again (about a second of two busy cores); compiled once here, before
// the tests, a start is Node reading one file. The code is the same: esbuild strips the types tsx strips,
// and the packages stay imports of node_modules; the prompts are read as text, as Vite reads them. A few
// tests still start a script through tsx with the prompts' hook, as `npm run` does (`TSX` in run-script.ts).

const REPOSITORY = resolve(import.meta.dirname, '../..');
/** Inside node_modules, so a bundle resolves the packages it imports as the script does. */
export const BUNDLES = join(REPOSITORY, 'node_modules/.cache/sourcebound-scripts');

/** Every `scripts/*.ts`, each compiled to one ES module in BUNDLES (replaced atomically). */
export function bundleScripts(): void {
  mkdirSync(BUNDLES, { recursive: true });
  const scripts = readdirSync(join(REPOSITORY, 'scripts')).filter((name) => name.endsWith('.ts'));
  for (const script of scripts) {
    const name = script.slice(0, -'.ts'.length);
    const partial = join(BUNDLES, `${name}.${process.pid}.partial.mjs`);
    buildSync({
      entryPoints: [join(REPOSITORY, 'scripts', script)],
      outfile: partial,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // The prompts, imported as text with `?raw` as Vite and scripts/lib/text-import.mjs read them.
      loader: { '.md': 'text' },
      logLevel: 'error',
    });
    renameSync(partial, bundleOf(name));
  }
}

export const bundleOf = (script: string) => join(BUNDLES, `${script}.mjs`);

/** The compiled script, or an error that says the global setup did not run. */
export function requireBundle(script: string): string {
  const bundle = bundleOf(script);
  if (!existsSync(bundle)) {
    throw new Error(`${bundle} is missing: run the tests with vitest (its global setup compiles scripts/)`);
  }
  return bundle;
}

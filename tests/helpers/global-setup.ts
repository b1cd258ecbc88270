import { bundleScripts } from './script-bundles';

/** vitest's global setup: once a run, before any test file. */
export default function setup(): void {
  bundleScripts();
}

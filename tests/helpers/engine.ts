import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, type Engine } from '../../src/ask/engine';
import type { CompiledIndex, InMemoryIndex } from '../../src/compiled-index/types';
import { compileIndex } from '../../src/ingest/compile';
import { compileOwnCorpus } from '../../src/ingest/compile-corpus';
import type { GateSettings } from '../../src/types';

/** The tiny corpus is built for v1, whose replies cite by id alone: the engine tests script such replies. */
export const TEST_PROMPT_VERSION = 'answer.v1';

/** A corpus made for the engine tests: three sections about unrelated things. */
export const TINY_CORPUS = [
  {
    path: 'pets.md',
    text: `# Pets

## Cats
A cat needs fresh water every day and sleeps about 15 hours a day.

## Dogs
A dog needs a walk of at least 30 minutes twice a day.
`,
  },
  {
    path: 'garden.md',
    text: `# Garden

## Tomatoes
Tomato plants need 6 hours of direct sun and water every 2 days in summer.
`,
  },
];

export function tinyIndex(gate: Partial<GateSettings> = {}): InMemoryIndex {
  return compileIndex({
    files: TINY_CORPUS,
    promptVersion: TEST_PROMPT_VERSION,
    gate: { threshold: 0.3, minMargin: 0, source: 'test', ...gate },
  });
}

export function tinyEngine(gate: Partial<GateSettings> = {}): Engine {
  return createEngine(tinyIndex(gate));
}

/** The bundled corpus, compiled in memory the way `npm run ingest` does. */
export function libraryIndex(): InMemoryIndex {
  const files = readdirSync('corpus')
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((path) => ({ path, text: readFileSync(join('corpus', path), 'utf8') }));
  return compileIndex({ files, promptVersion: 'answer.v2' });
}

/** tests/fixtures/other-corpus/garden.md compiled as a visitor's own documents: not calibrated, two passages. */
export function gardenIndex(): CompiledIndex {
  const garden = compileOwnCorpus({
    files: [{ path: 'garden.md', text: readFileSync('tests/fixtures/other-corpus/garden.md', 'utf8') }],
    corpus: 'your documents',
  });
  if (!garden.ok) throw new Error('the garden fixture must compile');
  return garden.index;
}

/** The garden fixture's engine, as the page builds it for a visitor's own documents. */
export function gardenEngine(): Engine {
  return createEngine(gardenIndex());
}

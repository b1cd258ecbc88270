import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, type Engine, withSemantic } from '../../src/ask/engine';
import type { CompiledIndex } from '../../src/compiled-index/types';
import { compileIndex } from '../../src/ingest/compile';
import { compileOwnCorpus } from '../../src/ingest/compile-corpus';
import { type SemanticModel, semanticChannel, type WordVectors } from '../../src/retrieval/semantic';
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

export function tinyIndex(gate: Partial<GateSettings> = {}): CompiledIndex {
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
export function libraryIndex(): CompiledIndex {
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

/** A table of two dimensions: "film" and "dvd" point one way, "mortgage" the other. */
export const TWO_WAY_TABLE: WordVectors = {
  terms: ['dvd', 'film', 'mortgag'],
  dimensions: 2,
  vectors: Float32Array.from([1, 0, 0.96, 0.28, 0, 1]),
  digest: 'a'.repeat(64),
};

/** A gate model of the semantic channel, its weights made up: a passage's score is not its cosine. */
export const testSemanticModel = (threshold: number): SemanticModel => ({
  version: 'test-model',
  settings: { weight: 0, minSimilarity: 0.6, neighbours: 3 },
  evidence: { bias: -3, weights: { cosine: 4, weightedCoverage: 2, close: 3 }, source: 'test' },
  threshold,
  source: 'fitted for this test',
});

/** The manual read with the semantic channel: scores are evidence, which need not follow retrieval's order. */
export function semanticLibraryEngine(threshold: number, gate?: GateSettings): Engine {
  const engine = createEngine({ ...libraryIndex(), ...(gate === undefined ? {} : { gate }) });
  return withSemantic(engine, {
    channel: semanticChannel(TWO_WAY_TABLE, engine.invertedIndex.vocabulary),
    model: testSemanticModel(threshold),
  });
}

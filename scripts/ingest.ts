// npm run ingest -- [--corpus DIR] [--out FILE] [--prompt VERSION] [--threshold N] [--min-margin N] [--model bm25|tfidf] [--thesaurus] [--quiet]
import { relative, resolve } from 'node:path';
import { serializeIndex } from '../src/compiled-index/parse';
import { DEFAULT_GATE, uncalibratedGate } from '../src/config';
import { compileIndex } from '../src/ingest/compile';
import { IngestError } from '../src/ingest/errors';
import { CURRENT_PROMPT_VERSION } from '../src/prompt-versions';
import {
  DEFAULT_RETRIEVAL_MODEL,
  describeModel,
  RETRIEVAL_MODELS,
  type RetrievalModel,
} from '../src/retrieval/model';
import type { GateSettings } from '../src/types';
import { DEFAULT_INDEX, parseCommandLine, run, shippedPromptVersion, UsageError, writeOutput } from './cli';
import { BUNDLED_CORPUS, readCorpusFolder } from './corpus-folder';
import { wordNetGroups } from './wordnet';

const USAGE =
  'usage: npm run ingest -- [--corpus DIR] [--out FILE] [--prompt VERSION] [--threshold N] [--min-margin N] [--model bm25|tfidf] [--thesaurus] [--quiet]';
/** A number from the command line within [low, high], or strictly between them when `open`. */
function score(options: { value: string | undefined; flag: string; open: boolean }): number | undefined {
  const { value, flag, open } = options;
  if (value === undefined) return undefined;
  const number = Number(value);
  const inside = open ? number > 0 && number < 1 : number >= 0 && number <= 1;
  if (value.trim() === '' || !Number.isFinite(number) || !inside) {
    const range = open ? 'above 0 and below 1' : 'from 0 to 1';
    throw new UsageError(`${flag} takes a number ${range}, not ${JSON.stringify(value)}`);
  }
  return number;
}

/**
 * The shipped threshold was measured on the bundled manual. Any other corpus gets it only as a
 * starting point, and its source says so instead of claiming a measurement nobody took.
 */
function gateFor(options: { folder: string; threshold?: number; minMargin?: number }): GateSettings {
  const minMargin = options.minMargin ?? DEFAULT_GATE.minMargin;
  if (options.threshold !== undefined) {
    return {
      threshold: options.threshold,
      minMargin,
      source: 'set with --threshold when the index was built',
    };
  }
  if (resolve(options.folder) === resolve(BUNDLED_CORPUS)) return { ...DEFAULT_GATE, minMargin };
  return uncalibratedGate(minMargin);
}

function modelNamed(name: string): RetrievalModel {
  const model = Object.hasOwn(RETRIEVAL_MODELS, name) ? RETRIEVAL_MODELS[name] : undefined;
  if (model === undefined) {
    throw new UsageError(
      `--model takes ${Object.keys(RETRIEVAL_MODELS).join(' or ')}, not ${JSON.stringify(name)}\n${USAGE}`,
    );
  }
  return model;
}

run(() => {
  const { values } = parseCommandLine(
    {
      options: {
        corpus: { type: 'string', default: BUNDLED_CORPUS },
        out: { type: 'string', default: DEFAULT_INDEX },
        prompt: { type: 'string', default: CURRENT_PROMPT_VERSION },
        threshold: { type: 'string' },
        'min-margin': { type: 'string' },
        model: { type: 'string', default: DEFAULT_RETRIEVAL_MODEL.kind },
        quiet: { type: 'boolean', default: false },
        thesaurus: { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  const folder = values.corpus;
  const files = readCorpusFolder(folder);
  const gate = gateFor({
    folder,
    // The limits an index is checked against when loaded (INDEX_LIMITS): 0 would open the gate to everything.
    threshold: score({ value: values.threshold, flag: '--threshold', open: true }),
    minMargin: score({ value: values['min-margin'], flag: '--min-margin', open: false }),
  });
  const promptVersion = shippedPromptVersion(values.prompt);

  let index: ReturnType<typeof compileIndex>;
  try {
    index = compileIndex({
      files,
      promptVersion,
      gate,
      model: modelNamed(values.model),
      ...(values.thesaurus ? { relatedWords: wordNetGroups() } : {}),
    });
  } catch (error) {
    if (error instanceof IngestError) {
      throw new UsageError(`ingest of ${folder} failed:\n  ${error.problems.join('\n  ')}`);
    }
    throw error;
  }
  writeOutput({ path: values.out, what: 'index', data: serializeIndex(index) });
  if (!values.quiet) {
    const where = relative('.', folder) || '.';
    console.log(`${index.passages.length} passages from ${files.length} files in ${where} → ${values.out}`);
    console.log(`model: ${describeModel(index.model)}, ${index.terms.length} terms; prompt ${promptVersion}`);
    if (index.thesaurus !== undefined) {
      console.log(`thesaurus: ${Object.keys(index.thesaurus).length} words the corpus lacks (WordNet 3.1)`);
    }
    console.log(`gate: threshold ${gate.threshold}, minMargin ${gate.minMargin}; ${gate.source}`);
  }
  return 0;
});

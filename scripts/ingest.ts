// npm run ingest -- [--corpus DIR] [--out FILE] [--prompt VERSION] [--threshold N] [--min-margin N] [--model bm25|tfidf] [--quiet]
import { readdirSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
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
import {
  DEFAULT_INDEX,
  parseCommandLine,
  readText,
  run,
  shippedPromptVersion,
  UsageError,
  writeOutput,
} from './cli';

const USAGE =
  'usage: npm run ingest -- [--corpus DIR] [--out FILE] [--prompt VERSION] [--threshold N] [--min-margin N] [--model bm25|tfidf] [--quiet]';
const BUNDLED_CORPUS = 'corpus';
const MARKDOWN = new Set(['.md', '.markdown']);

function markdownFiles(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    throw new UsageError(`cannot read corpus folder ${folder}: ${(error as NodeJS.ErrnoException).code}`);
  }
  return entries
    .filter((entry) => MARKDOWN.has(extname(entry).toLowerCase()) && isFile(join(folder, entry)))
    .map((entry) => entry.split('\\').join('/'))
    .sort();
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch (error) {
    // A link to nowhere is a file the user meant to include: say so rather than skip it.
    throw new UsageError(`cannot read corpus file ${path}: ${(error as NodeJS.ErrnoException).code}`);
  }
}

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
      },
    },
    USAGE,
  );
  const folder = values.corpus;
  const files = markdownFiles(folder).map((path) => ({
    path,
    text: readText(join(folder, path), 'corpus file'),
  }));
  const gate = gateFor({
    folder,
    // The limits an index is checked against when loaded (INDEX_LIMITS): 0 would open the gate to everything.
    threshold: score({ value: values.threshold, flag: '--threshold', open: true }),
    minMargin: score({ value: values['min-margin'], flag: '--min-margin', open: false }),
  });
  const promptVersion = shippedPromptVersion(values.prompt);

  let index: ReturnType<typeof compileIndex>;
  try {
    index = compileIndex({ files, promptVersion, gate, model: modelNamed(values.model) });
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
    console.log(`gate: threshold ${gate.threshold}, minMargin ${gate.minMargin}; ${gate.source}`);
  }
  return 0;
});

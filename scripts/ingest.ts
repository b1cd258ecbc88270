// npm run ingest -- [--corpus DIR] [--out FILE] [--prompt VERSION] [--threshold N] [--min-margin N] [--model bm25|tfidf] [--no-thesaurus] [--follow-links] [--text auto|blocks|inline] [--block-chars N] [--shard-bytes N] [--strict] [--quiet]
import { dirname, join, relative, resolve } from 'node:path';
import { INDEX_LIMITS } from '../src/compiled-index/version';
import { DEFAULT_GATE, uncalibratedGate } from '../src/config';
import { describeLeftOut } from '../src/ingest/left-out';
import { CURRENT_PROMPT_VERSION } from '../src/prompt-versions';
import {
  DEFAULT_RETRIEVAL_MODEL,
  describeModel,
  RETRIEVAL_MODELS,
  type RetrievalModel,
} from '../src/retrieval/model';
import type { GateSettings } from '../src/types';
import { DEFAULT_INDEX, parseCommandLine, run, shippedPromptVersion, UsageError } from './lib/cli';
import { BUNDLED_CORPUS, compileFolder, refuseOutputIntoCorpus } from './lib/corpus-folder';
import {
  BLOCK_TARGET_CHARS,
  SHARD_TARGET_BYTES,
  TEXT_LAYOUTS,
  type TextLayout,
  writeIndexFiles,
} from './lib/index-files';
import { shippedRelatedWords } from './wordnet/wordnet';

const USAGE = [
  'usage: npm run ingest -- [--corpus DIR] [--out FILE] [--prompt VERSION] [--threshold N] [--min-margin N] [--model bm25|tfidf] [--no-thesaurus] [--follow-links] [--text auto|blocks|inline] [--block-chars N] [--shard-bytes N] [--strict] [--quiet]',
  '       reads .md, .mdx, .markdown and .txt files under DIR; files it cannot use are listed and left out,',
  '       and the rest indexed. --strict: exit 1 and write nothing when any file or section is left out.',
  '       --no-thesaurus: compile no WordNet stand-ins for words the corpus lacks (compiled by default when the',
  '       shipped THESAURUS_WEIGHT, fitted by npm run fit:gate, reads them).',
  '       --follow-links: read a linked file that lies outside DIR (left out by default).',
  "       --text: where the passages' text and the postings go: in blocks in text/ and shards in postings/",
  '       beside FILE, fetched by the page as questions read them, or inline in FILE; auto (the default):',
  '       apart above 4 MiB of text.',
  '       --block-chars: about how many characters of text a block holds (default 65536; a passage longer',
  '       than that is a block of its own): smaller blocks, less fetched for a question, more files.',
  '       --shard-bytes: about how many bytes of postings a shard holds (default 32768; a term whose list is',
  '       longer is a shard of its own): a question fetches the shards of its own words.',
].join('\n');

/** A number from the command line within [0, 1], or within the limits an index's threshold is held to when `threshold`. */
function score(options: { value: string | undefined; flag: string; threshold: boolean }): number | undefined {
  const { value, flag, threshold } = options;
  if (value === undefined) return undefined;
  const number = Number(value);
  const { atLeast, below } = INDEX_LIMITS.threshold;
  const inside = threshold ? number >= atLeast && number < below : number >= 0 && number <= 1;
  if (value.trim() === '' || !Number.isFinite(number) || !inside) {
    const range = threshold ? `from ${atLeast} to below ${below}` : 'from 0 to 1';
    throw new UsageError(`${flag} takes a number ${range}, not ${JSON.stringify(value)}`);
  }
  return number;
}

/** `--block-chars`: a whole number of characters, at least MIN_BLOCK_CHARS. */
function blockChars(value: string | undefined): number {
  if (value === undefined) return BLOCK_TARGET_CHARS;
  const chars = Number(value);
  if (!/^\d+$/u.test(value) || chars < MIN_BLOCK_CHARS) {
    throw new UsageError(
      `--block-chars takes a whole number of characters from ${MIN_BLOCK_CHARS}, not ${JSON.stringify(value)}`,
    );
  }
  return chars;
}

// Below this a block holds a passage or two, and a question's text is many round trips.
const MIN_BLOCK_CHARS = 1024;

/** `--shard-bytes`: a whole number of bytes, at least MIN_SHARD_BYTES. */
function shardBytes(value: string | undefined): number {
  if (value === undefined) return SHARD_TARGET_BYTES;
  const bytes = Number(value);
  if (!/^\d+$/u.test(value) || bytes < MIN_SHARD_BYTES) {
    throw new UsageError(
      `--shard-bytes takes a whole number of bytes from ${MIN_SHARD_BYTES}, not ${JSON.stringify(value)}`,
    );
  }
  return bytes;
}

// Below this a shard holds a term or two, and a question's postings are many round trips.
const MIN_SHARD_BYTES = 256;

function textLayout(value: string | undefined): TextLayout {
  if (value === undefined) return 'auto';
  if (!(TEXT_LAYOUTS as readonly string[]).includes(value)) {
    throw new UsageError(`--text takes ${TEXT_LAYOUTS.join(', ')}, not ${JSON.stringify(value)}`);
  }
  return value as TextLayout;
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
        strict: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        'no-thesaurus': { type: 'boolean', default: false },
        'follow-links': { type: 'boolean', default: false },
        text: { type: 'string' },
        'block-chars': { type: 'string' },
        'shard-bytes': { type: 'string' },
      },
    },
    USAGE,
  );
  const folder = values.corpus;
  refuseOutputIntoCorpus({ out: values.out, folder, flag: '--out' });
  const gate = gateFor({
    folder,
    // The limits an index is checked against when loaded (INDEX_LIMITS): 0 would open the gate to everything.
    threshold: score({ value: values.threshold, flag: '--threshold', threshold: true }),
    minMargin: score({ value: values['min-margin'], flag: '--min-margin', threshold: false }),
  });
  const promptVersion = shippedPromptVersion(values.prompt);
  const layout = textLayout(values.text);
  for (const flag of ['block-chars', 'shard-bytes'] as const) {
    if (layout === 'inline' && values[flag] !== undefined) {
      throw new UsageError(`--${flag} sizes the parts of --text blocks or auto; --text inline writes none`);
    }
  }
  const chars = blockChars(values['block-chars']);
  const bytes = shardBytes(values['shard-bytes']);

  const { index, leftOut } = compileFolder({
    folder,
    followLinks: values['follow-links'],
    promptVersion,
    gate,
    model: modelNamed(values.model),
    ...(values['no-thesaurus'] ? {} : shippedRelatedWords()),
  });

  // On stderr, even with --quiet: a file left out is news the user must see.
  if (leftOut.length > 0) {
    console.error(`${leftOut.length} left out of ${folder}:`);
    for (const item of leftOut) console.error(`  ${describeLeftOut(item)}`);
  }
  if (values.strict && leftOut.length > 0) {
    console.error(`--strict: nothing written to ${values.out}`);
    return 1;
  }
  const { blocks, shards } = writeIndexFiles({
    path: values.out,
    index,
    layout,
    blockChars: chars,
    shardBytes: bytes,
  });
  if (!values.quiet) {
    const where = relative('.', folder) || '.';
    const files = new Set(index.passages.map((passage) => passage.file)).size;
    console.log(`${index.passages.length} passages from ${files} files in ${where} → ${values.out}`);
    console.log(`model: ${describeModel(index.model)}, ${index.terms.length} terms; prompt ${promptVersion}`);
    if (index.thesaurus !== undefined) {
      console.log(`thesaurus: ${Object.keys(index.thesaurus).length} words the corpus lacks (WordNet 3.1)`);
    }
    console.log(`gate: threshold ${gate.threshold}, minMargin ${gate.minMargin}; ${gate.source}`);
    if (blocks > 0) console.log(`passage text: ${blocks} blocks in ${join(dirname(values.out), 'text')}/`);
    if (shards > 0) console.log(`postings: ${shards} shards in ${join(dirname(values.out), 'postings')}/`);
  }
  return 0;
});

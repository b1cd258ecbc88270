// npm run bench:semantic -- [--quick] [--sizes 1000,10000,100000] [--queries N] [--encoder-queries N] [--no-encoder] [--out DIR]
//
// What the semantic channel costs: per question, retrieve plus gate on words alone and with the word
// vectors, on synthetic corpora of real English words (GloVe's most frequent, so that the vectors know
// them; scripts/bench/corpus.ts draws them with Zipf weights, as `npm run bench` draws made-up ones);
// and once per page, the table's bytes, the time to check and decode it, and to join it to an index.
// With the sentence encoder (the command line's default; --no-encoder leaves it out): what ask() adds
// per question, retrieve, embed and rescore, for a question whose passages were never embedded (every
// passage retrieval returns is embedded) and asked again (the engine keeps their vectors: only the
// question is embedded). Prints a table and writes the report as JSON to DIR/semantic-latest.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rescored } from '../src/ask/encoder-evidence';
import { createEngine, type Engine, retrieverOf, SHOWN_PASSAGES, withSemantic } from '../src/ask/engine';
import { gate } from '../src/ask/gate';
import { parseIndex, serializeIndex } from '../src/compiled-index/parse';
import { decodeWordVectors } from '../src/compiled-index/word-vectors';
import { compileIndex } from '../src/ingest/compile';
import { semanticChannel } from '../src/retrieval/semantic';
import { SEMANTIC_MODEL } from '../src/retrieval/semantic-model';
import { RETRIEVED } from './bench/contenders';
import { makeCorpus, makeQueries } from './bench/corpus';
import { percentile } from './bench/run-bench';
import { parseCommandLine, run, UsageError, writeOutput } from './lib/cli';
import { loadSentenceEncoder } from './lib/encoder';
import { nativeSha256 } from './lib/native-sha256';
import { defaultVectors, frequentWords } from './lib/vector-table';

const USAGE =
  'usage: npm run bench:semantic -- [--quick] [--sizes 1000,10000,100000] [--queries N] [--encoder-queries N] [--no-encoder] [--out DIR]';
const FULL_SIZES = [1_000, 10_000, 100_000];
const QUICK_SIZES = [1_000];
/** Words the corpora draw from: about as many as the made-up vocabulary of `npm run bench`. */
const CORPUS_WORDS = 30_000;

interface Latency {
  p50: number;
  p95: number;
  max: number;
}

function latencies(engine: Engine, questions: readonly string[]): Latency {
  // One pass to warm the code up, then the timed one.
  for (const question of questions.slice(0, 50))
    gate(retrieverOf(engine).retrieve(question, RETRIEVED), engine.gate);
  return summary(
    questions.map((question) => {
      const started = performance.now();
      gate(retrieverOf(engine).retrieve(question, RETRIEVED), engine.gate);
      return performance.now() - started;
    }),
  );
}

const summary = (times: number[]): Latency => {
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1) ?? Number.NaN };
};

/**
 * What the encoder adds to a question as ask() reads it: retrieve, embed, rescore (and reorder) every
 * returned passage, gate. Each question twice: first with passages never embedded, then again with their vectors kept.
 */
async function encoderLatencies(
  engine: Engine,
  questions: readonly string[],
): Promise<{ firstAsked: Latency; askedAgain: Latency }> {
  const use = engine.semantic?.encoder;
  if (use === undefined) throw new Error('bench:semantic: the engine was built without the encoder');
  const limit = Math.max(SHOWN_PASSAGES, engine.contextSize);
  const depth = Math.max(limit, use.gate.rerank?.depth ?? 0);
  const once = async (question: string) => {
    const started = performance.now();
    const found = retrieverOf(engine).read(question, depth, { asWritten: false });
    const { gated } = await rescored({
      use,
      question,
      scored: found.scored,
      features: found.features,
      gates: limit,
    });
    gate(gated, engine.gate);
    return performance.now() - started;
  };
  // The first call builds the model's graph: not what a question costs once the model is loaded.
  await use.encoder.embed(['warm up']);
  const first: number[] = [];
  for (const question of questions) first.push(await once(question));
  const again: number[] = [];
  for (const question of questions) again.push(await once(question));
  return { firstAsked: summary(first), askedAgain: summary(again) };
}

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

function counts(text: string): number[] {
  const values = text.split(',').map(Number);
  if (values.some((value) => !Number.isInteger(value) || value < 1))
    throw new UsageError(`--sizes takes positive whole numbers separated by commas, got "${text}"\n${USAGE}`);
  return values;
}

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        quick: { type: 'boolean', default: false },
        sizes: { type: 'string' },
        queries: { type: 'string' },
        'encoder-queries': { type: 'string' },
        'no-encoder': { type: 'boolean', default: false },
        out: { type: 'string', default: 'bench' },
      },
    },
    USAGE,
  );
  const sizes = values.sizes === undefined ? (values.quick ? QUICK_SIZES : FULL_SIZES) : counts(values.sizes);
  const [queryCount = Number.NaN] = counts(values.queries ?? (values.quick ? '200' : '1000'));
  const [encoderQueryCount = Number.NaN] = counts(values['encoder-queries'] ?? (values.quick ? '5' : '30'));
  const loadStarted = performance.now();
  const encoder = values['no-encoder'] ? undefined : await loadSentenceEncoder();
  const encoderLoadMs = performance.now() - loadStarted;
  if (encoder !== undefined) console.log(`sentence encoder loaded in ${encoderLoadMs.toFixed(0)} ms`);

  const bytes = new Uint8Array(readFileSync(defaultVectors()));
  const decoded = timed(() => decodeWordVectors(bytes));
  const table = decoded.value;
  const words = frequentWords(CORPUS_WORDS);
  const tableFacts = {
    terms: table.terms.length,
    dimensions: table.dimensions,
    bytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
    decodeMs: decoded.ms,
  };
  console.log(
    `word vectors: ${tableFacts.terms} terms × ${tableFacts.dimensions}, ${(tableFacts.bytes / 1e6).toFixed(2)} MB ` +
      `(${(tableFacts.gzipBytes / 1e6).toFixed(2)} MB gzipped), checked and decoded in ${decoded.ms.toFixed(0)} ms`,
  );

  const rows = [];
  for (const passageCount of sizes) {
    const corpus = makeCorpus({ passageCount, words });
    const saved = serializeIndex(compileIndex({ files: corpus.files }));
    const loaded = timed(() => createEngine(parseIndex(saved, { sha256: nativeSha256 })));
    const lexical = loaded.value;
    const joined = timed(() => semanticChannel(table, lexical.invertedIndex.vocabulary));
    const semantic = withSemantic(lexical, { channel: joined.value, model: SEMANTIC_MODEL });
    const questions = makeQueries({ corpus, count: queryCount }).map(({ text }) => text);
    const row = {
      passages: passageCount,
      indexLoadMs: loaded.ms,
      joinMs: joined.ms,
      lexical: latencies(lexical, questions),
      semantic: latencies(semantic, questions),
      ...(encoder === undefined
        ? {}
        : {
            encoder: await encoderLatencies(
              withSemantic(lexical, { channel: joined.value, model: SEMANTIC_MODEL, encoder }),
              questions.slice(0, encoderQueryCount),
            ),
          }),
    };
    console.error(`${passageCount} passages measured`);
    rows.push(row);
  }

  const ms = (value: number) => value.toFixed(3);
  const encoderColumns =
    encoder === undefined
      ? ['', '']
      : [' with the encoder, passages new p50 / p95 ms | asked again p50 / p95 ms |', '---|---|'];
  console.log(
    `\n| passages | index load ms | join table ms | words alone p50 / p95 ms | with word vectors p50 / p95 / max ms |${encoderColumns[0]}`,
  );
  console.log(`|---|---|---|---|---|${encoderColumns[1]}`);
  for (const row of rows) {
    const withEncoder =
      row.encoder === undefined
        ? ''
        : ` ${ms(row.encoder.firstAsked.p50)} / ${ms(row.encoder.firstAsked.p95)} | ${ms(row.encoder.askedAgain.p50)} / ${ms(row.encoder.askedAgain.p95)} |`;
    console.log(
      `| ${row.passages} | ${row.indexLoadMs.toFixed(0)} | ${row.joinMs.toFixed(0)} | ${ms(row.lexical.p50)} / ${ms(row.lexical.p95)} | ` +
        `${ms(row.semantic.p50)} / ${ms(row.semantic.p95)} / ${ms(row.semantic.max)} |${withEncoder}`,
    );
  }
  const path = join(values.out, 'semantic-latest.json');
  writeOutput({
    path,
    what: 'benchmark report',
    data: `${JSON.stringify({ date: new Date().toISOString(), queries: queryCount, table: tableFacts, ...(encoder === undefined ? {} : { encoder: { id: encoder.id, loadMs: encoderLoadMs, queries: encoderQueryCount } }), rows }, null, 2)}\n`,
  });
  console.error(`wrote ${path}`);
  return 0;
});

// Runs every contender on the same synthetic corpora and queries, and collects the figures of issue 5.
import { arch, cpus, platform, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { CONTENDERS, type Contender, RETRIEVED, type SavedPart, type Trial } from './contenders';
import {
  CORPUS_SETTINGS,
  type KnownItemQuery,
  makeCorpus,
  makeQueries,
  QUERY_CHOICE,
  type SyntheticCorpus,
} from './corpus';

export const FULL_SIZES = [1_000, 10_000, 100_000] as const;
export const FULL_QUERIES = 1_000;
export const QUICK_SIZES = [1_000] as const;
export const QUICK_QUERIES = 100;
/** MRR is cut at this rank: a target found lower counts 0. */
const MRR_DEPTH = 10;

export interface BenchOptions {
  /** Corpus sizes, in passages. */
  sizes: readonly number[];
  queryCount: number;
  seed?: number;
  contenders?: readonly Contender[];
  /** Progress, one line per stage; the command line sends it to stderr. */
  log?: (line: string) => void;
}

/** A saved index: bytes as written, and gzipped part by part (as a server would send each file). */
export interface SavedSize {
  rawBytes: number;
  gzipBytes: number;
}

/** One step of a load and the time it took, for an engine that says where its load time goes. */
export interface LoadStepTime {
  step: string;
  ms: number;
}

/** What a load costs: parse plus restore, and what the restored index holds in memory. */
export interface LoadCost {
  loadMs: number;
  /** The load step by step, in order, when the engine names its steps; they add up to `loadMs` or less. */
  steps?: LoadStepTime[];
  /** Growth of V8's heap plus ArrayBuffers across the load, each measured after a full collection. */
  memoryBytes: number;
}

export interface EngineFigures extends SavedSize, LoadCost {
  engine: string;
  version: string;
  buildMs: number;
  /**
   * The first query after the load, alone: what a load that leaves work for the questions (sourcebound's
   * shards of postings, read the first time a question needs one) leaves to the first one.
   */
  firstQueryMs: number;
  p50Ms: number;
  p95Ms: number;
  /** Share of queries whose target passage ranks first. */
  hitAt1: number;
  /** Mean of 1 / rank of the target passage, 0 when it is not in the first 10. */
  mrrAt10: number;
  /** The same index with the passage text in it, where the engine ships the text in its index. */
  withText?: SavedSize & LoadCost;
}

/** Keys of the figures that have a sourcebound ÷ library ratio. */
export const RATIO_FIGURES = [
  'buildMs',
  'rawBytes',
  'gzipBytes',
  'loadMs',
  'firstQueryMs',
  'p50Ms',
  'p95Ms',
  'memoryBytes',
  'hitAt1',
  'mrrAt10',
] as const satisfies ReadonlyArray<keyof EngineFigures>;
export type RatioFigure = (typeof RATIO_FIGURES)[number];

export interface CorpusReport {
  passages: number;
  files: number;
  markdownBytes: number;
  queries: number;
  engines: EngineFigures[];
  /** Library name → figure → sourcebound's figure divided by the library's (null when that is 0). */
  ratios: Record<string, Record<RatioFigure, number | null>>;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryBytes: number;
  node: string;
  platform: string;
  /** `flag`: run with --expose-gc; `v8-flags`: garbage collection exposed from inside the process. */
  gc: 'flag' | 'v8-flags';
}

export interface BenchReport {
  /** ISO 8601, when the run started. */
  date: string;
  machine: Machine;
  settings: typeof CORPUS_SETTINGS & { queryChoice: string; retrieved: number; mrrDepth: number };
  corpora: CorpusReport[];
}

type Collect = () => void;

/**
 * `global.gc` when Node was started with --expose-gc; otherwise the same function, exposed from inside
 * the process, so that a run under vitest or plain tsx still measures memory after a full collection.
 */
function garbageCollector(): { collect: Collect; gc: Machine['gc'] } {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (exposed !== undefined) return { collect: exposed, gc: 'flag' };
  setFlagsFromString('--expose-gc');
  return { collect: runInNewContext('gc') as Collect, gc: 'v8-flags' };
}

/** What every benchmark report says of the machine it ran on. */
export function machineFacts(): Omit<Machine, 'gc'> {
  const processors = cpus();
  return {
    cpu: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryBytes: totalmem(),
    node: process.version,
    platform: `${platform()} ${arch()}`,
  };
}

function machine(gc: Machine['gc']): Machine {
  return { ...machineFacts(), gc };
}

function timed(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], share: number): number {
  const at = Math.max(0, Math.ceil(share * sorted.length) - 1);
  return sorted[at] ?? Number.NaN;
}

function memoryInUse(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

function savedSize(parts: readonly SavedPart[]): SavedSize {
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const part of parts) {
    rawBytes += Buffer.byteLength(part.data);
    gzipBytes += gzipSync(part.data).length;
  }
  return { rawBytes, gzipBytes };
}

function measureLoad(trial: Trial, parts: readonly SavedPart[], collect: Collect): LoadCost {
  trial.release();
  collect();
  collect();
  const before = memoryInUse();
  const steps: LoadStepTime[] = [];
  let stepStart = 0;
  const loadMs = timed(() => {
    stepStart = performance.now();
    trial.load(parts, (step) => {
      const now = performance.now();
      steps.push({ step, ms: now - stepStart });
      stepStart = now;
    });
  });
  collect();
  collect();
  return { loadMs, ...(steps.length === 0 ? {} : { steps }), memoryBytes: memoryInUse() - before };
}

function quality(trial: Trial, queries: readonly KnownItemQuery[]): { hitAt1: number; mrrAt10: number } {
  let hits = 0;
  let reciprocalRanks = 0;
  for (const query of queries) {
    const ranked = trial.rank(query.text, MRR_DEPTH);
    const at = ranked.indexOf(query.target);
    if (at === 0) hits++;
    if (at >= 0) reciprocalRanks += 1 / (at + 1);
  }
  return { hitAt1: hits / queries.length, mrrAt10: reciprocalRanks / queries.length };
}

async function measure(options: {
  contender: Contender;
  corpus: SyntheticCorpus;
  queries: readonly KnownItemQuery[];
  collect: Collect;
  log: (stage: string) => void;
}): Promise<EngineFigures> {
  const { contender, corpus, queries, collect, log } = options;
  const trial = contender.trial(corpus);
  log('building');
  const buildMs = timed(() => trial.build());
  log('saving');
  const saved = await trial.save();
  // What the site holds: the parts loaded, and those read as questions need them.
  const size = savedSize([...saved.parts, ...(saved.partsAside ?? [])]);
  // Before the load with passage text, so that it is not warmed up by it: a page loads once.
  log('loading');
  const load = measureLoad(trial, saved.parts, collect);
  const [first] = queries;
  const firstQueryMs = first === undefined ? 0 : timed(() => trial.query(first.text));
  log(`ranking ${queries.length} queries`);
  // Also the warm-up of the timed pass: every query has been asked once before it is timed.
  const { hitAt1, mrrAt10 } = quality(trial, queries);
  log(`timing ${queries.length} queries`);
  const latencies = queries.map((query) => timed(() => trial.query(query.text))).sort((a, b) => a - b);
  let withText: (SavedSize & LoadCost) | undefined;
  if (saved.partsWithText !== undefined) {
    log('loading the index with passage text');
    withText = { ...savedSize(saved.partsWithText), ...measureLoad(trial, saved.partsWithText, collect) };
  }
  trial.release();
  return {
    engine: contender.name,
    version: contender.version,
    buildMs,
    ...size,
    ...load,
    firstQueryMs,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    hitAt1,
    mrrAt10,
    ...(withText === undefined ? {} : { withText }),
  };
}

function ratiosOf(engines: readonly EngineFigures[]): CorpusReport['ratios'] {
  const [ours, ...libraries] = engines;
  if (ours === undefined) return {};
  const ratios: CorpusReport['ratios'] = {};
  for (const library of libraries) {
    const row = {} as Record<RatioFigure, number | null>;
    for (const figure of RATIO_FIGURES) {
      row[figure] = library[figure] === 0 ? null : ours[figure] / library[figure];
    }
    ratios[library.engine] = row;
  }
  return ratios;
}

/** Every contender on each corpus size, in order; the first contender is the one the ratios are of. */
export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const date = new Date().toISOString();
  const { collect, gc } = garbageCollector();
  const contenders = options.contenders ?? CONTENDERS;
  const started = performance.now();
  // Each line says when it was written, so that a slow stage shows in the progress itself.
  const log = (line: string) =>
    options.log?.(`${line} (at ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const corpora: CorpusReport[] = [];
  for (const size of options.sizes) {
    const prefix = `bench: ${size.toLocaleString('en-US')} passages`;
    log(`${prefix}: generating corpus and ${options.queryCount} queries`);
    const seed = options.seed ?? CORPUS_SETTINGS.seed;
    const corpus = makeCorpus({ passageCount: size, seed });
    const queries = makeQueries({ corpus, count: options.queryCount, seed });
    const engines: EngineFigures[] = [];
    for (const contender of contenders) {
      const figures = await measure({
        contender,
        corpus,
        queries,
        collect,
        log: (stage) => log(`${prefix}: ${contender.name}: ${stage}`),
      });
      engines.push(figures);
    }
    corpora.push({
      passages: corpus.passages.length,
      files: corpus.files.length,
      markdownBytes: corpus.files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0),
      queries: queries.length,
      engines,
      ratios: ratiosOf(engines),
    });
  }
  return {
    date,
    machine: machine(gc),
    settings: { ...CORPUS_SETTINGS, queryChoice: QUERY_CHOICE, retrieved: RETRIEVED, mrrDepth: MRR_DEPTH },
    corpora,
  };
}

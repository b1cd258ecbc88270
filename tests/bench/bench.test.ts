import { beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_SETTINGS, makeCorpus, makeQueries } from '../../scripts/bench/corpus';
import {
  type BenchReport,
  QUICK_QUERIES,
  QUICK_SIZES,
  RATIO_FIGURES,
  runBench,
} from '../../scripts/bench/run-bench';
import { formatReport } from '../../scripts/bench/table';

// `npm run bench -- --quick` in-process: the shape of the report, never a time. Times depend on the
// machine; the targets of issue 5 are read from a full run, not asserted here.
// One word of a passage's text, as the generator writes them: letters only.
const WORD = /\p{L}+/gu;
const ENGINES = ['sourcebound', 'minisearch', 'flexsearch'];
const LIBRARIES = ENGINES.slice(1);
const LOAD_STEPS = ['checksum', 'header', 'passages', 'postings', 'check', 'engine'];

let report: BenchReport;

beforeAll(async () => {
  report = await runBench({ sizes: QUICK_SIZES, queryCount: QUICK_QUERIES });
}, 30_000);

describe('runBench (quick mode)', () => {
  it('measures every engine on the quick corpus, sourcebound first', () => {
    expect(report.corpora.map((corpus) => [corpus.passages, corpus.queries])).toEqual([
      [QUICK_SIZES[0], QUICK_QUERIES],
    ]);
    expect(report.corpora[0]?.engines.map((engine) => engine.engine)).toEqual(ENGINES);
  });

  it('gives every figure of every engine as a finite, non-negative number', () => {
    for (const engine of report.corpora[0]?.engines ?? []) {
      for (const figure of RATIO_FIGURES) {
        const value = engine[figure];
        expect(Number.isFinite(value), `${engine.engine} ${figure} = ${value}`).toBe(true);
        expect(value, `${engine.engine} ${figure}`).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('reports hit@1 and MRR@10 as shares, with MRR at least hit@1', () => {
    for (const engine of report.corpora[0]?.engines ?? []) {
      for (const value of [engine.hitAt1, engine.mrrAt10]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
      expect(engine.mrrAt10).toBeGreaterThanOrEqual(engine.hitAt1);
    }
  });

  it('measures saved indexes and loaded memory above zero', () => {
    for (const engine of report.corpora[0]?.engines ?? []) {
      expect(engine.rawBytes).toBeGreaterThan(0);
      expect(engine.gzipBytes).toBeGreaterThan(0);
      expect(engine.gzipBytes).toBeLessThan(engine.rawBytes);
      expect(engine.memoryBytes).toBeGreaterThan(0);
    }
  });

  it("also measures sourcebound's index with the passage text, which is larger", () => {
    const [sourcebound] = report.corpora[0]?.engines ?? [];
    expect(sourcebound?.withText?.rawBytes).toBeGreaterThan(
      sourcebound?.rawBytes ?? Number.POSITIVE_INFINITY,
    );
    expect(Number.isFinite(sourcebound?.withText?.loadMs)).toBe(true);
  });

  it("splits sourcebound's load into its steps, in order, adding up to no more than the whole", () => {
    const [sourcebound, ...libraries] = report.corpora[0]?.engines ?? [];
    const steps = sourcebound?.steps ?? [];
    expect(steps.map(({ step }) => step)).toEqual(LOAD_STEPS);
    expect(steps.every(({ ms }) => Number.isFinite(ms) && ms >= 0)).toBe(true);
    const sum = steps.reduce((total, { ms }) => total + ms, 0);
    expect(sum).toBeLessThanOrEqual(sourcebound?.loadMs ?? 0);
    expect(sourcebound?.withText?.steps?.map(({ step }) => step)).toEqual(LOAD_STEPS);
    // The libraries load in one call: no split is made up for them.
    for (const library of libraries) expect(library.steps).toBeUndefined();
    expect(formatReport(report)).toContain('sourcebound load by step: checksum ');
  });

  it("gives sourcebound's ratio to each library for every figure", () => {
    const ratios = report.corpora[0]?.ratios ?? {};
    expect(Object.keys(ratios)).toEqual(LIBRARIES);
    for (const library of LIBRARIES) {
      for (const figure of RATIO_FIGURES) {
        const ratio = ratios[library]?.[figure];
        expect(ratio === null || (Number.isFinite(ratio) && (ratio ?? -1) >= 0), `${library} ${figure}`).toBe(
          true,
        );
      }
    }
  });

  it('states the machine it ran on', () => {
    expect(report.machine.cores).toBeGreaterThan(0);
    expect(report.machine.memoryBytes).toBeGreaterThan(0);
    expect(report.machine.cpu).not.toBe('');
    expect(report.machine.node).toBe(process.version);
    expect(Number.isNaN(Date.parse(report.date))).toBe(false);
  });

  it('prints a table naming every engine, every figure and the machine', () => {
    const table = formatReport(report);
    for (const engine of ENGINES) expect(table).toContain(engine);
    for (const label of [
      'build ms',
      'size gzip MB',
      'load ms',
      'query p50 ms',
      'memory MB',
      'hit@1',
      'MRR@10',
    ]) {
      expect(table).toContain(`| ${label}`);
    }
    expect(table).toContain(report.machine.cpu);
    expect(table).toContain('sb ÷ minisearch');
  });
});

describe('the synthetic corpus and queries', () => {
  const corpus = makeCorpus({ passageCount: 250 });
  const queries = makeQueries({ corpus, count: 50 });

  it('is the same for the same seed', () => {
    const again = makeCorpus({ passageCount: 250 });
    expect(again.files).toEqual(corpus.files);
    expect(makeQueries({ corpus: again, count: 50 })).toEqual(queries);
  });

  it('makes a smaller corpus the start of a larger one', () => {
    const smaller = makeCorpus({ passageCount: 100 });
    expect(smaller.passages.map((passage) => passage.text)).toEqual(
      corpus.passages.slice(0, 100).map((passage) => passage.text),
    );
  });

  it('writes passages of 40–80 words under unique `## Section N` headings, 100 to a file', () => {
    expect(corpus.files).toHaveLength(3);
    expect(new Set(corpus.passages.map((passage) => passage.id)).size).toBe(250);
    for (const passage of corpus.passages) {
      expect(passage.ranks.length).toBeGreaterThanOrEqual(CORPUS_SETTINGS.passageWords.min);
      expect(passage.ranks.length).toBeLessThanOrEqual(CORPUS_SETTINGS.passageWords.max);
      expect(passage.text.split(' ')).toHaveLength(passage.ranks.length);
    }
    expect(corpus.files[0]?.text).toMatch(/^# Document 1\n\n## Section 1\n\n\S/u);
  });

  it('draws each query from its target passage, 3–5 distinct words, none of the most common', () => {
    const common = new Set(corpus.vocabulary.words.slice(0, CORPUS_SETTINGS.skippedCommonWords));
    for (const query of queries) {
      const words = query.text.split(' ');
      const passageWords = new Set(corpus.passages[query.target]?.text.toLowerCase().match(WORD));
      expect(new Set(words).size).toBe(words.length);
      expect(words.length).toBeGreaterThanOrEqual(CORPUS_SETTINGS.queryWords.min);
      expect(words.length).toBeLessThanOrEqual(CORPUS_SETTINGS.queryWords.max);
      for (const word of words) {
        expect(passageWords.has(word), `${word} in passage ${query.target}`).toBe(true);
        expect(common.has(word), `${word} is among the most common`).toBe(false);
      }
    }
  });
});

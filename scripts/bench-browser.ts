// npm run bench:browser -- [--passages N] [--queries N] [--repeats N] [--mbps N] [--gzip] [--out DIR]
//
// The page itself at scale (issue 5): builds the site around a synthetic index of N passages (100,000 by
// default; the same seeded corpus and queries as `npm run bench`), its passage text in blocks beside it
// as `npm run ingest` writes a corpus this large, serves it, opens it in Debian's
// Chromium, and measures what a visitor would feel: the time from navigation until the page can take a
// question, the longest task that blocked the page's thread meanwhile (the index is decoded in a Web
// Worker, so this should stay short), and retrieve plus gate per question, in the page. With --mbps, first
// a visitor on a link of that many megabits a second (one link shared by every file the page fetches;
// --gzip: bodies gzipped, as a host that compresses every file would): from navigation to the first
// question accepted and to its first result on screen, and the bytes sent before it; and the same again
// with the site built around the index holding its text (the single-file layout). Prints a table and
// writes the report as JSON to DIR/browser-<time>.json and DIR/browser-latest.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { serializeIndex } from '../src/compiled-index/parse';
import { compileIndex } from '../src/ingest/compile';
import { describeModel } from '../src/retrieval/model';
import { launchBrowser } from '../tests/e2e/browser';
import { startStaticServer } from '../tests/e2e/server';
import { CORPUS_SETTINGS, makeCorpus, makeQueries } from './bench/corpus';
import { machineFacts, percentile } from './bench/run-bench';
import { parseCommandLine, run, UsageError, writeOutput } from './lib/cli';
import { writeIndexFiles } from './lib/index-files';

const USAGE =
  'usage: npm run bench:browser -- [--passages N] [--queries N] [--repeats N] [--mbps N] [--gzip] [--out DIR]';
function positive(text: string | undefined, fallback: number, flag: string): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new UsageError(`${flag} takes a positive whole number, got "${text}"\n${USAGE}`);
  }
  return value;
}

interface PageFigures {
  readyMs: number;
  /** When the worker's message with the index arrived, and when the page had checked it. */
  receivedMs: number;
  checkedMs: number;
  longestTaskMs: number;
  blockedMs: number;
  longTasks: Array<{ startMs: number; durationMs: number }>;
  passages: number;
  perQueryMs: number[];
}

interface SlowLink {
  mbps: number;
  gzip: boolean;
  acceptedMs: number;
  firstResultMs: number;
  bytesBeforeResult: number;
}

/**
 * A fresh visitor on a slow link: the site served through one link of `mbps`, the first question typed
 * at once and asked as soon as the page lets it; when the Ask button takes it, and when its result shows.
 */
async function firstResultOn(options: {
  browser: Awaited<ReturnType<typeof launchBrowser>>;
  site: string;
  mbps: number;
  gzip: boolean;
  question: string;
}): Promise<SlowLink> {
  const { browser, site, mbps, gzip, question } = options;
  const server = await startStaticServer(site, { bytesPerSecond: (mbps * 1e6) / 8, gzip });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(server.url);
    const box = page.getByLabel('Your question');
    const button = page.getByRole('button', { name: 'Ask', exact: true });
    await box.fill(question, { timeout: 600_000 });
    // Playwright clicks once the button is enabled: the moment the page accepts the question.
    await button.click({ timeout: 600_000 });
    const acceptedMs = await page.evaluate(() => performance.now());
    await page.locator('section.result').waitFor({ timeout: 600_000 });
    const firstResultMs = await page.evaluate(() => performance.now());
    return { mbps, gzip, acceptedMs, firstResultMs, bytesBeforeResult: server.bytesSent() };
  } finally {
    await context.close();
    await server.close();
  }
}

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        passages: { type: 'string' },
        queries: { type: 'string' },
        repeats: { type: 'string' },
        mbps: { type: 'string' },
        gzip: { type: 'boolean', default: false },
        out: { type: 'string', default: 'bench' },
      },
    },
    USAGE,
  );
  const passageCount = positive(values.passages, 100_000, '--passages');
  const queryCount = positive(values.queries, 1_000, '--queries');
  // Chromium's clock ticks in 0.1 ms outside a cross-origin-isolated page, so each query is timed over
  // this many runs and the time divided by it.
  const repeats = positive(values.repeats, 20, '--repeats');
  const mbps = values.mbps === undefined ? undefined : positive(values.mbps, 10, '--mbps');
  const started = performance.now();
  const log = (line: string) =>
    console.error(`bench:browser: ${line} (at ${((performance.now() - started) / 1000).toFixed(1)} s)`);

  log(`generating ${passageCount.toLocaleString('en-US')} passages and ${queryCount} queries`);
  const corpus = makeCorpus({ passageCount, seed: CORPUS_SETTINGS.seed });
  const queries = makeQueries({ corpus, count: queryCount, seed: CORPUS_SETTINGS.seed });
  log('compiling the index');
  const index = compileIndex({ files: corpus.files });
  const bytes = serializeIndex(index);
  const work = resolve(values.out, 'browser');
  mkdirSync(work, { recursive: true });

  // The site as `npm run build` makes it around an index written in `layout`: the passage text in blocks
  // and the postings in shards beside the index (what `npm run ingest` writes for a corpus this large), or
  // both inside it (the single-file layout).
  const siteWith = (layout: 'blocks' | 'inline') => {
    const indexFile = join(work, `${layout}-${passageCount}`, 'index.bin');
    writeIndexFiles({ path: indexFile, index, layout });
    log(
      `building the site around the index, ${layout === 'blocks' ? 'text and postings apart' : 'one file'} (vite build)`,
    );
    const site = join(work, `site-${layout}`);
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', site, '--emptyOutDir', '--logLevel', 'warn'],
      {
        env: { ...process.env, SOURCEBOUND_INDEX: indexFile, VITE_SOURCEBOUND_BENCH: '1' },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    if (build.status !== 0) throw new Error(`bench:browser: vite build exited with ${build.status}`);
    return { site, coreBytes: readFileSync(indexFile) };
  };
  const { site, coreBytes } = siteWith('blocks');
  const inlineSite = mbps === undefined ? undefined : siteWith('inline').site;

  const server = await startStaticServer(site);
  // The browser tests' Chromium and flags: nothing reaches a host of Chromium's own.
  const browser = await launchBrowser();
  let figures: PageFigures;
  let chromiumVersion: string;
  let slow: SlowLink | undefined;
  let slowInline: SlowLink | undefined;
  try {
    chromiumVersion = browser.version();
    if (mbps !== undefined && inlineSite !== undefined) {
      const link = `${mbps} Mb/s${values.gzip ? ', gzipped' : ''}`;
      const question = (queries[0] as { text: string }).text;
      log(`a visitor on ${link}, text and postings apart: navigation to the first result`);
      slow = await firstResultOn({ browser, site, mbps, gzip: values.gzip, question });
      log(`a visitor on ${link}, one file: navigation to the first result`);
      slowInline = await firstResultOn({ browser, site: inlineSite, mbps, gzip: values.gzip, question });
    }
    // No service worker: its precache would download the index a second time during the load measured.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks: Array<{ start: number; duration: number }> = [];
      Object.assign(window, { benchLongTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    log(`loading ${server.url} in Chromium ${chromiumVersion}`);
    await page.goto(server.url);
    await page.waitForFunction(() => 'sourceboundBench' in window, undefined, { timeout: 120_000 });
    await page.evaluate(() =>
      (
        window as unknown as { sourceboundBench: { prepare: () => Promise<void> } }
      ).sourceboundBench.prepare(),
    );
    log(`timing ${queries.length} queries × ${repeats} in the page`);
    figures = await page.evaluate(
      ({ texts, repeats }) => {
        const bench = (
          window as unknown as { sourceboundBench: { passages: number; query: (q: string) => boolean } }
        ).sourceboundBench;
        // No named functions in here: tsx would wrap them in a helper the page does not have.
        const marks: Record<string, number> = Object.fromEntries(
          performance.getEntriesByType('mark').map((entry) => [entry.name, entry.startTime]),
        );
        const ready = marks['sourcebound:ready'] ?? Number.NaN;
        const tasks = (
          window as unknown as { benchLongTasks: Array<{ start: number; duration: number }> }
        ).benchLongTasks.filter((task) => task.start < ready);
        for (const text of texts) bench.query(text); // warm-up: every query asked once before it is timed
        const perQueryMs = texts.map((text) => {
          const start = performance.now();
          for (let i = 0; i < repeats; i++) bench.query(text);
          return (performance.now() - start) / repeats;
        });
        return {
          readyMs: ready,
          receivedMs: marks['sourcebound:index-received'] ?? Number.NaN,
          checkedMs: marks['sourcebound:index-checked'] ?? Number.NaN,
          longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
          blockedMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
          longTasks: tasks.map((task) => ({
            startMs: Math.round(task.start),
            durationMs: Math.round(task.duration),
          })),
          passages: bench.passages,
          perQueryMs,
        };
      },
      { texts: queries.map((query) => query.text), repeats },
    );
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
  if (figures.passages !== index.passages.length) {
    throw new Error(
      `bench:browser: the page loaded ${figures.passages} passages, not ${index.passages.length}`,
    );
  }
  const sorted = [...figures.perQueryMs].sort((a, b) => a - b);
  const report = {
    date: new Date().toISOString(),
    machine: { ...machineFacts(), chromium: chromiumVersion },
    passages: index.passages.length,
    scorer: describeModel(index.model),
    indexRawBytes: bytes.length,
    indexGzipBytes: gzipSync(bytes).length,
    coreRawBytes: coreBytes.length,
    coreGzipBytes: gzipSync(coreBytes).length,
    readyMs: figures.readyMs,
    receivedMs: figures.receivedMs,
    checkedMs: figures.checkedMs,
    longestTaskMs: figures.longestTaskMs,
    totalBlockingMs: figures.blockedMs,
    longTasks: figures.longTasks,
    queries: queries.length,
    repeats,
    ...(slow === undefined ? {} : { slowLink: slow }),
    ...(slowInline === undefined ? {} : { slowLinkInline: slowInline }),
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
  };
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  const ms = (n: number) => `${n.toFixed(n < 1 ? 3 : 0)} ms`;
  console.log(`## Browser benchmark, ${report.date}\n`);
  console.log(
    `Machine: ${report.machine.cpu}, ${report.machine.cores} cores, Chromium ${chromiumVersion} headless, served from 127.0.0.1\n`,
  );
  console.log('| figure | value |\n|---|---:|');
  console.log(`| passages | ${report.passages.toLocaleString('en-US')} |`);
  console.log(
    `| index with passage text, raw / gzip | ${mb(report.indexRawBytes)} / ${mb(report.indexGzipBytes)} |`,
  );
  console.log(
    `| index file without the text and postings (in blocks and shards beside it), raw / gzip | ${mb(report.coreRawBytes)} / ${mb(report.coreGzipBytes)} |`,
  );
  console.log(`| navigation → page takes questions | ${ms(report.readyMs)} |`);
  console.log(`| of which: worker downloads and reads the index | ${ms(report.receivedMs)} |`);
  console.log(`| of which: the page checks it (schema) | ${ms(report.checkedMs - report.receivedMs)} |`);
  console.log(
    `| of which: the page builds the engine and draws | ${ms(report.readyMs - report.checkedMs)} |`,
  );
  console.log(`| longest task on the page's thread meanwhile | ${ms(report.longestTaskMs)} |`);
  console.log(`| total blocking time meanwhile (tasks past 50 ms) | ${ms(report.totalBlockingMs)} |`);
  console.log(`| retrieve + gate in the page, p50 / p95 | ${ms(report.p50Ms)} / ${ms(report.p95Ms)} |`);
  for (const [layout, run] of [
    ['text and postings apart', slow],
    ['one file', slowInline],
  ] as const) {
    if (run === undefined) continue;
    const link = `${run.mbps} Mb/s${run.gzip ? ', gzipped' : ''}, ${layout}`;
    console.log(`| on ${link}: navigation → first question accepted | ${ms(run.acceptedMs)} |`);
    console.log(`| on ${link}: navigation → first result on screen | ${ms(run.firstResultMs)} |`);
    console.log(`| on ${link}: bytes sent before the first result | ${mb(run.bytesBeforeResult)} |`);
  }
  console.log(
    `\nScorer: ${report.scorer}. ${report.queries} known-item queries, each timed over ${repeats} runs.`,
  );
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const stamp = report.date.replace(/\.\d+(?=Z$)/u, '').replaceAll(':', '-');
  const file = join(values.out, `browser-${stamp}.json`);
  writeOutput({ path: file, what: 'report', data: json });
  writeOutput({ path: join(values.out, 'browser-latest.json'), what: 'report', data: json });
  log(`wrote ${file} and ${join(values.out, 'browser-latest.json')}`);
  return 0;
});

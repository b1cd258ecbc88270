import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { recordRequests, type SeenRequest } from './browser';
import { useSite } from './harness';
import { DIST, fileFor } from './server';
import { ask, openSite, resultHeading } from './site';

/** The JavaScript a visitor without a key downloads before asking, gzipped, index excluded. */
const BUDGET_BYTES = 40 * 1024;

// `assets/claude-<hash>.js`: the Claude client and the SDK inside it.
const CLAUDE_CHUNK = /\/assets\/claude-[\w.-]+\.js$/u;
const JAVASCRIPT = /\.js$/u;

const site = useSite();

/** The dist/ files behind the JavaScript requests, with their gzipped size (level 9, as Vite reports). */
function gzippedScripts(requests: readonly SeenRequest[]): Array<{ file: string; gzipBytes: number }> {
  const files = new Set<string>();
  for (const { url } of requests) {
    const { origin, pathname } = new URL(url);
    const file = origin === site.server.origin ? fileFor(pathname) : undefined;
    if (file !== undefined && JAVASCRIPT.test(file)) files.add(file);
  }
  return [...files].map((file) => ({
    file: file.slice(DIST.length + 1),
    gzipBytes: gzipSync(readFileSync(file), { level: 9 }).length,
  }));
}

const total = (scripts: ReadonlyArray<{ gzipBytes: number }>) =>
  scripts.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);

describe('a visitor without a key downloads little, and no SDK', () => {
  it('loads under 40 KB of gzipped JavaScript before the first question, and never the Claude chunk', async () => {
    // The guard: the chunk exists, so not seeing it requested means something.
    expect(readdirSync(join(DIST, 'assets')).some((name) => CLAUDE_CHUNK.test(`/assets/${name}`))).toBe(true);
    const context = await site.newContext();
    const requests = recordRequests(context);
    const page = await openSite(context, site.server.url);
    // Registration is part of the load: it imports workbox-window, and the worker then installs.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // Counted: every script the page itself requested before it could take a question (the
    // 'sourcebound:ready' mark): its entry and the chunks it imports. Not counted: what the service
    // worker fetches on its own thread (sw.js, the workbox runtime and its precache downloads), which
    // never delays the page; what the page fetches once it can take a question (the related words and the
    // code that joins them, for one); and the compiled index, which is not JavaScript.
    const readyAt = await page.evaluate(
      () =>
        performance.timeOrigin +
        (performance.getEntriesByName('sourcebound:ready')[0]?.startTime ?? Number.NaN),
    );
    expect(Number.isFinite(readyAt)).toBe(true);
    const beforeQuestion = requests.filter(({ request }) => request.timing().startTime <= readyAt);
    const afterReady = gzippedScripts(requests.filter(({ request }) => request.timing().startTime > readyAt));
    console.log(
      `fetched after the page could take a question: ${afterReady.map(({ file, gzipBytes }) => `${file} ${gzipBytes} B`).join(', ')}`,
    );
    const byPage = gzippedScripts(beforeQuestion.filter(({ byServiceWorker }) => !byServiceWorker));
    const byWorker = gzippedScripts(beforeQuestion.filter(({ byServiceWorker }) => byServiceWorker));
    const pageBytes = total(byPage);
    console.log(
      `JavaScript loaded by the page before the first question: ${(pageBytes / 1024).toFixed(2)} KB gzipped ` +
        `(budget ${BUDGET_BYTES / 1024} KB): ${byPage.map(({ file, gzipBytes }) => `${file} ${gzipBytes} B`).join(', ')}`,
    );
    const pageFiles = new Set(byPage.map(({ file }) => file));
    const workerOnly = byWorker.filter(({ file }) => !pageFiles.has(file));
    console.log(
      `not counted, fetched only by the service worker: ${(total(workerOnly) / 1024).toFixed(2)} KB gzipped ` +
        `(${workerOnly.map(({ file }) => file).join(', ')})`,
    );
    expect(byPage.some(({ file }) => file.startsWith('assets/index-'))).toBe(true);
    expect(pageBytes).toBeLessThan(BUDGET_BYTES);

    await ask(page, 'How long can I borrow a DVD for?');
    expect(await resultHeading(page).textContent()).toBe('Answer');

    expect(
      requests.filter(({ url }) => CLAUDE_CHUNK.test(new URL(url).pathname)).map(({ url }) => url),
    ).toEqual([]);
  });
});

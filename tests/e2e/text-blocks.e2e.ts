import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchForFile } from '../helpers/scratch';
import { closeContext, launchBrowser, newContext, recordRequests } from './browser';
import { type StaticServer, startStaticServer } from './server';
import { ask, openSite, resultHeading, startAsking, waitForAskBox } from './site';

// The site built around the manual's index written with its passage text in blocks and its postings in
// shards beside it (as `npm run ingest` writes a large corpus's): the page takes questions before any
// text or posting list has come, fetches the shards of a question's words and the blocks it reads, the
// service worker keeps them for offline visits, and a block or shard that cannot be fetched refuses the
// question in words. Both are made small (--block-chars 1024, --shard-bytes 256), so that the manual's
// are several and a question fetches some of them, not all.

const work = scratchForFile('text-blocks-site');
const site = join(work, 'site');
let server: StaticServer | undefined;
let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;

function build(): void {
  const index = join(work, 'index', 'index.bin');
  const ingest = spawnSync(
    'npm',
    [
      'run',
      '-s',
      'ingest',
      '--',
      '--out',
      index,
      '--text',
      'blocks',
      '--block-chars',
      '1024',
      '--shard-bytes',
      '256',
      '--quiet',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (ingest.status !== 0) throw new Error(`e2e: ingest exited with ${ingest.status}`);
  const vite = spawnSync('npx', ['vite', 'build', '--outDir', site, '--emptyOutDir', '--logLevel', 'warn'], {
    env: { ...process.env, SOURCEBOUND_INDEX: index },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (vite.status !== 0) throw new Error(`e2e: vite build exited with ${vite.status}`);
}

beforeAll(async () => {
  build();
  server = await startStaticServer(site);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const isBlock = (url: string) => /\/assets\/text\/[0-9a-f]{64}\.bin$/.test(url);
const isShard = (url: string) => /\/assets\/postings\/[0-9a-f]{64}\.bin$/.test(url);

describe('a site whose passage text is in blocks beside the index', () => {
  it('ships the blocks and shards as files of their own, not inside the index', () => {
    expect(readdirSync(join(site, 'assets', 'text')).length).toBeGreaterThan(3);
    expect(readdirSync(join(site, 'assets', 'postings')).length).toBeGreaterThan(1);
  });

  it('answers, fetching the text as the question reads it, and again offline from the worker’s cache', async () => {
    if (browser === undefined || server === undefined) throw new Error('e2e: not started');
    const context = await newContext(browser);
    try {
      const seen = recordRequests(context);
      const page = await openSite(context, server.url);
      expect(seen.filter(({ url }) => isBlock(url) || isShard(url))).toEqual([]);
      await ask(page, 'How long can I borrow a DVD for?');
      expect(await resultHeading(page).textContent()).toBe('Answer');
      expect(await page.locator('.answer-text').textContent()).toContain('7 days');
      // The blocks its passages are in, each once: some of the site's, not all.
      const fetched = seen
        .filter(({ url, byServiceWorker }) => isBlock(url) && !byServiceWorker)
        .map(({ url }) => url);
      const shipped = readdirSync(join(site, 'assets', 'text')).length;
      expect(fetched.length).toBeGreaterThan(0);
      expect(fetched.length).toBeLessThan(shipped);
      expect(new Set(fetched).size).toBe(fetched.length);
      // The shards of its words, each once: some of the site's, not all.
      const shards = seen
        .filter(({ url, byServiceWorker }) => isShard(url) && !byServiceWorker)
        .map(({ url }) => url);
      expect(shards.length).toBeGreaterThan(0);
      expect(shards.length).toBeLessThan(readdirSync(join(site, 'assets', 'postings')).length);
      expect(new Set(shards).size).toBe(shards.length);

      // The document list fetches a passage's text when it is opened: the manual's last passage is in a
      // block the question did not read.
      await page.locator('details.browse > summary').click();
      await page.locator('.document-list .passage summary').last().click();
      await page.locator('.document-list .passage .passage-text').last().waitFor({ timeout: 10_000 });
      const afterOpening = seen.filter(({ url, byServiceWorker }) => isBlock(url) && !byServiceWorker).length;
      expect(afterOpening).toBe(fetched.length + 1);

      // Offline: the worker precached the site but not the blocks; it keeps those a page it controls
      // fetches. A page is controlled by a worker active when it loaded: reload once, ask again.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await waitForAskBox(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await ask(page, 'How long can I borrow a DVD for?');
      await server.close();
      await context.setOffline(true);
      await page.reload();
      await waitForAskBox(page);
      await ask(page, 'How long can I borrow a DVD for?');
      expect(await resultHeading(page).textContent()).toBe('Answer');
      expect(await page.locator('.answer-text').textContent()).toContain('7 days');
    } finally {
      await closeContext(context);
    }
  });
});

describe('a block or shard that cannot be fetched', () => {
  let failing: StaticServer | undefined;
  // A server of its own: the first describe's test stops its server to see the page offline.
  beforeAll(async () => {
    failing = await startStaticServer(site);
  });
  afterAll(async () => {
    await failing?.close();
  });

  it('refuses the question, saying the text could not be fetched, and offers nothing false', async () => {
    if (browser === undefined || failing === undefined) throw new Error('e2e: not started');
    const context = await newContext(browser);
    try {
      await context.route(/\/assets\/text\//, (route) => route.fulfill({ status: 503, body: 'down' }));
      const page = await openSite(context, failing.url);
      await ask(page, 'How long can I borrow a DVD for?');
      expect(await resultHeading(page).textContent()).toBe('The text could not be fetched');
      const result = (await page.locator('section.result').textContent()) ?? '';
      expect(result).toContain('could not be fetched');
      expect(result).not.toContain('7 days');
    } finally {
      await closeContext(context);
    }
  });

  it('says what a question waits for while its words’ shards come, then answers', async () => {
    if (browser === undefined || failing === undefined) throw new Error('e2e: not started');
    const context = await newContext(browser);
    try {
      // A slow host: each shard arrives a second late.
      await context.route(/\/assets\/postings\//, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      const page = await openSite(context, failing.url);
      await startAsking(page, 'How long can I borrow a DVD for?');
      const note = page.locator('.fetching-note');
      await note.waitFor({ timeout: 5000 });
      expect(await note.textContent()).toBe('Fetching the part of the index its words need…');
      await resultHeading(page).waitFor({ timeout: 20_000 });
      expect(await resultHeading(page).textContent()).toBe('Answer');
      expect(await note.count()).toBe(0);
    } finally {
      await closeContext(context);
    }
  });

  it('refuses the question, saying part of the index could not be fetched, when its words’ shards cannot be', async () => {
    if (browser === undefined || failing === undefined) throw new Error('e2e: not started');
    const context = await newContext(browser);
    try {
      await context.route(/\/assets\/postings\//, (route) => route.fulfill({ status: 503, body: 'down' }));
      const page = await openSite(context, failing.url);
      await ask(page, 'How long can I borrow a DVD for?');
      expect(await resultHeading(page).textContent()).toBe('Part of the index could not be fetched');
      const result = (await page.locator('section.result').textContent()) ?? '';
      expect(result).toContain('could not be fetched');
      expect(result).not.toContain('7 days');
      await page.locator('.result-details > summary').click();
      expect(await page.locator('.refusal-detail code').first().textContent()).toBe('postings_unavailable');
    } finally {
      await closeContext(context);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { useSite } from './harness';
import { waitForAskBox } from './site';

const site = useSite();
const INDEX = /\/assets\/index-[\w-]+\.bin$/u;

describe('the index loads in a worker, with progress, and a failure is said plainly', () => {
  it('fetches the index from the worker, not the page, shows how much has arrived, then takes questions', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    let indexRequests = 0;
    page.on('request', (request) => {
      if (INDEX.test(new URL(request.url()).pathname)) indexRequests++;
    });
    // Hold the index back until the loading state has been seen, then let it through.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(INDEX, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(site.server.url);
    expect(await page.getByRole('status').textContent()).toMatch(/^Loading the manual…/);
    release();
    await waitForAskBox(page);
    expect(workers.some((url) => /\/assets\/index-worker-[\w-]+\.js$/u.test(url))).toBe(true);
    // Fetched once, and not by the page: its own resource timing, which lists what it fetched, lacks it.
    expect(indexRequests).toBe(1);
    const fetchedByPage = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(fetchedByPage.some((url) => /\/assets\/index-worker-/u.test(url))).toBe(true);
    expect(fetchedByPage.filter((url) => /\/assets\/index-[\w-]+\.bin$/u.test(url))).toEqual([]);
  });

  it('says the manual could not be loaded when the index is missing, and names the status', async () => {
    const context = await site.newContext();
    await context.route(INDEX, (route) => route.fulfill({ status: 404, body: 'not found' }));
    const page = await context.newPage();
    await page.goto(site.server.url);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/The manual could not be loaded: the index answered 404/);
  });

  it('says so when what arrives is not an index', async () => {
    const context = await site.newContext();
    await context.route(INDEX, (route) => route.fulfill({ status: 200, body: '<!doctype html><p>Not here' }));
    const page = await context.newPage();
    await page.goto(site.server.url);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /not a valid sourcebound index: the file does not start with "SBIX"/,
    );
  });
});

// Reading the visitor's documents never hangs the page: it shows which file it reads, Cancel stops it
// with the corpus in use kept, and a file that takes longer than the deadline per file is left out by
// name while the rest are read by a fresh worker. A stuck file is made by serving the site's own ingest
// worker with a few lines before it: once the worker says it is reading a file whose name starts with
// "stuck", it spins forever, as a worker caught in a pathological parse would. The page is unchanged.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FILE_DEADLINE_MS } from '../../src/ui/own-documents/corpus-build';
import { violations } from './axe';
import { useSite } from './harness';
import { ask, openDisclosure, openSite, resultHeading } from './site';

const site = useSite();

const GARDEN = readFileSync('tests/fixtures/other-corpus/garden.md');
const DVD = 'How long can I borrow a DVD for?';

/** Runs before the worker's own code: it sees each request, and spins at a "stuck" file once it says so. */
const SPIN_AT_STUCK = `
{
  let files = [];
  self.addEventListener('message', (event) => { files = event.data.files; });
  const post = self.postMessage.bind(self);
  self.postMessage = (message, transfer) => {
    post(message, transfer);
    if (message.type === 'reading' && files[message.index].path.startsWith('stuck')) for (;;) {}
  };
}
`;

/** Serves the ingest worker with SPIN_AT_STUCK before it, to this context's pages and service worker. */
async function withStuckFiles(context: BrowserContext): Promise<void> {
  await context.route(/\/assets\/ingest-worker-[\w-]+\.js$/u, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: SPIN_AT_STUCK + (await response.text()) });
  });
}

async function bring(page: Page, files: Array<{ name: string; text: string | Buffer }>): Promise<void> {
  await openDisclosure(page.locator('details.corpus'));
  await page
    .getByLabel('choose files')
    .setInputFiles(
      files.map(({ name, text }) => ({ name, mimeType: 'text/markdown', buffer: Buffer.from(text) })),
    );
}

const STUCK = { name: 'stuck.md', text: '# Stuck\n\n## Forever\n\nThis file is never read to its end.\n' };

describe('reading your own documents never hangs the page', () => {
  it('shows the file being read with a bar, passes axe, and Cancel leaves the manual answering', async () => {
    const context = await site.newContext();
    await withStuckFiles(context);
    const page = await openSite(context, site.server.url);
    await bring(page, [{ name: 'garden.md', text: GARDEN }, STUCK]);

    await page.getByText('Reading 2 of 2: stuck.md').waitFor();
    expect(
      await page
        .locator('.corpus-reading progress')
        .evaluate((bar: HTMLProgressElement) => [bar.value, bar.max]),
    ).toEqual([1, 2]);
    // Said to a screen reader politely, by the count and quarters rather than every file.
    expect(await page.locator('.corpus-reading [role="status"]').textContent()).toMatch(/^Reading 2 files/u);
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByText(
        /Stopped: nothing of the files you brought is used, and your questions still go to the library manual/u,
      )
      .waitFor();
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ask the library manual');
    expect(await violations(page)).toEqual([]);
    await ask(page, DVD);
    expect(await resultHeading(page).textContent()).toBe('Answer');
  });

  it(`leaves out by name a file that takes longer than ${FILE_DEADLINE_MS / 1000} s, and the other files answer`, async () => {
    const context = await site.newContext();
    await withStuckFiles(context);
    const page = await openSite(context, site.server.url);
    // The page's clock, moved on by hand: the deadline passes without the test waiting it out.
    await page.clock.install();
    await bring(page, [{ name: 'garden.md', text: GARDEN }, STUCK]);

    await page.getByText('Reading 2 of 2: stuck.md').waitFor();
    await page.clock.fastForward(FILE_DEADLINE_MS - 1_000);
    expect(await page.getByText('Reading 2 of 2: stuck.md').count()).toBe(1);
    await page.clock.fastForward(1_000);
    await page.getByRole('heading', { name: 'Ask your documents' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('.corpus-status details').textContent()).toMatch(
      /stuck\.md: took longer than 20 s to read/u,
    );
    await ask(page, 'How many hours of sun do tomato plants need?');
    expect(await resultHeading(page).textContent()).toBe('Answer');
    expect(await page.locator('section.result').textContent()).toContain('garden#tomatoes');
  });
});

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchForTest } from '../helpers/scratch';
import { recordRequests } from './browser';
import { useSite } from './harness';
import { ask, chooseDocuments, openDisclosure, openResultDetails, openSite, resultHeading } from './site';

const site = useSite();

describe("the visitor's own documents, indexed in the page", () => {
  it('picks a Markdown file, answers citing it with a not-calibrated note, and uploads nothing', async () => {
    const context = await site.newContext();
    const requests = recordRequests(context);
    const page = await openSite(context, site.server.url);
    await chooseDocuments(page, ['tests/fixtures/other-corpus/garden.md']);
    await page.getByRole('heading', { name: 'Ask your documents' }).waitFor();

    await ask(page, 'How many hours of sun do tomato plants need?');
    expect(await resultHeading(page).textContent()).toBe('Answer');
    expect(await page.locator('section.result').textContent()).toContain('garden#tomatoes');
    expect(await page.getByRole('note').textContent()).toMatch(/Not calibrated for these documents/);
    // Indexed here: the ingest worker's code came from the site, and nothing else was sent anywhere.
    expect(requests.some(({ url }) => /\/assets\/ingest-worker-[\w-]+\.js$/u.test(url))).toBe(true);
    expect(requests.filter(({ method }) => method !== 'GET').map(({ url }) => url)).toEqual([]);
    expect(requests.filter(({ url }) => !url.startsWith(site.server.origin)).map(({ url }) => url)).toEqual(
      [],
    );
  });

  it('takes Markdown dropped on the closed "Your own documents", leaving out what is not a document', async () => {
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);
    // A drop as the browser delivers it: a DataTransfer holding the files, dispatched on the zone.
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File(['# Bikes\n\n## Tyres\n\nPump the tyres to 4 bar every week.\n'], 'bikes.md'),
      );
      transfer.items.add(new File(['not text'], 'photo.png', { type: 'image/png' }));
      return transfer;
    });
    // Dropped on the disclosure while it is closed: it takes the files, and opens to say how it went.
    const zone = page.locator('details.corpus > summary');
    await zone.dispatchEvent('dragover', { dataTransfer });
    expect(await page.locator('details.corpus').getAttribute('class')).toContain('dragging');
    await zone.dispatchEvent('drop', { dataTransfer });
    await page.getByRole('heading', { name: 'Ask your documents' }).waitFor();
    expect(await page.locator('.corpus-status details').textContent()).toMatch(
      /photo\.png: not a documentation file/,
    );
    expect(await page.locator('details.corpus').evaluate((details: HTMLDetailsElement) => details.open)).toBe(
      true,
    );

    await ask(page, 'What pressure should the tyres be pumped to?');
    expect(await resultHeading(page).textContent()).toBe('Answer');
    expect(await page.locator('.answer-text').textContent()).toContain('4 bar');
  });

  it('indexes a dropped folder, each file sent to the ingest worker as the File itself', async () => {
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);
    // A folder as Chromium delivers it: entries (webkitGetAsEntry) over real Files, here two files in
    // "notes"; the walk keeps their path inside the drop.
    const dataTransfer = await page.evaluateHandle(() => {
      const files = [
        new File(['# Bikes\n\n## Tyres\n\nPump the tyres to 4 bar every week.\n'], 'bikes.md'),
        new File(['# Boats\n\n## Hulls\n\nScrub the hull twice a season.\n'], 'boats.md'),
      ];
      const fileEntry = (file: File) => ({
        name: file.name,
        fullPath: `/notes/${file.name}`,
        isFile: true,
        isDirectory: false,
        file: (success: (file: File) => void) => success(file),
      });
      let listed = false;
      const folder = {
        name: 'notes',
        fullPath: '/notes',
        isFile: false,
        isDirectory: true,
        createReader: () => ({
          readEntries: (success: (entries: unknown[]) => void) => {
            success(listed ? [] : files.map(fileEntry));
            listed = true;
          },
        }),
      };
      DataTransferItem.prototype.webkitGetAsEntry = () => folder as unknown as FileSystemEntry;
      const transfer = new DataTransfer();
      transfer.items.add(new File([''], 'notes'));
      return transfer;
    });
    const zone = page.locator('details.corpus > summary');
    await zone.dispatchEvent('drop', { dataTransfer });
    await page.getByRole('heading', { name: 'Ask your documents' }).waitFor();
    await ask(page, 'How often should the hull be scrubbed?');
    expect(await resultHeading(page).textContent()).toBe('Answer');
    expect(await page.locator('section.result').textContent()).toContain('boats#hulls');
  });

  it('keeps the documents across a reload only when asked, and one action removes them from the device', async () => {
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);
    await chooseDocuments(page, ['tests/fixtures/other-corpus/garden.md']);
    await page.getByRole('heading', { name: 'Ask your documents' }).waitFor();
    // Not asked to keep them: a reload brings back the manual alone, and opens no database.
    await page.reload();
    await page.getByLabel('Your question').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ask the library manual');
    expect(
      await page.evaluate(async () =>
        (await indexedDB.databases()).map(({ name }) => name).filter((name) => name !== 'workbox-expiration'),
      ),
    ).toEqual([]);

    await chooseDocuments(page, ['tests/fixtures/other-corpus/garden.md']);
    await page.getByLabel(/Keep them on this device/).check();
    await page.getByText(/Kept on this device: they will be here on your next visit/).waitFor();
    await page.reload();
    await page.getByText(/Your documents from an earlier visit \(1 file\) are back/).waitFor();
    await ask(page, 'How many hours of sun do tomato plants need?');
    expect(await page.locator('section.result').textContent()).toContain('garden#tomatoes');

    await page.getByRole('button', { name: 'Remove your documents' }).click();
    await page.getByText(/gone from this page and from this device/).waitFor();
    // Nothing of theirs is left: the only database may be the service worker's record of when it cached
    // the related words (workbox-expiration), which holds no document.
    expect(
      await page.evaluate(async () =>
        (await indexedDB.databases()).map(({ name }) => name).filter((name) => name !== 'workbox-expiration'),
      ),
    ).toEqual([]);
    await page.reload();
    await page.getByLabel('Your question').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ask the library manual');
    expect(await page.getByText(/from an earlier visit/).count()).toBe(0);
  });

  it('keeps large documents on the device as a file and its parts, and answers from them after a reload', async () => {
    // Over 4 MiB of text (src/compiled-index/split.ts's SPLIT_ABOVE_CHARS): 48 files of about 90,000
    // characters of made-up words, and one fact.
    const folder = scratchForTest('large-own');
    const words = Array.from({ length: 3000 }, (_, at) => `w${(at * 7919).toString(36)}`);
    let seed = 7;
    const word = () => {
      seed = (seed * 48271) % 2147483647;
      return words[seed % words.length];
    };
    const paths: string[] = [];
    for (let file = 0; file < 48; file++) {
      const sections = Array.from({ length: 30 }, (_, section) => {
        const text = Array.from({ length: 500 }, word).join(' ');
        return `## Part ${section}\n\n${text}.\n`;
      });
      if (file === 17) sections.push('## Lighthouse\n\nThe lighthouse keeper’s cat is called Marmalade.\n');
      const path = join(folder, `volume-${file}.md`);
      writeFileSync(path, `# Volume ${file}\n\n${sections.join('\n')}`);
      paths.push(path);
    }
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);
    await chooseDocuments(page, paths);
    await page.getByRole('heading', { name: 'Ask your documents' }).waitFor({ timeout: 120_000 });
    await page.getByLabel(/Keep them on this device/).check();
    await page
      .getByText(/Kept on this device: they will be here on your next visit/)
      .waitFor({ timeout: 60_000 });
    const kept = () =>
      page.evaluate(
        () =>
          new Promise<{ index: number; text: number; postings: number }>((resolve, reject) => {
            const request = indexedDB.open('sourcebound', 1);
            request.onerror = () => reject(request.error);
            request.onsuccess = () => {
              const store = request.result.transaction('kept').objectStore('kept');
              const keys = store.getAllKeys();
              const record = store.get('corpus');
              record.onsuccess = () => {
                const names = keys.result.map(String);
                resolve({
                  index: (record.result as { index: Uint8Array }).index.length,
                  text: names.filter((name) => name.startsWith('part:text/')).length,
                  postings: names.filter((name) => name.startsWith('part:postings/')).length,
                });
                request.result.close();
              };
            };
          }),
      );
    const parts = await kept();
    expect(parts.text).toBeGreaterThan(1);
    expect(parts.postings).toBeGreaterThan(1);
    // The file the next visit reads first holds no passage text: far less than the documents' 4 MiB.
    expect(parts.index).toBeLessThan(1024 * 1024);

    await page.reload();
    await page
      .getByText(/Your documents from an earlier visit \(48 files\) are back/)
      .waitFor({ timeout: 60_000 });
    await ask(page, 'What is the lighthouse keeper’s cat called?');
    expect(await resultHeading(page).textContent()).toBe('Answer');
    expect(await page.locator('.answer-text').textContent()).toContain('Marmalade');
    // Once every part is read back, labelling is offered, as for documents read whole.
    await page
      .getByText(/Reading the rest back from this device/)
      .waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByRole('button', { name: 'Remove your documents' }).click();
    await page.getByText(/gone from this page and from this device/).waitFor();
  }, 240_000);

  it('indexes the rest when a heading still clashes, listing the section left out with both places', async () => {
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);
    await chooseDocuments(page, [
      'tests/fixtures/duplicate-heading/a.md',
      'tests/fixtures/duplicate-heading/b.md',
    ]);
    await page.getByRole('heading', { name: 'Ask your documents' }).waitFor();
    expect(await page.locator('.corpus-status details').textContent()).toMatch(
      /a\.md line 7: section left out: its id a#guide-setup is taken by a\.md line 3 as well/,
    );

    await page.getByLabel('the library manual').check();
    await ask(page, 'How long can I borrow a DVD for?');
    expect(await resultHeading(page).textContent()).toBe('Answer');
  });

  it('calibrates on labelled questions, and the index it saves calibrates the same from the command line', async () => {
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);
    await chooseDocuments(page, ['tests/fixtures/other-corpus/garden.md']);
    await page.getByRole('heading', { name: 'Ask your documents' }).waitFor();
    const questions = 'tests/fixtures/other-corpus-questions.json';
    await openDisclosure(page.locator('details.questions-file'));
    await page.getByLabel('Labelled questions (JSON)').fill(readFileSync(questions, 'utf8'));
    await page.getByRole('button', { name: 'Measure' }).click();
    const advice = page.getByText(/its midpoint, \d\.\d{3}, is the threshold to use/);
    const midpoint = /its midpoint, (\d\.\d{3}),/u.exec((await advice.textContent()) ?? '')?.[1] as string;
    await page.getByRole('button', { name: `Use threshold ${midpoint}` }).click();
    await page
      .getByText(`threshold in use (${midpoint}) was measured on your questions`, { exact: false })
      .waitFor();

    // Below the measured threshold, the gate stops a question about the documents' own subject.
    await ask(page, 'How often should I water the tomato plants?');
    expect(await resultHeading(page).textContent()).toBe('Refused');
    expect(await page.locator('section.result').textContent()).toContain('no_relevant_context');
    expect(await page.getByRole('note').count()).toBe(0);
    await page.getByRole('button', { name: 'Download your questions' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download your index' }).click(),
    ]);
    const saved = join(scratchForTest('e2e'), 'index.bin');
    await download.saveAs(saved);
    // The page read with the related words; so does the command line by default.
    const cli = spawnSync(
      'npm',
      ['run', '-s', 'eval', '--', '--calibrate', '--index', saved, '--questions', questions],
      {
        encoding: 'utf8',
      },
    );
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain(`midpoint (the threshold to ship): ${midpoint}`);
    expect(cli.stdout).toMatch(
      /threshold in use: [\d.]+ \(midpoint of the gap on 4 questions of your own, measured in the page/,
    );
  });

  it('saves a result as a trace that the command line replays to the same verdict on the shipped index', async () => {
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);
    const dir = scratchForTest('e2e');
    for (const [question, verdict] of [
      ['How long can I borrow a DVD for?', 'answered'],
      ['What is the wifi password?', 'refused: '],
    ] as const) {
      await ask(page, question);
      await openResultDetails(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Save as a trace' }).click(),
      ]);
      const saved = join(dir, `${verdict.length}.json`);
      await download.saveAs(saved);
      // The index the page was served is the one npm run build compiled: generated/index.bin.
      const cli = spawnSync('npm', ['run', '-s', 'ask', '--', '--trace', saved], { encoding: 'utf8' });
      expect(cli.stdout).toMatch(new RegExp(`^same verdict: ${verdict}`, 'u'));
      expect(cli.status).toBe(0);
    }
  });
});

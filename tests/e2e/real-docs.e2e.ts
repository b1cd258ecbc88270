import { cpSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchForTest } from '../helpers/scratch';
import { useSite } from './harness';
import { ask, openSite, resultHeading } from './site';

const site = useSite();
const REAL_DOCS = resolve('../shared/benchmarks/realdocs/preact/docs');

describe('a real documentation set dropped on the page', () => {
  it('indexes a dropped copy of the Preact docs folder whole, names it, and answers citing it', async (context) => {
    if (!existsSync(REAL_DOCS)) context.skip(`SKIP: the shared real docs set is not at ${REAL_DOCS}`);
    // A copy made here, as a visitor's own folder would be: the shared set is read, never written.
    const folder = join(scratchForTest('e2e'), 'preact-docs');
    cpSync(REAL_DOCS, folder, { recursive: true });

    const browserContext = await site.newContext();
    const page = await openSite(browserContext, site.server.url);
    // A drop from the desktop, as Chromium delivers it: real files by path, the folder an entry to walk.
    const zone = page.getByRole('group', { name: /Drop Markdown files or a folder here/ });
    // The panel may start folded (a <details>): a visitor unfolds it to reach the drop zone.
    if (!(await zone.isVisible())) await page.locator('details.corpus > summary').click();
    const box = await zone.boundingBox();
    if (box === null) throw new Error('the drop zone is not on the screen');
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await browserContext.newCDPSession(page);
    const data = { items: [], files: [folder], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
      await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
    }

    await page.getByRole('heading', { name: 'Ask your documents' }).waitFor({ timeout: 30_000 });
    const switcher = page.getByLabel(/the folder preact-docs \(33 files, \d+ passages\)/);
    expect(await switcher.isChecked()).toBe(true);
    expect(await page.locator('.corpus-status details').count()).toBe(0);
    expect(await page.locator('.generator-note').textContent()).toMatch(/quoted from the folder preact-docs/);
    expect(await page.getByLabel('Your question').getAttribute('placeholder')).not.toMatch(/DVD/);

    await ask(page, 'What does the useId hook generate?');
    expect(await resultHeading(page).textContent()).toBe('Answer');
    const result = (await page.locator('section.result').textContent()) ?? '';
    // Ids are paths inside the dropped folder, as the CLI makes them from the same folder.
    expect(result).toMatch(/(?<!preact-docs\/)guide\/v10\/hooks#useid/);
  });
});

import { describe, expect, it } from 'vitest';
import { useSite } from './harness';
import { ask, openSite, resultHeading, waitForAskBox } from './site';

// The test closes the server itself; closing it again after the file is safe (see server.ts).
const site = useSite();

describe('after the first visit, the site works with the network off', () => {
  it('answers with the stand-in after the server is gone and the browser is offline', async () => {
    const { server } = site;
    const context = await site.newContext();
    const page = await openSite(context, server.url);
    // The worker installs (precaching the site) on the first visit, but a page is controlled only by a
    // worker that was active when it loaded, and this one does not claim open pages: reload once.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await waitForAskBox(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await server.close();
    await context.setOffline(true);
    // The guard: the site is really unreachable, so what loads next comes from the worker's cache.
    expect(
      await page.evaluate(
        (url) =>
          fetch(url, { cache: 'no-store' }).then(
            () => 'reached',
            () => 'failed',
          ),
        `${server.url}?bypass`,
      ),
    ).toBe('failed');
    await page.reload();
    await waitForAskBox(page);
    // The word vectors were cached by the worker when the controlled page fetched them.
    expect(await page.locator('.meaning-status').getAttribute('data-meaning')).toBe('on');

    await ask(page, 'How long can I borrow a DVD for?');

    expect(await resultHeading(page).textContent()).toBe('Answer');
    expect(await page.locator('.answer-text').textContent()).toContain('7 days');
    expect(await page.locator('section.result .generator').textContent()).toContain('picked by the stand-in');
  });
});

import { describe, expect, it } from 'vitest';
import { recordRequests } from './browser';
import { useSite } from './harness';
import { ask, openResultDetails, openSite, resultOfThisQuestion } from './site';

const site = useSite();

// The word-vector table, as Vite names it in dist/assets.
const VECTORS = /\/assets\/vectors-[\w.-]+\.bin$/u;
const INDEX = /\/assets\/index-[\w.-]+\.bin$/u;

/** What Details says read the question, and the refusal's reason code when refused. */
async function readingOf(question: string, page: Awaited<ReturnType<typeof openSite>>) {
  await ask(page, question);
  await openResultDetails(page);
  const result = resultOfThisQuestion(page);
  return {
    matchedBy: await result.locator('.matched-by').textContent(),
    reason: await result.locator('.refusal-detail code').first().textContent(),
  };
}

describe('the related words (the semantic channel) in the page', () => {
  it('loads the word vectors after the manual, and reads questions with them once they are in', async () => {
    const context = await site.newContext();
    const requests = recordRequests(context);
    const page = await openSite(context, site.server.url);

    expect(await page.locator('.meaning-status').getAttribute('data-meaning')).toBe('on');
    const byPage = requests
      .filter(({ byServiceWorker }) => !byServiceWorker)
      .map(({ url }) => new URL(url).pathname);
    const index = byPage.findIndex((path) => INDEX.test(path));
    const vectors = byPage.findIndex((path) => VECTORS.test(path));
    expect(index).toBeGreaterThanOrEqual(0);
    // After the manual: the first question never waits for them.
    expect(vectors).toBeGreaterThan(index);

    // "PC" is not a word of the manual; "computer" is. With the related words the question reaches a
    // model (here the stand-in, which finds no sentence that answers it), instead of stopping at the gate.
    const read = await readingOf('How long can I use a PC?', page);
    expect(read.matchedBy).toMatch(
      /^Matched by: the question’s words and related words \(word vectors [0-9a-f]{12}…/u,
    );
    expect(read.reason).not.toBe('no_relevant_context');
  });

  it('says so when the word vectors cannot be loaded, and reads questions by their own words', async () => {
    const context = await site.newContext();
    await context.route(VECTORS, (route) => route.abort('internetdisconnected'));
    const page = await openSite(context, site.server.url);

    const status = page.locator('.meaning-status');
    expect(await status.getAttribute('data-meaning')).toBe('unavailable');
    expect(await status.textContent()).toMatch(
      /^Related words could not be loaded \(.+\); only the question’s own words count\.$/u,
    );
    const read = await readingOf('How long can I use a PC?', page);
    expect(read).toEqual({
      matchedBy: 'Matched by: the question’s own words.',
      reason: 'no_relevant_context',
    });
  });
});

import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, launchBrowser, newContext, offOrigin, recordRequests } from './browser';
import { type StaticServer, startStaticServer } from './server';
import { ask, openSite, resultHeading, screenshot } from './site';

const ANSWERABLE = 'How long can I borrow a DVD for?';
const UNANSWERABLE = 'What is the wifi password?';
const PHONE_WIDTH = 360;
const DESKTOP_WIDTH = 1280;

let server: StaticServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  server = await startStaticServer();
  browser = await launchBrowser();
});

afterEach(async () => {
  await closeContext(context);
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('without a key, the stand-in answers from the manual', () => {
  it('answers the DVD question with its citation, which opens the cited passage in place', async () => {
    context = await newContext(browser);
    const page = await openSite(context, server.url);

    await ask(page, ANSWERABLE);

    expect(await resultHeading(page).textContent()).toBe('Answer');
    expect(await page.locator('.answer-text').textContent()).toContain('7 days');
    expect(await page.locator('section.result .generator').textContent()).toContain(
      'extractive stand-in (quotes the manual; not a language model)',
    );
    const passage = page.locator('details#passage-02-borrowing-loan-periods');
    const passageText = passage.locator('.passage-text');
    expect(await passage.evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
    expect(await passageText.isVisible()).toBe(false);
    const before = page.url();

    await page.getByRole('link', { name: '02-borrowing#loan-periods' }).click();

    await passageText.waitFor({ state: 'visible' });
    expect(await passage.evaluate((details: HTMLDetailsElement) => details.open)).toBe(true);
    expect(await passageText.textContent()).toContain('7 days');
    // In place: no navigation, not even to the fragment.
    expect(page.url()).toBe(before);
  });

  it('refuses the wifi question as no_relevant_context, shows the scored passages, and stays on its origin', async () => {
    context = await newContext(browser);
    const seen = recordRequests(context);
    const page = await openSite(context, server.url);

    await ask(page, UNANSWERABLE);

    expect(await resultHeading(page).textContent()).toBe('Refused');
    expect(await page.locator('.refusal-detail code').first().textContent()).toBe('no_relevant_context');
    expect(await page.locator('ol.passages svg.score-bar').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('svg.score-bar line.score-threshold').first().isVisible()).toBe(true);
    expect(await page.locator('.threshold-note').textContent()).toMatch(/at least \d\.\d{3}/u);
    // The visit includes the service worker's install, which downloads the whole site into its cache.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(seen.some(({ byServiceWorker }) => byServiceWorker)).toBe(true);
    expect(offOrigin(seen, server.origin).map(({ url }) => url)).toEqual([]);
  });
});

describe('screenshots for the README', () => {
  it('shows an answer and a refusal at desktop and phone widths, without sideways scrolling', async () => {
    context = await newContext(browser);
    const page = await openSite(context, server.url);
    const cases = [
      { name: 'answer', question: ANSWERABLE, heading: 'Answer' },
      { name: 'refusal', question: UNANSWERABLE, heading: 'Refused' },
    ];
    for (const { name, question, heading } of cases) {
      await page.setViewportSize({ width: DESKTOP_WIDTH, height: 900 });
      await ask(page, question);
      expect(await resultHeading(page).textContent()).toBe(heading);
      if (name === 'answer') await page.getByRole('link', { name: '02-borrowing#loan-periods' }).click();
      await screenshot(page, { name: `${name}-desktop`, width: DESKTOP_WIDTH });
      await screenshot(page, { name: `${name}-phone`, width: PHONE_WIDTH });
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(PHONE_WIDTH);
    }
  });
});

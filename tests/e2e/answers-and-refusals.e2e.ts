import { describe, expect, it } from 'vitest';
import { offOrigin, recordRequests } from './browser';
import { useSite } from './harness';
import { ask, openSite, resultHeading, screenshot } from './site';

const ANSWERABLE = 'How long can I borrow a DVD for?';
/** Retrieves a few passages, none near enough: the gate refuses it with the related words as without. */
const UNANSWERABLE = 'Who designed the library building?';
// "… The line on each bar is the threshold, 0.133: …" → 0.133
const THRESHOLD_IN_NOTE = /the threshold, (\d\.\d{3})/u;
const PHONE_WIDTH = 360;
const DESKTOP_WIDTH = 1280;

const site = useSite();

describe('without a key, the stand-in answers from the manual', () => {
  it('answers the DVD question with its citation, which opens the cited passage in place', async () => {
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);

    await ask(page, ANSWERABLE);

    expect(await resultHeading(page).textContent()).toBe('Answer');
    expect(await page.locator('.answer-text').textContent()).toContain('7 days');
    expect(await page.locator('section.result .stand-in-note').textContent()).toMatch(
      /picked by the stand-in: no\s+language model wrote it/,
    );
    const passage = page.locator('details#passage-02-borrowing-loan-periods');
    const passageText = passage.locator('.passage-text');
    expect(await passage.evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
    expect(await passageText.isVisible()).toBe(false);
    const before = page.url();

    await page.locator('.citations').getByRole('link', { name: 'Borrowing › Loan Periods' }).click();

    await passageText.waitFor({ state: 'visible' });
    expect(await passage.evaluate((details: HTMLDetailsElement) => details.open)).toBe(true);
    expect(await passageText.textContent()).toContain('7 days');
    // In place: no navigation, not even to the fragment.
    expect(page.url()).toBe(before);
  });

  it('refuses a question the manual does not cover as no_relevant_context, shows the scored passages, and stays on its origin', async () => {
    const context = await site.newContext();
    const seen = recordRequests(context);
    const page = await openSite(context, site.server.url);

    await ask(page, UNANSWERABLE);

    expect(await resultHeading(page).textContent()).toBe('Refused');
    // The technical detail is one click away.
    expect(await page.locator('.refusal-detail').isVisible()).toBe(false);
    await page.locator('details.result-details > summary').click();
    expect(await page.locator('.refusal-detail code').first().textContent()).toBe('no_relevant_context');
    const bars = page.locator('ul.passage-scores svg.score-bar');
    expect(await bars.count()).toBeGreaterThanOrEqual(1);
    expect(await bars.first().isVisible()).toBe(true);
    const thresholdNote = (await page.locator('.threshold-note').textContent()) ?? '';
    const threshold = Number(THRESHOLD_IN_NOTE.exec(thresholdNote)?.[1]);
    expect(threshold).toBeGreaterThan(0);
    // A vertical line has no width for Playwright's visibility check: check that it is stroked, where
    // the note says the threshold is.
    const line = await bars
      .first()
      .locator('line.score-threshold')
      .evaluate((element: SVGLineElement) => ({
        x: element.x1.baseVal.value,
        stroke: getComputedStyle(element).stroke,
        strokeWidth: Number.parseFloat(getComputedStyle(element).strokeWidth),
        display: getComputedStyle(element).display,
      }));
    expect(line.x).toBeCloseTo(threshold * 100, 1);
    expect(line.stroke).not.toBe('none');
    expect(line.strokeWidth).toBeGreaterThan(0);
    expect(line.display).not.toBe('none');
    // The visit includes the service worker's install, which downloads the whole site into its cache.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(seen.some(({ byServiceWorker }) => byServiceWorker)).toBe(true);
    expect(offOrigin(seen, site.server.origin).map(({ url }) => url)).toEqual([]);
  });
});

describe('screenshots for the README', () => {
  it('shows an answer and a refusal at desktop and phone widths, without sideways scrolling', async () => {
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);
    const cases = [
      { name: 'answer', question: ANSWERABLE, heading: 'Answer' },
      { name: 'refusal', question: UNANSWERABLE, heading: 'Refused' },
    ];
    for (const { name, question, heading } of cases) {
      await page.setViewportSize({ width: DESKTOP_WIDTH, height: 900 });
      await ask(page, question);
      expect(await resultHeading(page).textContent()).toBe(heading);
      if (name === 'answer')
        await page.locator('.citations').getByRole('link', { name: 'Borrowing › Loan Periods' }).click();
      await screenshot(page, { name: `${name}-desktop`, width: DESKTOP_WIDTH });
      await screenshot(page, { name: `${name}-phone`, width: PHONE_WIDTH });
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(PHONE_WIDTH);
    }
  });
});

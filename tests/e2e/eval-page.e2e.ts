import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recordRequests } from './browser';
import { useSite } from './harness';
import { ask, openSite, resultHeading, screenshot, waitForAskBox } from './site';

const PHONE_WIDTH = 360;
// Answerable, with the lowest best score of the set (0.169): the first to be refused as the threshold rises.
const LOWEST_ANSWERABLE = 'How long can I keep a magazine?';

const site = useSite();

/** Moves the range input as a visitor's drag does: a new value, then an input event. */
async function slide(page: Page, value: string): Promise<void> {
  await page.getByLabel('Threshold to try').evaluate((input: HTMLInputElement, to: string) => {
    input.value = to;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

async function openEvaluation(page: Page): Promise<void> {
  await page.getByRole('link', { name: /The evaluation, as pictures/ }).click();
  await page
    .getByText(/Evaluated 22 questions at the threshold in use, 0\.133: 22 passed, 0 failed, 0 skipped/)
    .waitFor();
}

describe('the evaluation, as pictures (#/eval)', () => {
  it('runs the bundled set in the page, draws both plots, and the slider flips the expected question', async () => {
    const context = await site.newContext();
    const requests = recordRequests(context);
    const page = await openSite(context, site.server.url);
    await openEvaluation(page);
    expect(new URL(page.url()).hash).toBe('#/eval');

    const plots = page.getByRole('img');
    expect(await plots.count()).toBe(2);
    const strip = plots.nth(0);
    // One dot per question, each titled with its question and score.
    expect(await strip.locator('circle').count()).toBe(22);
    expect(await strip.locator('desc').textContent()).toMatch(/A gap of 0\.072/);
    expect(await plots.nth(1).locator('desc').textContent()).toMatch(/coverage/i);

    await slide(page, '0.2');
    const flips = page.getByRole('list', { name: 'Questions that would change at 0.200' });
    expect(await flips.textContent()).toContain(
      `${LOWEST_ANSWERABLE}: would now be refused (no_relevant_context); PASS → FAIL`,
    );
    // Tried, not applied: the line at the threshold in use still reads the same.
    expect(await page.getByText(/at the threshold in use, 0\.133: 22 passed/).count()).toBe(1);
    await page.getByRole('button', { name: 'Apply this threshold (0.200)' }).click();

    // Applied to the manual for this visit: the question asked now stops at the gate.
    await page.getByRole('link', { name: 'Back to asking' }).click();
    await waitForAskBox(page);
    await ask(page, LOWEST_ANSWERABLE);
    expect(await resultHeading(page).textContent()).toBe('Refused');
    expect(await page.locator('section.result').textContent()).toContain('no_relevant_context');
    // The eval page ran in the page: nothing left the site.
    expect(requests.filter(({ url }) => !url.startsWith(site.server.origin)).map(({ url }) => url)).toEqual(
      [],
    );
  });

  it('reads at phone width: the plots fit the screen and nothing scrolls sideways but the table', async () => {
    const context = await site.newContext({ width: PHONE_WIDTH });
    const page = await openSite(context, site.server.url);
    await openEvaluation(page);
    for (const plot of await page.getByRole('img').all()) {
      const box = await plot.boundingBox();
      expect(box?.width).toBeGreaterThan(250);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE_WIDTH);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    await screenshot(page, { name: 'eval-phone', width: PHONE_WIDTH });
    await screenshot(page, { name: 'eval-desktop', width: 1280 });
  });

  it('is reached by its address, and the back button returns to the question and its result', async () => {
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);
    await ask(page, 'How long can I borrow a DVD for?');
    await openEvaluation(page);
    // The keyboard and a screen reader start at the new page's heading, and come back to the question box.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('eval-heading');
    await page.goBack();
    await waitForAskBox(page);
    expect(await resultHeading(page).textContent()).toBe('Answer');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('question');

    const direct = await context.newPage();
    await direct.goto(`${site.server.url}#/eval`);
    await direct.getByText(/22 passed, 0 failed, 0 skipped/).waitFor();
  });
});

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withDefaultVectors } from '../../scripts/lib/vector-table';
import { createEngine, retrieverOf } from '../../src/ask/engine';
import { calibrateOn, parseEvalSet } from '../../src/evaluation/eval-set';
import { formatScore } from '../../src/retrieval/score-format';
import { recordRequests } from './browser';
import { useSite } from './harness';
import { shippedIndex } from './server';
import { ask, openSite, resultHeading, screenshot, waitForAskBox } from './site';

const PHONE_WIDTH = 360;

const site = useSite();

/**
 * What the page should report, computed in Node from the index the site ships: its threshold, and the
 * calibration of the bundled set on it. Read from the build, not written here, so that refitting the
 * threshold (or the scorer) does not leave this test asserting an old number.
 */
function shipped() {
  const index = shippedIndex();
  const questions = parseEvalSet(JSON.parse(readFileSync('eval/questions.json', 'utf8')));
  // The page reads with the related words once they are in (openSite waits for them), as the command
  // line does by default.
  const engine = withDefaultVectors(createEngine(index));
  const calibration = calibrateOn(retrieverOf(engine), questions);
  const lowest = calibration.answerable[0];
  if (lowest === undefined || calibration.gap === undefined) {
    throw new Error('e2e: eval/questions.json has no answerable question or no gap to show');
  }
  // A threshold to try: just above the set's lowest answerable score, so that question flips to refused.
  const tried = Math.ceil(lowest.bestScore * 1000) / 1000 + 0.001;
  // The shipped set passes whole at its threshold: `npm run eval` fails otherwise.
  const allPass = `${questions.length} passed, 0 failed, 0 skipped`;
  const count = questions.length;
  return {
    threshold: formatScore(engine.gate.threshold),
    gap: formatScore(calibration.gap),
    lowest,
    tried,
    allPass,
    count,
  };
}

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
    .getByText(
      `Evaluated ${shipped().count} questions at the threshold in use, ${shipped().threshold}: ${shipped().allPass}`,
    )
    .waitFor();
}

describe('the evaluation, as pictures (#/eval)', () => {
  it('shows every benchmark set of the committed summary, one row each in words, before anything else', async () => {
    const summary = JSON.parse(readFileSync('src/ui/eval/benchmark-summary.json', 'utf8')) as {
      sets: Array<{ name: string }>;
    };
    for (const width of [1280, PHONE_WIDTH]) {
      const context = await site.newContext({ width });
      const page = await openSite(context, site.server.url);
      await page.getByRole('link', { name: /The evaluation, as pictures/ }).click();
      const rows = page.locator('.benchmark-list > li');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(summary.sets.length);
      for (const text of await rows.allTextContents()) {
        expect(text).toMatch(/^(Of \d[\d,]* .*(answered|refused).*\.|The .* were not measured: .*\.)$/u);
      }
      // The benchmark sets come first: above the page's own run and its plots.
      const top = await page
        .locator('.benchmarks')
        .evaluate((element) => element.getBoundingClientRect().top);
      expect(top).toBeLessThan(800);
      await screenshot(page, {
        name: width === PHONE_WIDTH ? 'eval-benchmarks-phone' : 'eval-benchmarks-desktop',
        width,
      });
    }
  });

  it('runs the bundled set in the page, draws both plots, and the slider flips the expected question', async () => {
    const { threshold, gap, lowest, tried } = shipped();
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
    expect(await strip.locator('desc').textContent()).toContain(`A gap of ${gap}`);
    expect(await plots.nth(1).locator('desc').textContent()).toMatch(/coverage/i);

    await slide(page, String(tried));
    const flips = page.getByRole('list', { name: `Questions that would change at ${formatScore(tried)}` });
    expect(await flips.textContent()).toContain(
      `${lowest.question}: would now be refused (no_relevant_context); PASS → FAIL`,
    );
    // Tried, not applied: the line at the threshold in use still reads the same.
    expect(await page.getByText(`at the threshold in use, ${threshold}: ${shipped().allPass}`).count()).toBe(
      1,
    );
    await page.getByRole('button', { name: `Apply this threshold (${formatScore(tried)})` }).click();

    // Applied to the manual for this visit: the question asked now stops at the gate.
    await page.getByRole('link', { name: 'Back to asking' }).click();
    await waitForAskBox(page);
    await ask(page, lowest.question);
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
    await direct.getByText(shipped().allPass).waitFor();
  });
});

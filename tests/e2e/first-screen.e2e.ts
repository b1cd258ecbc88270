// Issue 38's last items, as a visitor meets them in Chromium at 1280 × 800 and 360 × 740: the first
// screen says what this is and offers questions made from the headings, the documents browse by their
// headings, the question box grows with the text, a correction that changed nothing is not shown, and a
// verdict under a result on the visitor's documents joins their labelled questions. axe-core finds
// nothing in any of these states.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { violations } from './axe';
import { useSite } from './harness';
import {
  ask,
  chooseDocuments,
  openDisclosure,
  openResultDetails,
  openSite,
  resultHeading,
  resultOfThisQuestion,
  screenshot,
} from './site';

const SCREENS = [
  { width: 1280, height: 800, name: 'desktop' },
  { width: 360, height: 740, name: 'phone' },
] as const;

const site = useSite();

async function pageAt(screen: (typeof SCREENS)[number]): Promise<Page> {
  const context = await site.newContext({ width: screen.width });
  const page = await openSite(context, site.server.url);
  await page.setViewportSize({ width: screen.width, height: screen.height });
  return page;
}

/** axe finds nothing, and nothing is wider than the screen. */
async function checkState(page: Page, state: string): Promise<void> {
  expect(await violations(page), state).toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, `${state}: nothing wider than the screen`).toBeLessThanOrEqual(0);
}

describe.each(SCREENS)('at $width × $height', (screen) => {
  it('the first screen says what this is, and a question made from the headings asks when clicked', async () => {
    const page = await pageAt(screen);
    expect(await page.locator('header .intro').textContent()).toMatch(
      /demonstration over the manual of a fictional library/,
    );
    const examples = page.locator('.examples').getByRole('button');
    const offered = await examples.allTextContents();
    expect(offered.length).toBeGreaterThan(0);
    // Made from the manual's headings: each names one of its sections' headings.
    const headings = await page.evaluate(() => document.querySelector('.browse summary')?.textContent);
    expect(headings).toMatch(/^Browse the manual by its headings \(\d+ sections\)$/);
    expect(offered).toContain('What about loan periods?');
    // The first screen holds the line, the box and the examples.
    const bottom = await examples.last().evaluate((button) => button.getBoundingClientRect().bottom);
    expect(bottom).toBeLessThan(screen.height);
    await checkState(page, 'first screen');
    await screenshot(page, { name: `first-screen-${screen.name}`, width: screen.width });

    await page.getByRole('button', { name: 'What about loan periods?' }).click();
    await resultOfThisQuestion(page).waitFor();
    expect(await page.getByLabel('Your question').inputValue()).toBe('What about loan periods?');
    expect(await resultHeading(page).textContent()).toBe('Answer');
    expect(await page.locator('.answer-text').textContent()).toMatch(/\d+ (days|weeks)/);
    await checkState(page, 'an example asked');
  });

  it('browses the manual by its headings, a heading opening its passage as text', async () => {
    const page = await pageAt(screen);
    const browse = page.locator('details.browse');
    await openDisclosure(browse);
    const section = browse.locator('details').filter({ hasText: 'Fines and Fees › Overdue Charges' });
    await openDisclosure(section);
    const text = section.locator('.passage-text');
    await text.waitFor();
    expect(await text.textContent()).toMatch(/overdue/i);
    // Drawn as text: no markup of the passage's became elements it did not build.
    expect(await section.locator('script, iframe, img').count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await checkState(page, 'a passage opened from its heading');
    await screenshot(page, { name: `browse-${screen.name}`, width: screen.width });
  });

  it('grows the question box with the text to a bound, Shift+Enter breaking a line and Enter asking', async () => {
    const page = await pageAt(screen);
    const box = page.getByLabel('Your question');
    const height = () => box.evaluate((field) => field.getBoundingClientRect().height);
    const oneLine = await height();
    await box.click();
    await page.keyboard.type('How long can I borrow a DVD for');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('if I am not a member yet?');
    expect(await box.inputValue()).toBe('How long can I borrow a DVD for\nif I am not a member yet?');
    expect(await resultOfThisQuestion(page).count()).toBe(0);
    const twoLines = await height();
    expect(twoLines).toBeGreaterThan(oneLine);
    // A very long question: the box stops growing at its bound and scrolls inside, never sideways.
    await box.fill('why is it so? '.repeat(80));
    const bounded = await height();
    const max = await box.evaluate((field) => Number.parseFloat(getComputedStyle(field).maxHeight));
    expect(bounded).toBeGreaterThan(twoLines);
    expect(bounded).toBeLessThanOrEqual(max + 1);
    expect(await box.evaluate((field) => field.scrollHeight > field.clientHeight)).toBe(true);
    await checkState(page, 'a long question in the box');
    await screenshot(page, { name: `question-box-${screen.name}`, width: screen.width });

    await box.fill('How long can I borrow a DVD for?');
    await box.press('Enter');
    await resultOfThisQuestion(page).waitFor();
    expect(await resultHeading(page).textContent()).toBe('Answer');
    // The box keeps a visible ring in the page's blue, not the threshold's red, when reached by keyboard.
    await box.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const ring = await box.evaluate((field) => getComputedStyle(field).outlineStyle);
    expect(ring).toBe('solid');
  });

  it('shows a spelling correction only when it changed what was found, and under Details either way', async () => {
    const page = await pageAt(screen);
    // Read with "saturdy" as "saturday" or as typed, the same passages are found: the opening hours name
    // every day, so the correction changed nothing found and is not said above the answer.
    await ask(page, 'What are the opening hours of the library on saturdy?');
    const result = resultOfThisQuestion(page);
    expect(await result.locator('p.reading').count()).toBe(0);
    // Outside Details, what a visitor reads without opening it.
    const outside = await result.evaluate((section) => {
      const copy = section.cloneNode(true) as HTMLElement;
      copy.querySelector('details.result-details')?.remove();
      return copy.textContent;
    });
    expect(outside).not.toMatch(/Read “saturdy”/);
    await openResultDetails(page);
    expect(await result.locator('.reading-detail').textContent()).toMatch(
      /reading it as typed finds the same passages\): Read “saturdy” as “saturday”/,
    );
    await checkState(page, 'an unneeded correction kept under Details');
    await screenshot(page, { name: `correction-unneeded-${screen.name}`, width: screen.width });

    // "hourz" is no word of the manual: read as "hours", it finds the opening hours, and says so.
    await ask(page, 'What are the opening hourz?');
    expect(await resultOfThisQuestion(page).locator('p.reading').textContent()).toBe(
      'Read “hourz” as “hours”.',
    );
  });

  it('a verdict under a result on the visitor’s documents joins their labelled questions, said where clicked', async () => {
    const page = await pageAt(screen);
    await chooseDocuments(page, ['tests/fixtures/other-corpus/garden.md']);
    await page.getByRole('heading', { name: 'Ask your documents' }).waitFor();
    expect(await page.locator('header .intro').textContent()).toMatch(/^Your documents/);
    const labelled = page.getByRole('heading', { name: /^Your labelled questions/ });
    expect(await labelled.textContent()).toBe('Your labelled questions (0)');

    await ask(page, 'How many hours of sun do tomato plants need?');
    expect(await resultHeading(page).textContent()).toBe('Answer');
    const verdict = page.getByRole('group', { name: 'Was this answer right?' });
    await verdict.getByRole('button', { name: 'Right' }).click();
    const said = verdict.getByRole('status');
    expect(await said.textContent()).toBe(
      'Added to your labelled questions as answerable: 1 answerable, 0 not.',
    );
    expect(await labelled.textContent()).toBe('Your labelled questions (1)');
    expect(await page.locator('ul.labelled').textContent()).toContain(
      'How many hours of sun do tomato plants need?',
    );
    // Clicked again: not added twice, and it says so.
    await verdict.getByRole('button', { name: 'Right' }).click();
    expect(await said.textContent()).toMatch(
      /^Already in your labelled questions as answerable; nothing added/,
    );
    expect(await labelled.textContent()).toBe('Your labelled questions (1)');
    await checkState(page, 'a verdict added');
    await verdict.scrollIntoViewIfNeeded();
    await screenshot(page, { name: `feedback-${screen.name}`, width: screen.width });

    await ask(page, 'Who won the world cup?');
    const refusal = page.getByRole('group', { name: 'Was it right to refuse?' });
    await refusal.getByRole('button', { name: 'Right to refuse' }).click();
    expect(await refusal.getByRole('status').textContent()).toBe(
      'Added to your labelled questions as not answerable: 1 answerable, 1 not.',
    );
    expect(await labelled.textContent()).toBe('Your labelled questions (2)');
    await checkState(page, 'a refusal judged');

    // Kept on this device with the documents: the next visit has them back, labels and all.
    await page.getByLabel(/Keep them on this device/).check();
    await page.getByText('Kept on this device: they will be here on your next visit.').waitFor();
    await page.reload();
    await page.getByText(/Your documents from an earlier visit \(1 file\) are back/).waitFor();
    expect(await labelled.textContent()).toBe('Your labelled questions (2)');
  });
});

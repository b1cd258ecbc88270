// The page as a visitor who is not an engineer meets it, in Chromium at 1280 and 360 px: every state
// audited with axe-core (from node_modules, injected by the test: nothing comes from a CDN), the question
// box first on every screen, a folder brought through the real file chooser, Claude's waiting said.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { violations } from './axe';
import { apiError, type FakeOutcome, fakeAnthropic, messageOf, messageWith } from './fake-anthropic';
import { useSite } from './harness';
import {
  ask,
  chooseDocuments,
  openDisclosure,
  openResultDetails,
  openSettings,
  openSite,
  resultHeading,
  resultOfThisQuestion,
  screenshot,
  setKey,
  startAsking,
} from './site';
import { TEST_KEY } from './visit';

const WIDTHS = [1280, 360] as const;
/** A phone's first screen: the question box's top must be inside it in every state. */
const FIRST_SCREEN = { width: 360, height: 740 };
const DVD = 'How long can I borrow a DVD for?';

const site = useSite();

/** Where the question box's top is, in page coordinates (scrolled to the top first). */
async function questionBoxTop(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const box = document.getElementById('question')?.getBoundingClientRect();
    if (box === undefined) throw new Error('no question box');
    return { x: box.left + window.scrollX, y: box.top + window.scrollY };
  });
}

/** The checks every state of the question page passes, at the page's current width. */
async function checkState(page: Page, state: string): Promise<void> {
  expect(await violations(page), state).toEqual([]);
  const top = await questionBoxTop(page);
  expect(top.y, `${state}: the question box starts ${top.y} px down`).toBeLessThan(FIRST_SCREEN.height);
  expect(top.x, state).toBeLessThan(FIRST_SCREEN.width);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, `${state}: nothing wider than the screen`).toBeLessThanOrEqual(0);
}

/** A Messages API reply holding the given reply JSON text. */
const replyText = (text: string): FakeOutcome => ({ kind: 'respond', status: 200, body: messageOf(text) });
const LOANS = '02-borrowing#loan-periods';
const DVD_ROW = '| DVDs and Blu-ray | 7 days | 1 |';
const cited = (answer: string, citations: Array<{ id: string; quote: string }>) =>
  replyText(JSON.stringify({ answered: true, answer, citations }));

/** Each refusal reason, and how a visitor meets it: the stand-in, or Claude (faked) with a key. */
const REFUSALS: Array<{ reason: string; question: string; claude?: FakeOutcome; heading?: string }> = [
  { reason: 'no_relevant_context', question: 'What is the capital of France?' },
  {
    reason: 'model_reported_no_answer',
    question: DVD,
    claude: replyText('{"answered":false,"answer":"","citations":[]}'),
  },
  { reason: 'missing_citation', question: DVD, claude: cited('7 days.', []) },
  {
    reason: 'fabricated_citation',
    question: DVD,
    claude: {
      kind: 'respond',
      status: 200,
      body: messageWith({ answered: true, answer: '7 days.', citations: ['04-spaces#study-rooms'] }),
    },
  },
  {
    reason: 'unsupported_quote',
    question: DVD,
    claude: cited('7 days.', [{ id: LOANS, quote: 'a quote from nowhere at all' }]),
  },
  { reason: 'ungrounded_figure', question: DVD, claude: cited('9 days.', [{ id: LOANS, quote: DVD_ROW }]) },
  { reason: 'unparseable_response', question: DVD, claude: replyText('not json') },
  {
    reason: 'model_unavailable',
    question: DVD,
    claude: { kind: 'respond', status: 401, body: apiError('authentication_error', 'invalid x-api-key') },
  },
  // An outage is no refusal: it has its own heading and colour.
  {
    reason: 'model_unavailable',
    question: DVD,
    claude: { kind: 'network_failure' },
    heading: 'Claude could not be reached',
  },
];

describe('every state of the page: 0 axe violations at 1280 and 360 px, the question box first', () => {
  for (const width of WIDTHS) {
    it(`on the question page at ${width} px`, async () => {
      const context = await site.newContext({ width });
      const fake = await fakeAnthropic(context, replyText('{}'));
      const page = await openSite(context, site.server.url);
      // The guard: the audit finds a violation when there is one, so its empty list means something.
      await page.evaluate(() =>
        document.body.append(Object.assign(document.createElement('img'), { id: 'guard' })),
      );
      expect((await violations(page)).join('\n')).toMatch(/^image-alt \(critical\)/mu);
      await page.evaluate(() => document.getElementById('guard')?.remove());
      await checkState(page, 'first visit');

      await ask(page, DVD);
      await page.locator('.citations').getByRole('link', { name: 'Borrowing › Loan Periods' }).click();
      await checkState(page, 'an answer with its citation open');
      await openResultDetails(page);
      await checkState(page, 'an answer with Details open');

      // A question past the limit never reaches ask(): the form says how long it is and what the limit is.
      await page.getByLabel('Your question').fill('why '.repeat(300));
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      await page.getByText('the limit is 1,000').waitFor();
      await checkState(page, 'a question over the limit, told its length');

      let keySet = false;
      for (const { reason, question, claude, heading = 'Refused' } of REFUSALS) {
        if (claude !== undefined && !keySet) {
          await setKey(page, { key: TEST_KEY, remember: false });
          keySet = true;
        }
        if (claude !== undefined) fake.answerWith(claude);
        await ask(page, question);
        expect(await resultHeading(page).textContent(), reason).toBe(heading);
        expect(await resultOfThisQuestion(page).locator('.refusal-detail code').first().textContent()).toBe(
          reason,
        );
        await checkState(page, `refusal: ${reason}`);
        await openResultDetails(page);
        await checkState(page, `refusal: ${reason}, Details open`);
      }

      await openSettings(page);
      await checkState(page, 'settings open');
    });

    it(`with your documents, calibration by clicking and #/eval at ${width} px`, async () => {
      const context = await site.newContext({ width });
      const page = await openSite(context, site.server.url);
      await chooseDocuments(page, ['tests/fixtures/other-corpus/garden.md']);
      await page.getByRole('heading', { name: 'Ask your documents' }).waitFor();
      await checkState(page, 'your documents loaded');

      await label(page, 'How many hours of sun do tomato plants need?', 'garden#tomatoes');
      await label(page, 'When should I prune roses?', 'garden#roses');
      await label(page, 'What is the capital of France?', undefined);
      await page.getByText(/is the threshold to use/).waitFor();
      await checkState(page, 'calibration by clicking');
      await ask(page, 'How many hours of sun do tomato plants need?');
      await checkState(page, 'an answer from your documents');

      await page.getByRole('link', { name: /The evaluation, as pictures/ }).click();
      await page.getByText(/^\d+ passed, \d+ failed, \d+ skipped$/).waitFor();
      expect(await violations(page), '#/eval on your documents').toEqual([]);
      await page.goto(`${site.server.url}#/eval`);
      await page.reload();
      await page.getByText(/^22 passed, 0 failed, 0 skipped$/).waitFor({ timeout: 30_000 });
      expect(await violations(page), '#/eval on the manual').toEqual([]);
      await page.getByLabel('Threshold to try').focus();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('list', { name: /Questions that would change at/ }).waitFor();
      expect(await violations(page), '#/eval with the slider moved').toEqual([]);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(sideways, '#/eval: nothing wider than the screen').toBeLessThanOrEqual(0);
      // Nothing clipped inside its box either: a table that only shows its last column when scrolled is.
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.eval-table-scroll, .eval-page td, .eval-page th')]
          .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth + 1)
          .map((element) => `${element.className || element.tagName}: ${element.textContent?.slice(0, 40)}`),
      );
      expect(clipped, '#/eval: clipped boxes').toEqual([]);
    });
  }
});

/** Labels a question by clicking, in the calibration panel: the passage that answers it, or none. */
async function label(page: Page, question: string, answeredBy: string | undefined): Promise<void> {
  await page.getByLabel('A question about your documents').fill(question);
  await page.getByRole('button', { name: 'Show passages' }).click();
  const choices = page.locator('.label-choices');
  if (answeredBy === undefined) {
    await choices.getByRole('button', { name: 'Nothing here answers it' }).click();
  } else {
    await choices
      .locator('li.passage')
      .filter({ has: page.locator('.passage-id', { hasText: answeredBy }) })
      .getByRole('button', { name: 'This passage answers it' })
      .click();
  }
  await page.getByRole('heading', { name: /Your labelled questions/ }).waitFor();
}

describe('a result explains itself: refusals in two kinds, titles, no English word corrected, Markdown', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px`, async () => {
      const context = await site.newContext({ width });
      const markdown =
        'See [the loan table](https://example.org/loans), not [this](javascript:alert(1)): `7 days`.';
      await fakeAnthropic(context, cited(markdown, [{ id: LOANS, quote: DVD_ROW }]));
      const page = await openSite(context, site.server.url);
      const device = width === WIDTHS[0] ? 'desktop' : 'phone';

      // The overdue section holds the answer in other words: listed by title, never "nothing here".
      await ask(page, 'How much is the late fee?');
      const result = resultOfThisQuestion(page);
      expect(await resultHeading(page).textContent()).toBe('Refused');
      expect(await result.locator('.refusal-summary').textContent()).toMatch(
        /^These sections are related, but /u,
      );
      expect(await result.textContent()).not.toMatch(/Nothing in these documents|may not cover/u);
      const overdue = result
        .locator('.related-sections')
        .getByRole('link', { name: 'Fines and Fees › Overdue Charges' });
      expect(await overdue.getAttribute('title')).toBe('03-fines-and-fees#overdue-charges');
      expect(await overdue.locator('xpath=..').textContent()).toContain(
        'An item that is not returned by its due date is overdue.',
      );
      await checkState(page, 'a refusal listing related sections');
      await screenshot(page, { name: `refusal-related-${device}`, width });
      await overdue.click();
      await result.locator('details#passage-03-fines-and-fees-overdue-charges .passage-text').waitFor();
      await checkState(page, 'a related section opened');

      await ask(page, 'What is the capital of France?');
      expect(await resultOfThisQuestion(page).locator('.refusal-summary').textContent()).toBe(
        'Nothing in these documents came close to this question.',
      );
      expect(await resultOfThisQuestion(page).locator('.related-sections').count()).toBe(0);
      await checkState(page, 'a refusal with nothing related');

      // "wants" is one letter from "waits", which the manual writes: an English word, read as written.
      await ask(page, 'my 10 year old wants a card, what do I need?');
      expect(await resultOfThisQuestion(page).textContent()).not.toContain('Read “wants”');
      await checkState(page, 'an English word not corrected');
      await ask(page, 'how do i renew my libary card?');
      expect(await resultOfThisQuestion(page).locator('.reading').textContent()).toBe(
        'Read “libary” as “library”.',
      );

      // Claude's Markdown drawn as elements: the web link a link, the javascript: link its own text.
      await setKey(page, { key: TEST_KEY, remember: false });
      await ask(page, DVD);
      const answer = resultOfThisQuestion(page).locator('.answer-text');
      expect(await answer.getByRole('link', { name: 'the loan table' }).getAttribute('href')).toBe(
        'https://example.org/loans',
      );
      expect(await answer.locator('a').count()).toBe(1);
      expect(await answer.locator('code').textContent()).toBe('7 days');
      expect(await answer.textContent()).toContain('[this](javascript:alert(1))');
      await checkState(page, 'an answer with Markdown');
      await screenshot(page, { name: `answer-markdown-${device}`, width });
    });
  }
});

describe('the folder picker', () => {
  it('picks a folder through the real file chooser, and its passages are named without the folder', async () => {
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);
    await openDisclosure(page.locator('details.corpus'));
    const input = page.getByLabel('choose a folder');
    expect(await input.evaluate((element: HTMLInputElement) => element.hasAttribute('webkitdirectory'))).toBe(
      true,
    );
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), input.click()]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles('tests/fixtures/other-corpus');
    await page.getByRole('heading', { name: 'Ask your documents' }).waitFor();
    await ask(page, 'How many hours of sun do tomato plants need?');
    // Cited by title; the id, on hover, is the file's path inside the folder.
    const citations = page.locator('section.result .citations');
    expect(await citations.textContent()).toContain('Garden › Tomatoes');
    expect(await citations.locator('[title]').first().getAttribute('title')).toBe('garden#tomatoes');
    expect(await page.locator('section.result').textContent()).not.toContain('other-corpus/');
  });
});

describe('waiting on Claude, and when Claude fails', () => {
  it('says "retrying in N s" on a rate limit, and Cancel ends it', async () => {
    const context = await site.newContext({ width: 360 });
    await fakeAnthropic(context, {
      kind: 'respond',
      status: 429,
      body: apiError('rate_limit_error', 'slow down'),
      headers: { 'retry-after': '15' },
    });
    const page = await openSite(context, site.server.url);
    await setKey(page, { key: TEST_KEY, remember: false });
    await startAsking(page, DVD);
    const notice = page.locator('.retry-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(
      /Claude is taking too many questions on your key right now: retrying in 1[45] s\./,
    );
    // The stand-in is offered at once: nobody has to wait out Claude to get the documents' answer.
    await page.getByRole('button', { name: 'Answer with the stand-in now' }).waitFor();
    expect(await violations(page), 'waiting on a rate limit').toEqual([]);
    await screenshot(page, { name: 'retrying-phone', width: 360 });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await resultHeading(page).filter({ hasText: 'Cancelled' }).waitFor();
    expect(await notice.count()).toBe(0);
  });

  it('ends a network failure under its own heading, not "Refused", with the stand-in offered', async () => {
    const context = await site.newContext({ width: 360 });
    await fakeAnthropic(context, { kind: 'network_failure' });
    const page = await openSite(context, site.server.url);
    await setKey(page, { key: TEST_KEY, remember: false });
    await startAsking(page, DVD);
    // While it retries, the true cause: no response came at all.
    const notice = page.locator('.retry-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Claude could not be reached: retrying in \d s\.$/);
    await resultHeading(page).filter({ hasText: 'Claude could not be reached' }).waitFor();
    expect(await page.locator('section.result.outage').count()).toBe(1);
    expect(await violations(page), 'an outage').toEqual([]);
    await screenshot(page, { name: 'outage-phone', width: 360 });
    await page.getByRole('button', { name: 'Answer with the stand-in instead' }).click();
    await resultHeading(page).filter({ hasText: 'Answer' }).waitFor();
  });

  it('offers the stand-in in the result when the key is rejected, and it answers', async () => {
    const context = await site.newContext({ width: 360 });
    await fakeAnthropic(context, {
      kind: 'respond',
      status: 401,
      body: apiError('authentication_error', 'invalid x-api-key'),
    });
    const page = await openSite(context, site.server.url);
    await setKey(page, { key: TEST_KEY, remember: false });
    await ask(page, DVD);
    expect(await page.locator('.refusal-next').textContent()).toMatch(
      /Fix the key in Settings, at the end of this page/,
    );
    await screenshot(page, { name: 'refusal-key-phone', width: 360 });
    await page.getByRole('button', { name: 'Answer with the stand-in instead' }).click();
    await resultHeading(page).filter({ hasText: 'Answer' }).waitFor();
    expect(await page.locator('.answer-text').textContent()).toContain('7 days');
  });
});

describe('screenshots of the new states', () => {
  it('first visit, a refusal with its Details, your documents and calibration, on a phone', async () => {
    const context = await site.newContext({ width: 360 });
    const page = await openSite(context, site.server.url);
    await screenshot(page, { name: 'first-visit-phone', width: 360 });
    await ask(page, 'What is the wifi password?');
    await openResultDetails(page);
    await screenshot(page, { name: 'refusal-details-phone', width: 360 });
    await chooseDocuments(page, ['tests/fixtures/other-corpus/garden.md']);
    await page.getByRole('heading', { name: 'Ask your documents' }).waitFor();
    await label(page, 'How many hours of sun do tomato plants need?', 'garden#tomatoes');
    await label(page, 'What is the capital of France?', undefined);
    await page.getByLabel('A question about your documents').fill('When should I prune roses?');
    await page.getByRole('button', { name: 'Show passages' }).click();
    await screenshot(page, { name: 'calibration-phone', width: 360 });
  });
});

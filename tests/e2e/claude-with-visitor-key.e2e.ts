import { describe, expect, it } from 'vitest';
import { FIRST_BYTE_DEADLINE_MS } from '../../src/config';
import { offOrigin } from './browser';
import { ANTHROPIC_ORIGIN, apiError, type FakeOutcome, messageWith } from './fake-anthropic';
import { useSite } from './harness';
import { ask, resultHeading, resultOfThisQuestion, startAsking } from './site';
import { TEST_KEY, visitSiteWithKey } from './visit';

const QUESTION = 'How long can I borrow a DVD for?';
const CLAUDE_ANSWER = 'DVDs can be borrowed for 7 days.';

const site = useSite();

const answersWith = (citations: string[]): FakeOutcome => ({
  kind: 'respond',
  status: 200,
  body: messageWith({ answered: true, answer: CLAUDE_ANSWER, citations }),
});

describe('with a key, Claude answers through api.anthropic.com', () => {
  it("shows Claude's answer and names the model", async () => {
    const visit = await visitSiteWithKey(site, answersWith(['02-borrowing#loan-periods']));
    const { page } = visit;

    await ask(page, QUESTION);

    expect(await resultHeading(page).textContent()).toBe('Answer');
    expect(await page.locator('.answer-text').textContent()).toBe(CLAUDE_ANSWER);
    expect(await page.locator('section.result .generator').textContent()).toBe(
      'Written by Claude (claude-opus-5) from the sources above.',
    );
    expect(await page.locator('.generator-note').textContent()).toContain('Claude (claude-opus-5)');
    const posts = visit.fake.calls.filter(({ method }) => method === 'POST');
    expect(posts.map(({ url }) => url)).toEqual([`${ANTHROPIC_ORIGIN}/v1/messages`]);
  });

  it('sends the key to api.anthropic.com in x-api-key and nowhere else: no URL, body, header, DOM or console', async () => {
    const visit = await visitSiteWithKey(site, answersWith(['02-borrowing#loan-periods']));
    const { page, requests } = visit;

    await ask(page, QUESTION);
    expect(await resultHeading(page).textContent()).toBe('Answer');

    const offSite = offOrigin(requests, site.server.origin);
    expect(offSite.length).toBeGreaterThan(0);
    expect(offSite.filter(({ url }) => !url.startsWith(`${ANTHROPIC_ORIGIN}/`))).toEqual([]);
    const keyHeaders: string[] = [];
    for (const { request, url } of requests) {
      expect(url).not.toContain(TEST_KEY);
      expect(request.postData() ?? '').not.toContain(TEST_KEY);
      for (const { name, value } of await request.headersArray()) {
        if (value.includes(TEST_KEY)) keyHeaders.push(`${request.method()} ${url} ${name}: ${value}`);
      }
    }
    expect(keyHeaders).toEqual([`POST ${ANTHROPIC_ORIGIN}/v1/messages x-api-key: ${TEST_KEY}`]);
    // The fake saw the request as it left the browser: the same holds there.
    for (const call of visit.fake.calls) {
      expect(call.url).not.toContain(TEST_KEY);
      expect(call.body).not.toContain(TEST_KEY);
      const carriers = Object.entries(call.headers).filter(([, value]) => value.includes(TEST_KEY));
      expect(carriers).toEqual(call.method === 'POST' ? [['x-api-key', TEST_KEY]] : []);
    }
    expect(await page.content()).not.toContain(TEST_KEY);
    const fieldValues = await page.evaluate(() =>
      [...document.querySelectorAll('input')].map((input) => input.value),
    );
    expect(fieldValues.filter((value) => value.includes(TEST_KEY))).toEqual([]);
    expect(visit.console.filter((message) => message.includes(TEST_KEY))).toEqual([]);
  });

  it('refuses as fabricated_citation a reply citing a passage that exists but was not in the context', async () => {
    const visit = await visitSiteWithKey(site, answersWith(['04-spaces#study-rooms']));
    const { page } = visit;

    await ask(page, QUESTION);

    expect(await resultHeading(page).textContent()).toBe('Refused');
    expect(await page.locator('.refusal-detail code').first().textContent()).toBe('fabricated_citation');
    expect(await page.locator('.answer-text').count()).toBe(0);
    expect(await resultOfThisQuestion(page).textContent()).not.toContain(CLAUDE_ANSWER);
  });
});

describe('when the API fails, the page ends in a named state', () => {
  const OUTAGE = 'Claude could not be reached';
  const failures: Array<{ name: string; outcome: FakeOutcome; says: string; heading: string }> = [
    {
      name: 'a rejected key (401)',
      outcome: {
        kind: 'respond',
        status: 401,
        body: apiError('authentication_error', 'invalid x-api-key'),
      },
      says: 'did not accept your API key',
      heading: 'Refused',
    },
    {
      name: 'rate limiting (429)',
      outcome: { kind: 'respond', status: 429, body: apiError('rate_limit_error', 'Number of requests') },
      says: 'too many questions on your key',
      heading: OUTAGE,
    },
    {
      name: 'a server error (500)',
      outcome: { kind: 'respond', status: 500, body: apiError('api_error', 'Internal server error') },
      says: 'having trouble',
      heading: OUTAGE,
    },
    {
      name: 'an overload (529)',
      outcome: { kind: 'respond', status: 529, body: apiError('overloaded_error', 'Overloaded') },
      says: 'having trouble',
      heading: OUTAGE,
    },
    {
      name: 'a network failure',
      outcome: { kind: 'network_failure' },
      says: 'No connection to Claude could be made',
      heading: OUTAGE,
    },
  ];

  for (const { name, outcome, says, heading } of failures) {
    it(`${name} ends under "${heading}" and says "${says}"`, async () => {
      const visit = await visitSiteWithKey(site, outcome);
      const { page } = visit;

      await ask(page, QUESTION);

      expect(await resultHeading(page).textContent()).toBe(heading);
      expect(await page.locator('.refusal-summary').textContent()).toContain(says);
      expect(visit.fake.calls.some(({ method }) => method === 'POST')).toBe(true);
    });
  }

  it('a host that accepts the request and never answers is given up on within 20 s, as an outage', async () => {
    expect(FIRST_BYTE_DEADLINE_MS).toBeLessThanOrEqual(20_000);
    const visit = await visitSiteWithKey(site, { kind: 'never_answer' });
    const { page, fake } = visit;
    // The page's clock, moved on by hand: the deadline passes without the test waiting it out.
    await page.clock.install();

    await startAsking(page, QUESTION);
    await expect.poll(() => fake.calls.filter(({ method }) => method === 'POST').length).toBe(1);
    await page.clock.fastForward(FIRST_BYTE_DEADLINE_MS - 1_000);
    expect(await resultHeading(page).filter({ hasText: OUTAGE }).count()).toBe(0);
    // One deadline and no second attempt: the outage shows once that deadline has passed.
    await page.clock.fastForward(1_000);
    await resultHeading(page).filter({ hasText: OUTAGE }).waitFor({ timeout: 10_000 });
    expect(await page.locator('.refusal-summary').textContent()).toContain('Claude did not answer in time');
    expect(await page.locator('.refusal-detail').textContent()).toMatch(/did not start answering within/);
    // Not asked again: a second silent attempt would double the wait.
    expect(fake.calls.filter(({ method }) => method === 'POST').length).toBe(1);
  });

  it('a request that never answers is cancelled by the visitor, and Ask works again', async () => {
    const visit = await visitSiteWithKey(site, { kind: 'never_answer' });
    const { page, fake } = visit;

    await startAsking(page, QUESTION);
    const cancel = page.getByRole('button', { name: 'Cancel' });
    await cancel.waitFor();
    // Cancel once the request is at the API, not while the client is still loading.
    await expect.poll(() => fake.calls.filter(({ method }) => method === 'POST').length).toBe(1);
    await cancel.click();

    await resultOfThisQuestion(page).waitFor();
    expect(await resultHeading(page).textContent()).toBe('Cancelled');
    expect(await page.locator('.refusal-summary').textContent()).toBe('You cancelled the question.');
    expect(await cancel.count()).toBe(0);
    const askButton = page.getByRole('button', { name: 'Ask', exact: true });
    expect(await askButton.isEnabled()).toBe(true);
    expect(await askButton.getAttribute('aria-busy')).toBe('false');

    // Usable, not just enabled: the next question gets an answer.
    fake.answerWith(answersWith(['02-borrowing#loan-periods']));
    await ask(page, QUESTION);
    expect(await resultHeading(page).textContent()).toBe('Answer');
  });
});

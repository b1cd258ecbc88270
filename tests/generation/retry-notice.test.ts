import { describe, expect, it, vi } from 'vitest';
import { reportingRetries, waitBeforeRetry } from '../../src/generation/retry-notice';

const respond = (status: number, headers: Record<string, string> = {}) =>
  new Response('{}', { status, headers });
const attempt = (count: number) => ({ headers: { 'X-Stainless-Retry-Count': String(count) } });

describe('waitBeforeRetry: the wait as the SDK reads it', () => {
  it('takes retry-after-ms first, then retry-after in seconds or as a date', () => {
    expect(waitBeforeRetry(new Headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), 1)).toBe(1500);
    expect(waitBeforeRetry(new Headers({ 'retry-after': '15' }), 1)).toBe(15_000);
    const now = Date.parse('2026-12-03T10:00:00Z');
    expect(waitBeforeRetry(new Headers({ 'retry-after': 'Thu, 03 Dec 2026 10:00:20 GMT' }), 1, now)).toBe(
      20_000,
    );
  });

  it('falls back to the backoff without a usable header: 0.5 s doubled per retry, at most 8 s', () => {
    expect(waitBeforeRetry(new Headers(), 1)).toBe(500);
    expect(waitBeforeRetry(new Headers({ 'retry-after': '0' }), 2)).toBe(1000);
    expect(waitBeforeRetry(new Headers({ 'retry-after': 'soon' }), 6)).toBe(8000);
  });
});

describe('reportingRetries', () => {
  it('reports a rate limit the SDK will retry, with its wait and which retry comes', async () => {
    const onRetry = vi.fn();
    const fetch = reportingRetries({
      fetch: async () => respond(429, { 'retry-after': '15' }),
      maxRetries: 2,
      onRetry,
    });
    await fetch('https://api.example/v1/messages', attempt(0));
    await fetch('https://api.example/v1/messages', attempt(1));
    expect(onRetry.mock.calls).toEqual([
      [{ status: 429, retry: 1, waitMs: 15_000 }],
      [{ status: 429, retry: 2, waitMs: 15_000 }],
    ]);
  });

  it('says nothing for the last attempt, an answer, or a failure that is not retried', async () => {
    const onRetry = vi.fn();
    const answers = [respond(429), respond(200), respond(401), respond(500, { 'x-should-retry': 'false' })];
    const fetch = reportingRetries({
      fetch: async () => answers.shift() as Response,
      maxRetries: 2,
      onRetry,
    });
    await fetch('https://api.example', attempt(2));
    await fetch('https://api.example', attempt(0));
    await fetch('https://api.example', attempt(0));
    await fetch('https://api.example', attempt(0));
    expect(onRetry).not.toHaveBeenCalled();
  });
});

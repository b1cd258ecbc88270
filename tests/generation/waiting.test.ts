import { describe, expect, it } from 'vitest';
import { backoffMs, clockTime, retryAfterMs } from '../../src/generation/waiting';

describe('retryAfterMs', () => {
  const now = Date.UTC(2026, 11, 3, 10, 0, 0);
  const headers = (values: Record<string, string>) => new Headers(values);

  it('takes retry-after-ms first, then retry-after in seconds or as an HTTP date', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': '9' }), now)).toBe(9_000);
    expect(retryAfterMs(headers({ 'retry-after': 'Thu, 03 Dec 2026 10:01:00 GMT' }), now)).toBe(60_000);
  });

  it('names no wait for a missing or unreadable header, and none below zero for a date passed', () => {
    expect(retryAfterMs(headers({}), now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after': 'Thu, 03 Dec 2026 09:00:00 GMT' }), now)).toBe(0);
  });
});

describe('backoffMs', () => {
  it('starts at half a second and doubles, at most 8 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(backoffMs)).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });
});

describe('clockTime', () => {
  it('says the local time to the minute, rounded up so that trying then is never too early', () => {
    expect(clockTime(new Date(2026, 11, 3, 13, 46, 40).getTime())).toBe('13:47');
    expect(clockTime(new Date(2026, 11, 3, 9, 5, 0).getTime())).toBe('09:05');
  });
});

import { describe, expect, it } from 'vitest';
import { isOutage, retryWords } from '../../src/ask/outage';

describe('isOutage', () => {
  it.each(['connection', 'timeout', 'overloaded', 'server_error', 'rate_limited', 'client_unavailable'])(
    'is true for model_unavailable (%s): Claude was not there to judge anything',
    (code) => {
      expect(isOutage({ reason: 'model_unavailable', code })).toBe(true);
    },
  );

  it.each([
    ['model_unavailable', 'aborted'],
    ['model_unavailable', 'authentication'],
    ['model_unavailable', undefined],
    ['no_relevant_context', undefined],
    ['model_reported_no_answer', 'stop_refusal'],
    ['unparseable_response', 'timeout'],
  ] as const)('is false for %s (%s): a cancel, a key to fix, or a judgement', (reason, code) => {
    expect(isOutage({ reason, code })).toBe(false);
  });
});

describe('retryWords', () => {
  it('names no response at all as Claude not being reached, never as Claude being busy', () => {
    const words = retryWords({ status: 0 }, 0.5);
    expect(words).toBe('Claude could not be reached: retrying in 1 s.');
  });

  it.each([
    [429, /too many questions on your key/],
    [529, /overloaded/],
    [503, /servers failed \(HTTP 503\)/],
    [408, /answered with an error \(HTTP 408\)/],
  ])('names status %i by its cause', (status, cause) => {
    expect(retryWords({ status }, 15)).toMatch(cause);
    expect(retryWords({ status }, 15)).toMatch(/retrying in 15 s\.$/);
  });

  it('never counts below 0 s', () => {
    expect(retryWords({ status: 0 }, -3)).toMatch(/retrying in 0 s/);
  });
});

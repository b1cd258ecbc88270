import { describe, expect, it } from 'vitest';
import { replyVersionOf, verificationRuleOf } from '../../src/generation/reply-version';

describe('the reply version a prompt asks for', () => {
  it('reads the version only from the end of the prompt’s name', () => {
    expect(replyVersionOf('answer.v2')).toBe(2);
    expect(replyVersionOf('answer.v2.draft')).toBe(1);
  });

  it('holds a v3 reply to figures inside its quotes, a v2 reply to quotes, and a v1 reply to neither', () => {
    expect(verificationRuleOf(3)).toEqual({ quotesRequired: true, figuresInQuotes: true });
    expect(verificationRuleOf(2)).toEqual({ quotesRequired: true, figuresInQuotes: false });
    expect(verificationRuleOf(1)).toEqual({ quotesRequired: false, figuresInQuotes: false });
  });
});

import { describe, expect, it } from 'vitest';
import { createReplayClient } from '../../src/generation/replay';
import { parseReply, replyVersionOf } from '../../src/generation/reply';
import { NeverCalledError, neverCalled, outcome, replying, throwing } from './scripted';

const request = { question: 'q', passages: [], prompt: { version: 'v', text: 't' } };

describe('parseReply', () => {
  it('accepts the v1 shape', () => {
    expect(parseReply('{"answered":true,"answer":"a","citations":["x#y"]}', 1)).toEqual({
      ok: true,
      reply: { answered: true, answer: 'a', citations: [{ id: 'x#y' }] },
    });
  });

  it('says when the text is not JSON', () => {
    expect(parseReply('Sure!', 1)).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^reply is not JSON/),
    });
  });

  it('names the fields that do not fit the schema', () => {
    const parsed = parseReply('{"answered":"yes","answer":"a","citations":"x#y"}', 1);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.detail).toMatch(/answered: .*citations: /);
  });

  it('rejects fields the schema does not have', () => {
    expect(parseReply('{"answered":true,"answer":"a","citations":[],"confidence":1}', 1).ok).toBe(false);
  });

  it('reads a v2 reply with its quotes', () => {
    const raw = JSON.stringify({
      answered: true,
      answer: 'a',
      citations: [{ id: 'x#y', quote: 'one two three' }],
    });
    expect(parseReply(raw, 2)).toEqual({
      ok: true,
      reply: { answered: true, answer: 'a', citations: [{ id: 'x#y', quote: 'one two three' }] },
    });
  });

  it('holds each version to its own schema', () => {
    expect(parseReply('{"answered":true,"answer":"a","citations":["x#y"]}', 2).ok).toBe(false);
    expect(parseReply('{"answered":true,"answer":"a","citations":[{"id":"x#y","quote":"q"}]}', 1).ok).toBe(
      false,
    );
  });

  it('reads the reply version from the prompt version', () => {
    expect(replyVersionOf('answer.v1')).toBe(1);
    expect(replyVersionOf('answer.v2')).toBe(2);
    expect(replyVersionOf('answer.v3')).toBe(3);
    expect(replyVersionOf('answer.v10')).toBe(3);
    expect(replyVersionOf('answer.test')).toBe(1);
  });

  it('names the root when the reply is not an object', () => {
    const parsed = parseReply('[]', 2);
    expect(!parsed.ok && parsed.detail).toMatch(/\(root\)/);
  });
});

describe('scripted doubles', () => {
  it('neverCalled records the call and throws', async () => {
    const client = neverCalled();
    await expect(client.generate(request)).rejects.toThrow(NeverCalledError);
    expect(client.calls).toEqual([request]);
  });

  it('replying parses its reply with the real schema', async () => {
    const client = replying({ answered: true, answer: 'a', citations: [] });
    await expect(client.generate(request)).resolves.toMatchObject({ ok: true });
    await expect(replying({ answered: 1 }).generate(request)).resolves.toMatchObject({
      ok: false,
      reason: 'unparseable_response',
      code: 'schema',
    });
    expect(client.calls).toHaveLength(1);
  });

  it('outcome returns what it was given', async () => {
    const given = { ok: false, reason: 'model_unavailable', code: 'x', detail: 'y' } as const;
    await expect(outcome(given).generate(request)).resolves.toBe(given);
  });

  it('throwing throws what it was given', async () => {
    const error = new RangeError('boom');
    const client = throwing(error);
    await expect(client.generate(request)).rejects.toBe(error);
    expect(client.calls).toHaveLength(1);
  });

  it('a replay client keeps the raw text of a reply it cannot parse', async () => {
    const client = createReplayClient({ raw: 'not json', info: { kind: 'scripted', name: 'replay' } });
    await expect(client.generate(request)).resolves.toMatchObject({ ok: false, raw: 'not json' });
  });
});

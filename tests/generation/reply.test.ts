import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseReply, ReplySchemaV1, ReplySchemaV2, replySchemaFor } from '../../src/generation/reply';

describe('parseReply', () => {
  it('reads a v1 reply into citations of ids, and a v2 reply as it is', () => {
    const v1 = { answered: true, answer: '7 days', citations: ['a#one'] };
    expect(parseReply(JSON.stringify(v1), 1)).toEqual({
      ok: true,
      reply: { answered: true, answer: '7 days', citations: [{ id: 'a#one' }] },
    });
    const v2 = { answered: true, answer: '7 days', citations: [{ id: 'a#one', quote: 'for 7 days' }] };
    expect(parseReply(JSON.stringify(v2), 2)).toEqual({ ok: true, reply: v2 });
  });

  it('says which schema a reply breaks, and that text is not JSON', () => {
    expect(parseReply('{"answered":true}', 2)).toMatchObject({
      ok: false,
      detail: /does not match schema v2/,
    });
    expect(parseReply('{"answered":true}', 1)).toMatchObject({
      ok: false,
      detail: /does not match schema v1/,
    });
    expect(parseReply('Sure!', 1)).toMatchObject({ ok: false, detail: /^reply is not JSON: / });
  });

  it('rethrows an error that is not about the text: a bug is not a malformed reply', () => {
    const bug = new TypeError('not a string at all');
    const notText = {
      toString() {
        throw bug;
      },
    };
    expect(() => parseReply(notText as never, 2)).toThrow(bug);
  });
});

describe('the reply schemas', () => {
  // The descriptions are what structured outputs shows the model about each field: part of the prompt.
  const descriptions = (schema: z.ZodType) => {
    const found: Record<string, string> = {};
    const walk = (node: unknown, path: string) => {
      if (typeof node !== 'object' || node === null) return;
      const { description, properties, items } = node as {
        description?: string;
        properties?: Record<string, unknown>;
        items?: unknown;
      };
      if (description !== undefined) found[path] = description;
      for (const [key, child] of Object.entries(properties ?? {})) walk(child, path ? `${path}.${key}` : key);
      walk(items, `${path}[]`);
    };
    walk(z.toJSONSchema(schema), '');
    return found;
  };

  it('tell the model what each field of a v1 reply holds', () => {
    const v1 = descriptions(ReplySchemaV1);
    expect(Object.keys(v1).sort()).toEqual(['answer', 'answered', 'citations']);
    expect(v1.answered).toMatch(/^false when the passages do not contain the answer/);
    expect(v1.answer).toMatch(/only from the passages; empty when answered is false/);
    expect(v1.citations).toMatch(/ids of the passages .*exactly as given/);
  });

  it('tell the model that every v2 citation quotes its passage word for word', () => {
    const v2 = descriptions(ReplySchemaV2);
    expect(Object.keys(v2).sort()).toEqual([
      'answer',
      'answered',
      'citations',
      'citations[].id',
      'citations[].quote',
    ]);
    expect(v2['citations[].id']).toMatch(/the id of a passage, exactly as given/);
    expect(v2['citations[].quote']).toMatch(/copied word for word from that passage/);
    expect(v2.citations).toMatch(/each with its supporting quote/);
  });

  it('follow the prompt version', () => {
    expect(replySchemaFor(1)).toBe(ReplySchemaV1);
    expect(replySchemaFor(2)).toBe(ReplySchemaV2);
  });
});

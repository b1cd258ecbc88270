import { z } from 'zod';
import { describeIssues } from '../issues';
import type { Reply } from '../types';

/**
 * The reply every generator must give (prompt v1). Claude is held to it by structured outputs; a
 * replayed reply and anything else that claims to be a reply is parsed with the same schema.
 */
export const ReplySchema = z
  .object({
    answered: z.boolean().describe('false when the passages do not contain the answer'),
    answer: z.string().describe('the answer, written only from the passages; empty when answered is false'),
    citations: z
      .array(z.string())
      .describe('ids of the passages the answer comes from, exactly as given, e.g. 02-borrowing#holds'),
  })
  .strict();

type Parsed = { ok: true; reply: Reply } | { ok: false; detail: string };

/** Parses a model's raw text: JSON first, then the schema. Keeps the reason it failed, in words. */
export function parseReply(raw: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    // JSON.parse throws only SyntaxError on text input; anything else is ours to see.
    if (!(error instanceof SyntaxError)) throw error;
    return { ok: false, detail: `reply is not JSON: ${error.message}` };
  }
  const parsed = ReplySchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, detail: `reply does not match the schema: ${describeIssues(parsed.error)}` };
  }
  return { ok: true, reply: parsed.data };
}

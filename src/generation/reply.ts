import { z } from 'zod';
import { describeIssues } from '../issues';
import type { Reply } from '../types';
import type { ReplyVersion } from './reply-version';

export { type ReplyVersion, replyVersionOf, verificationRuleOf } from './reply-version';

// The reply a generator must give. Claude is held to it by structured outputs; a replayed reply and
// anything else that claims to be a reply is parsed with the same schema. The schema follows the
// prompt's version: the prompt says what to send, the schema checks that it was sent.

const answered = z.boolean().describe('false when the passages do not contain the answer');
const answer = z
  .string()
  .describe('the answer, written only from the passages; empty when answered is false');

/** Prompt v1: citations are passage ids. */
export const ReplySchemaV1 = z
  .object({
    answered,
    answer,
    citations: z
      .array(z.string())
      .describe('ids of the passages the answer comes from, exactly as given, e.g. 02-borrowing#holds'),
  })
  .strict();

/** Prompt v2: each citation carries a verbatim quote of the passage that supports the answer. */
export const ReplySchemaV2 = z
  .object({
    answered,
    answer,
    citations: z
      .array(
        z
          .object({
            id: z.string().describe('the id of a passage, exactly as given, e.g. 02-borrowing#holds'),
            quote: z
              .string()
              .describe('a span copied word for word from that passage that supports the answer'),
          })
          .strict(),
      )
      .describe('the passages the answer comes from, each with its supporting quote'),
  })
  .strict();

/** Prompt v3 asks for the same shape as v2; what changes is the verifier's rule for figures. */
export function replySchemaFor(version: ReplyVersion) {
  return version === 1 ? ReplySchemaV1 : ReplySchemaV2;
}

type Parsed = { ok: true; reply: Reply } | { ok: false; detail: string };

/** Parses a model's raw text: JSON first, then the schema of its prompt version. Keeps why it failed. */
export function parseReply(raw: string, version: ReplyVersion): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    // JSON.parse throws only SyntaxError on text input; anything else is ours to see.
    if (!(error instanceof SyntaxError)) throw error;
    return { ok: false, detail: `reply is not JSON: ${error.message}` };
  }
  if (version === 1) {
    const parsed = ReplySchemaV1.safeParse(json);
    if (!parsed.success)
      return { ok: false, detail: `reply does not match schema v1: ${describeIssues(parsed.error)}` };
    const { citations, ...rest } = parsed.data;
    return { ok: true, reply: { ...rest, citations: citations.map((id) => ({ id })) } };
  }
  const parsed = ReplySchemaV2.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      detail: `reply does not match schema v${version}: ${describeIssues(parsed.error)}`,
    };
  return { ok: true, reply: parsed.data };
}

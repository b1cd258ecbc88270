// Which reply shape a prompt asks for. Apart from reply.ts so that the page's engine knows the version
// without bundling the schemas (and zod's classic API) that only the Claude client needs.

export type ReplyVersion = 1 | 2 | 3;

const VERSION_SUFFIX = /\.v(\d+)$/u;

/** `answer.v2` → 2. A prompt that names no version, or v1, is read as v1; any later one as v3. */
export function replyVersionOf(promptVersion: string): ReplyVersion {
  const version = Number(VERSION_SUFFIX.exec(promptVersion)?.[1] ?? '1');
  return version >= 3 ? 3 : version === 2 ? 2 : 1;
}

/** What the verifier holds a reply to, by the version of the prompt it was asked with. */
export interface VerificationRule {
  /** v2 on: every citation carries a quote. */
  quotesRequired: boolean;
  /** v3 on: every figure of the answer stands inside one of its quotes, not merely in a cited passage. */
  figuresInQuotes: boolean;
}

/** A replay of an older version keeps the rule it was given under. */
export function verificationRuleOf(version: ReplyVersion): VerificationRule {
  return { quotesRequired: version >= 2, figuresInQuotes: version >= 3 };
}

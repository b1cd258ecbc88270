// Which reply shape a prompt asks for. Apart from reply.ts so that the page's engine knows the version
// without bundling the schemas (and zod's classic API) that only the Claude client needs.

export type ReplyVersion = 1 | 2;

const VERSION_SUFFIX = /\.v(\d+)$/u;

/** `answer.v2` → 2. A prompt that names no version, or v1, is read as v1; any later one as v2. */
export function replyVersionOf(promptVersion: string): ReplyVersion {
  const version = Number(VERSION_SUFFIX.exec(promptVersion)?.[1] ?? '1');
  return version >= 2 ? 2 : 1;
}

import type { GenerationClient, GenerationOutcome, GeneratorInfo } from '../types';
import { parseReply, replyVersionOf } from './reply';

/**
 * A client whose reply was written down beforehand: a recorded model reply, or one made up to audit
 * the verifier. The text goes through the same parser as a live model's, so it proves the same things.
 */
export function createReplayClient(options: { raw: string; info: GeneratorInfo }): GenerationClient {
  const { raw, info } = options;
  return {
    info,
    async generate(request): Promise<GenerationOutcome> {
      const parsed = parseReply(raw, replyVersionOf(request.prompt.version));
      if (parsed.ok) return { ok: true, reply: parsed.reply, raw };
      return { ok: false, reason: 'unparseable_response', code: 'schema', detail: parsed.detail, raw };
    },
  };
}

/** A client that reports an outcome recorded earlier (a failure a real client mapped, say) as it was. */
export function createOutcomeReplayClient(options: {
  outcome: GenerationOutcome;
  info: GeneratorInfo;
}): GenerationClient {
  const { outcome, info } = options;
  return { info, generate: async () => outcome };
}

import { GenerationUnavailableError } from '../../generation/errors';
import type { OnRetry } from '../../generation/waiting';
import type { GenerationClient } from '../../types';
import { loadChunk } from '../kit/chunk-load';

export interface ClaudeOptions {
  apiKey: string;
  model: string;
  /** Told each time the client waits to retry (a rate limit), so the page can say so. */
  onRetry?: OnRetry;
}

export type ClaudeLoader = (options: ClaudeOptions) => Promise<GenerationClient>;

/**
 * A Claude client that loads the SDK on its first question. Loading can fail (offline before the chunk
 * was ever cached): that is the model being unavailable, not a bug, so it becomes a refusal. Any other
 * error from loading is one of ours and is rethrown (chunks.ts).
 */
export function lazyClaude(load: ClaudeLoader, options: ClaudeOptions): GenerationClient {
  let loaded: Promise<GenerationClient> | undefined;
  return {
    info: { kind: 'claude', name: options.model },
    async generate(request) {
      loaded ??= load(options);
      const loading = loaded;
      // A load that failed, for whatever reason, is tried again on the next question.
      const chunk = await loadChunk(() => loading).catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
      if (!chunk.loaded) {
        loaded = undefined;
        throw new GenerationUnavailableError(
          'client_unavailable',
          'the Claude client could not be loaded; are you offline?',
        );
      }
      return chunk.module.generate(request);
    },
  };
}

import { GenerationUnavailableError } from '../../generation/errors';
import type { GenerationClient } from '../../types';

export interface ClaudeOptions {
  apiKey: string;
  model: string;
}

export type ClaudeLoader = (options: ClaudeOptions) => Promise<GenerationClient>;

/**
 * A Claude client that loads the SDK on its first question. Loading can fail (offline before the chunk
 * was ever cached): that is the model being unavailable, not a bug, so it becomes a refusal.
 */
export function lazyClaude(load: ClaudeLoader, options: ClaudeOptions): GenerationClient {
  let loaded: Promise<GenerationClient> | undefined;
  return {
    info: { kind: 'claude', name: options.model },
    async generate(request) {
      loaded ??= load(options);
      let client: GenerationClient;
      try {
        client = await loaded;
      } catch (error) {
        loaded = undefined;
        // A failed dynamic import is a TypeError in every browser; our own bugs cannot happen in `load`,
        // which is one import() call, so here it means the chunk could not be fetched.
        throw new GenerationUnavailableError(
          'client_unavailable',
          `the Claude client could not be loaded (${error instanceof Error ? error.name : 'error'}); are you offline?`,
        );
      }
      return client.generate(request);
    },
  };
}

import { createReplayClient } from '../../src/generation/replay';
import type {
  GenerationClient,
  GenerationOutcome,
  GenerationRequest,
  GeneratorInfo,
  Reply,
} from '../../src/types';

// Test doubles that misbehave on demand. Waiting for a real model to invent a citation is not a test
// strategy; a client that does it every time is.

const SCRIPTED: GeneratorInfo = { kind: 'scripted', name: 'scripted test double' };

export interface ScriptedClient extends GenerationClient {
  /** Every request it was given, in order. */
  readonly calls: GenerationRequest[];
}

export class NeverCalledError extends Error {
  override name = 'NeverCalledError';
}

/** A client that records each request, then does what `behaviour` says. */
function scripted(
  behaviour: (request: GenerationRequest) => Promise<GenerationOutcome>,
  info: GeneratorInfo = SCRIPTED,
): ScriptedClient {
  const calls: GenerationRequest[] = [];
  return {
    info,
    calls,
    generate(request) {
      calls.push(request);
      return behaviour(request);
    },
  };
}

/** For questions that must never reach a model: calling it throws, and the engine rethrows. */
export function neverCalled(): ScriptedClient {
  return scripted(async (request) => {
    throw new NeverCalledError(`the generator was called for ${JSON.stringify(request.question)}`);
  });
}

/** Replies with the given reply (any JSON-able value) or raw text, parsed with the real reply schema. */
export function replying(reply: Reply | unknown, info: GeneratorInfo = SCRIPTED): ScriptedClient {
  const raw = typeof reply === 'string' ? reply : JSON.stringify(reply);
  const replay = createReplayClient({ raw, info });
  return scripted((request) => replay.generate(request), info);
}

/** Returns the given outcome as it is: a failure mapped by a real client, say. */
export function outcome(result: GenerationOutcome): ScriptedClient {
  return scripted(async () => result);
}

/** Throws the given error, to show which errors the engine contains and which it rethrows. */
export function throwing(error: unknown): ScriptedClient {
  return scripted(async () => {
    throw error;
  });
}

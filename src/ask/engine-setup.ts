// The engine as loaded once per index: retrieval ready, gate and prompt read. Apart from engine.ts (ask)
// so that the page can prepare the engine while it loads and fetch the question-time code (the verifier,
// the stand-in) only when the first question is asked.
import type { CompiledIndex } from '../compiled-index/types';
import { createRetriever, type Retriever } from '../retrieval/retrieve';
import type { GateSettings } from '../types';

/** Everything `ask()` needs that does not change between questions. */
export interface Engine {
  retriever: Retriever;
  gate: GateSettings;
  /** The shipped prompt's version; its text is looked up when a question is asked. */
  promptVersion: string;
  contextSize: number;
  /** Whether an id names a passage of the corpus, for the verifier's message about a citation outside the context. */
  corpusIds: Pick<ReadonlySet<string>, 'has'>;
}

export function createEngine(index: CompiledIndex): Engine {
  return {
    retriever: createRetriever({
      model: index.model,
      terms: index.terms,
      postings: index.postings,
      passages: index.passages,
    }),
    gate: index.gate,
    promptVersion: index.promptVersion,
    contextSize: index.contextSize,
    corpusIds: lazySet(() => index.passages.map((passage) => passage.id)),
  };
}

/**
 * A set built the first time it is asked: only a fabricated citation asks, and at 100,000 passages the
 * set cost 40 ms of every load.
 */
function lazySet(values: () => string[]): Pick<ReadonlySet<string>, 'has'> {
  let set: Set<string> | undefined;
  return {
    has(value) {
      set ??= new Set(values());
      return set.has(value);
    },
  };
}

// The engine as loaded once per index: retrieval ready, gate and prompt read. Apart from engine.ts (ask)
// so that the page can prepare the engine while it loads and fetch the question-time code (the verifier,
// the stand-in) only when the first question is asked.
import type { CompiledIndex } from './index-file';
import { embedderFor } from './retrieval/model';
import { createRetriever, type Retriever } from './retrieval/retrieve';
import type { GateSettings, Prompt } from './types';

/** Everything `ask()` needs that does not change between questions. */
export interface Engine {
  retriever: Retriever;
  gate: GateSettings;
  prompt: Prompt;
  contextSize: number;
  corpusIds: ReadonlySet<string>;
}

export function createEngine(index: CompiledIndex): Engine {
  return {
    retriever: createRetriever({
      embedder: embedderFor(index.model),
      passages: index.passages,
      vectors: index.vectors,
    }),
    gate: index.gate,
    prompt: index.prompt,
    contextSize: index.contextSize,
    corpusIds: new Set(index.passages.map((passage) => passage.id)),
  };
}

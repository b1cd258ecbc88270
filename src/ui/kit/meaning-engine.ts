// The semantic channel joined to an engine on the page: in the question-time chunk, loaded when the word
// vectors arrive after the manual, so the first download does not carry the fitted model.
import type { Engine } from '../../ask/engine-setup';
import { withSemantic } from '../../ask/semantic-setup';
import { type SemanticChannel, semanticChannel, type WordVectors } from '../../retrieval/semantic';
import { SEMANTIC_MODEL } from '../../retrieval/semantic-model';

// One channel per index and table: building one scans the corpus's vocabulary. And one joined engine per
// engine and table: the page derives its engine on every render, and a new engine object each time would
// read to the page as a new corpus (a result in progress is dropped when the engine changes).
const channels = new WeakMap<Engine['invertedIndex'], { table: WordVectors; channel: SemanticChannel }>();
const joined = new WeakMap<Engine, { table: WordVectors; engine: Engine }>();

/** `engine` reading questions with the word vectors of `table` too, and the gate fitted for it. */
export function withMeaning(engine: Engine, table: WordVectors): Engine {
  const known = joined.get(engine);
  if (known?.table === table) return known.engine;
  let channel = channels.get(engine.invertedIndex);
  if (channel?.table !== table) {
    channel = { table, channel: semanticChannel(table, engine.invertedIndex.vocabulary) };
    channels.set(engine.invertedIndex, channel);
  }
  const result = withSemantic(engine, { channel: channel.channel, model: SEMANTIC_MODEL });
  joined.set(engine, { table, engine: result });
  return result;
}

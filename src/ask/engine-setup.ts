// The engine as loaded once per index: the inverted index built, gate and prompt read. Apart from
// engine.ts (ask) so that the page can prepare the engine while it loads and fetch the question-time code
// only when the first question is asked. That code includes reading the question (retrieve.ts, the text
// model in src/text): nothing before a question reads words, and the first download has a size budget.
import { type CompiledIndex, isHead, type PostingSource, type TextSource } from '../compiled-index/types';
import { InvertedIndex } from '../retrieval/inverted-index';
import type { PostingLists, Postings } from '../retrieval/postings';
import type { SemanticChannel, SemanticModel } from '../retrieval/semantic';
import type { GateSettings, Passage, Thesaurus } from '../types';
import type { EncoderUse } from './encoder-evidence';

/** Everything `ask()` needs that does not change between questions. */
export interface Engine {
  /** The corpus's postings with idf and norms derived: the load's heavy work, done once per index. */
  invertedIndex: InvertedIndex;
  /** The passages in the index's order. */
  passages: readonly Passage[];
  /** Question words the corpus lacks → corpus terms that stand for them, when the index has one. */
  thesaurus?: Thesaurus;
  /**
   * What a term reached through the thesaurus weighs against a written word; unset, the shipped
   * THESAURUS_WEIGHT. Set by `npm run fit:gate`, which asks the same questions at several weights.
   */
  expansionWeight?: number;
  gate: GateSettings;
  /** The shipped prompt's version; its text is looked up when a question is asked. */
  promptVersion: string;
  contextSize: number;
  /** Whether an id names a passage of the corpus, for the verifier's message about a citation outside the context. */
  corpusIds: Pick<ReadonlySet<string>, 'has'>;
  /**
   * The semantic channel, once its word vectors are loaded (`withSemantic`): questions are read with it,
   * and `gate` is then its fitted gate. Absent, the engine reads words alone. With `encoder`, a sentence
   * encoder reads each question and its retrieved passages too, and the gate is the model's `encoder` gate.
   */
  semantic?: { channel: SemanticChannel; model: SemanticModel; encoder?: EncoderUse };
  /**
   * Where the passages' text comes from when the index was read without it (a large index in the page:
   * src/compiled-index/text-blocks.ts): a passage whose block has not arrived throws TextNotLoaded when
   * its text is read, and ask() fetches the blocks a question reads. Absent, every passage holds its text.
   */
  texts?: TextSource | undefined;
  /**
   * Where the postings come from when the index keeps them in shards beside it (the page at a large
   * corpus: src/compiled-index/posting-shards.ts): a term whose shard has not arrived throws
   * PostingsNotLoaded when its list is read, and ask() fetches the shards a question reads.
   */
  shards?: PostingSource | undefined;
}

export function createEngine(index: CompiledIndex, options: { expansionWeight?: number } = {}): Engine {
  return {
    ...(options.expansionWeight === undefined ? {} : { expansionWeight: options.expansionWeight }),
    invertedIndex: new InvertedIndex({
      model: index.model,
      terms: index.terms,
      passageCount: index.passages.length,
      ...postingsOf(index),
    }),
    passages: index.passages,
    ...(index.thesaurus === undefined ? {} : { thesaurus: index.thesaurus }),
    gate: index.gate,
    promptVersion: index.promptVersion,
    contextSize: index.contextSize,
    corpusIds: lazySet(() => index.passages.map((passage) => passage.id)),
    texts: index.textSource,
    shards: index.postingSource,
  };
}

/**
 * Every posting in memory, or the lists an index kept in shards reads as questions need them: the page and
 * the benchmark give such an index its source (posting-shards.ts); the command line reads it whole.
 */
function postingsOf(
  index: CompiledIndex,
): { postings: Postings } | { lists: PostingLists; factors: Float64Array } {
  const { postings } = index;
  return isHead(postings)
    ? { lists: index.postingSource as PostingSource, factors: postings.factors }
    : { postings };
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

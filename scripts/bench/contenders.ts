// The engines the benchmark compares, each behind the same steps so that the runner times them alike:
// sourcebound as shipped (compileIndex → JSON → parseIndex → createEngine → retrieve + gate), and the
// libraries a site would pick instead, with their default tokenisation and scoring.
import { readFileSync } from 'node:fs';
import { Index as FlexIndex } from 'flexsearch';
import MiniSearch from 'minisearch';
import { z } from 'zod';
import { createEngine, type Engine, retrieverOf } from '../../src/ask/engine';
import { gate } from '../../src/ask/gate';
import { parseIndex, serializeIndex } from '../../src/compiled-index/parse';
import { type PostingShardTable, ShardedPostings, shardPath } from '../../src/compiled-index/posting-shards';
import type { PostingsHead } from '../../src/compiled-index/postings-codec';
import { splitPostings, splitText } from '../../src/compiled-index/split';
import { BlockPassage } from '../../src/compiled-index/text-blocks';
import type { BlockText, CompiledIndex, InMemoryIndex } from '../../src/compiled-index/types';
import { compileIndex } from '../../src/ingest/compile';
import { DEFAULT_RETRIEVAL_MODEL, type RetrievalModel } from '../../src/retrieval/model';
import { passageText } from '../../src/retrieval/retrieve';
import { nativeSha256 } from '../lib/native-sha256';
import type { SyntheticCorpus } from './corpus';

/** How many passages a question retrieves in `ask()` (src/engine.ts): what a timed query asks for. */
export const RETRIEVED = 5;

/** One file of a saved index, as a site would ship it. */
export interface SavedPart {
  name: string;
  data: string | Uint8Array;
}

export interface SavedIndex {
  parts: SavedPart[];
  /** The same index with the passage text in it, where the engine ships the text in its index. */
  partsWithText?: SavedPart[];
  /**
   * Parts kept beside the index and read as questions need them, not at load (sourcebound's shards of
   * postings): counted in the index's size, not loaded with it.
   */
  partsAside?: SavedPart[];
}

/** One engine on one corpus. The runner times each step; a step holds on to what it made. */
export interface Trial {
  /** Builds the index in memory from the corpus. */
  build(): void;
  /** The built index as strings, ready to be written; the built index is let go. */
  save(): Promise<SavedIndex>;
  /**
   * Restores a searchable index from saved parts: parse plus restore, as a page would on load. An engine
   * that can say where the time goes calls `endStep` as each step of its load ends.
   */
  load(parts: readonly SavedPart[], endStep: (step: string) => void): void;
  /** Positions of the best passages in the corpus, best first, at most `limit`. */
  rank(query: string, limit: number): number[];
  /** The call a question costs, and nothing else: this is what the latency figures time. */
  query(query: string): void;
  /** Lets go of the loaded index. */
  release(): void;
}

export interface Contender {
  name: string;
  version: string;
  trial(corpus: SyntheticCorpus): Trial;
}

const PackageSchema = z.object({ version: z.string() });

function versionOf(packageJson: URL): string {
  return PackageSchema.parse(JSON.parse(readFileSync(packageJson, 'utf8'))).version;
}

function required<T>(value: T | undefined, engine: string, step: string): T {
  if (value === undefined) throw new Error(`bench: ${engine}: ${step} before the index exists`);
  return value;
}

/** Text of each passage as sourcebound indexes it (heading trail, then the text), for the libraries. */
function libraryDocuments(corpus: SyntheticCorpus): string[] {
  return corpus.passages.map(passageText);
}

// The prompt is stored in the index but never used by retrieval; the gate is the shipped default.

/** sourcebound with the scorer `model`; its version names the scorer, so the table says which ran. */
export function sourceboundWith(model: RetrievalModel): Contender {
  return {
    name: 'sourcebound',
    version: `${versionOf(new URL('../../package.json', import.meta.url))} (${model.kind})`,
    trial(corpus) {
      const name = 'sourcebound';
      const positions = new Map(corpus.passages.map((passage, position) => [passage.id, position]));
      let built: InMemoryIndex | undefined;
      let engine: Engine | undefined;
      let texts: string[] | undefined;
      let shards: Map<string, Uint8Array> | undefined;
      const loaded = (step: string) => required(engine, name, step);
      return {
        build() {
          built = compileIndex({ files: corpus.files, model });
        },
        async save() {
          const index = required(built, name, 'save');
          built = undefined;
          checkPassages(index, corpus);
          // The index file as `npm run ingest` writes a large corpus's: the passage text in blocks beside
          // it (text-blocks.ts), fetched as questions read it, so not part of the load; and the single
          // file holding the text, the other layout.
          texts = index.passages.map((passage) => passage.text);
          const { textBlocks } = splitText(texts);
          // The postings in shards beside the file, as the page reads them: a question reads its terms' only.
          const { shards: shardBytes, table } = splitPostings(index.postings, index.passages.length);
          shards = new Map(
            table.digests.map((digest, at) => [shardPath(digest), shardBytes[at] as Uint8Array]),
          );
          return {
            parts: [
              { name: 'index.bin', data: serializeIndex({ ...index, textBlocks, postingShards: table }) },
            ],
            partsWithText: [{ name: 'index.bin', data: serializeIndex(index) }],
            partsAside: [...shards].map(([path, data]) => ({ name: path, data })),
          };
        },
        load(parts, endStep) {
          const bytes = onlyPart(parts, name);
          if (typeof bytes === 'string') throw new Error(`bench: ${name}: the index is binary, got text`);
          // The text stays where it is, read as the page reads blocks it has fetched: as a question needs it.
          const text = required(texts, name, 'load');
          const blockText = () => textInMemory(text);
          // Each shard read and checked the first time a question reads one of its terms.
          const files = required(shards, name, 'load');
          const shardSource = (table: PostingShardTable, head: PostingsHead, passageCount: number) =>
            new ShardedPostings({
              table,
              head,
              passageCount,
              readShard: (path) => files.get(path) as Uint8Array,
              sha256Now: nativeSha256,
            });
          engine = createEngine(
            parseIndex(bytes, { onStep: endStep, sha256: nativeSha256, blockText, shardSource }),
          );
          endStep('engine');
        },
        rank(query, limit) {
          return retrieverOf(loaded('rank'))
            .retrieve(query, limit)
            .map((scored) => positions.get(scored.passage.id) ?? -1);
        },
        query(query) {
          const current = loaded('query');
          // As ask() does: the retriever is made per question from the index built at load.
          gate(retrieverOf(current).retrieve(query, RETRIEVED), current.gate);
        },
        release() {
          engine = undefined;
        },
      };
    },
  };
}

export const sourcebound = sourceboundWith(DEFAULT_RETRIEVAL_MODEL);

/** Passage text already here, as the page holds the blocks it has fetched. */
function textInMemory(texts: readonly string[]): BlockText {
  return {
    attach: (places) => {
      const source = { textOf: (at: number) => texts[at] as string };
      return places.map((place, at) => new BlockPassage(place, at, source));
    },
    load: async () => {},
    loadFor: async () => {},
    missing: () => [],
  };
}

function onlyPart(parts: readonly SavedPart[], engine: string): string | Uint8Array {
  const [part, ...rest] = parts;
  if (part === undefined || rest.length > 0) {
    throw new Error(`bench: ${engine}: expected one saved part, got ${parts.length}`);
  }
  return part.data;
}

/** The quality figures compare positions, so the ingest must find the passages the generator wrote. */
function checkPassages(index: CompiledIndex, corpus: SyntheticCorpus): void {
  if (index.passages.length !== corpus.passages.length) {
    throw new Error(
      `bench: sourcebound made ${index.passages.length} passages of a corpus of ${corpus.passages.length}`,
    );
  }
  index.passages.forEach((passage, position) => {
    const expected = corpus.passages[position]?.id;
    if (passage.id !== expected) {
      throw new Error(`bench: sourcebound passage ${position} is ${passage.id}, the corpus has ${expected}`);
    }
  });
}

// `storeFields: []`: like sourcebound's figure, the saved index holds no passage text.
const MINISEARCH_OPTIONS = { fields: ['text'], storeFields: [] };

interface MiniSearchDocument {
  id: number;
  text: string;
}

export const minisearch: Contender = {
  name: 'minisearch',
  version: versionOf(new URL('../../node_modules/minisearch/package.json', import.meta.url)),
  trial(corpus) {
    const name = 'minisearch';
    const documents = libraryDocuments(corpus).map((text, id): MiniSearchDocument => ({ id, text }));
    let index: MiniSearch<MiniSearchDocument> | undefined;
    const loaded = (step: string) => required(index, name, step);
    return {
      build() {
        index = new MiniSearch<MiniSearchDocument>(MINISEARCH_OPTIONS);
        index.addAll(documents);
      },
      async save() {
        const data = JSON.stringify(loaded('save'));
        index = undefined;
        return { parts: [{ name: 'minisearch.json', data }] };
      },
      load(parts) {
        const json = onlyPart(parts, name);
        if (typeof json !== 'string') throw new Error(`bench: ${name}: expected JSON text`);
        index = MiniSearch.loadJSON<MiniSearchDocument>(json, MINISEARCH_OPTIONS);
      },
      rank(query, limit) {
        return loaded('rank')
          .search(query)
          .slice(0, limit)
          .map((result) => Number(result.id));
      },
      query(query) {
        // MiniSearch has no limit: a search scores and sorts every passage that matches a word.
        loaded('query').search(query);
      },
      release() {
        index = undefined;
      },
    };
  },
};

export const flexsearch: Contender = {
  name: 'flexsearch',
  version: versionOf(new URL('../../node_modules/flexsearch/package.json', import.meta.url)),
  trial(corpus) {
    const name = 'flexsearch';
    const documents = libraryDocuments(corpus);
    let index: FlexIndex | undefined;
    const loaded = (step: string) => required(index, name, step);
    return {
      build() {
        index = new FlexIndex();
        documents.forEach((text, id) => {
          index?.add(id, text);
        });
      },
      async save() {
        const parts: SavedPart[] = [];
        // export() calls back once per part ("1.reg", "1.map", …); this version does so synchronously,
        // others return a promise, which is awaited either way.
        await loaded('save').export((key, data) => {
          parts.push({ name: key, data });
        });
        index = undefined;
        return { parts };
      },
      load(parts) {
        // The configuration is not in the export: the restored index is made with the same (default) one.
        const restored = new FlexIndex();
        for (const part of parts) {
          if (typeof part.data !== 'string') throw new Error(`bench: ${name}: expected text parts`);
          restored.import(part.name, part.data);
        }
        index = restored;
      },
      rank(query, limit) {
        return loaded('rank')
          .search(query, { limit })
          .map((id) => Number(id));
      },
      query(query) {
        loaded('query').search(query, { limit: RETRIEVED });
      },
      release() {
        index = undefined;
      },
    };
  },
};

export const CONTENDERS: readonly Contender[] = [sourcebound, minisearch, flexsearch];

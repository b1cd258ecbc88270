import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadIndexFile } from '../../scripts/lib/cli';
import { writeIndexFiles } from '../../scripts/lib/index-files';
import { ask, createEngine, type Engine } from '../../src/ask/engine';
import { readIndexFile } from '../../src/compiled-index/container';
import { parseIndex, serializeIndex } from '../../src/compiled-index/parse';
import { decodedHead, ShardedPostings, shardPath } from '../../src/compiled-index/posting-shards';
import {
  decodePostingsHead,
  encodePostingsHead,
  PostingsFormatError,
} from '../../src/compiled-index/postings-codec';
import { sha256Bytes } from '../../src/compiled-index/sha256';
import { splitPostings } from '../../src/compiled-index/split';
import { isHead } from '../../src/compiled-index/types';
import { IndexLoadError } from '../../src/compiled-index/version';
import { compileCorpus } from '../../src/ingest/compile';
import { createExtractiveClient } from '../../src/reader/extractive';
import { passageFactors } from '../../src/retrieval/inverted-index';
import type { WordVectors } from '../../src/retrieval/semantic';
import type { AskResult } from '../../src/types';
import { withMeaning } from '../../src/ui/kit/meaning-engine';
import { scratchForTest } from '../helpers/scratch';
import { asThePageReadsIt, splitLibrary } from '../helpers/text-blocks';

// Small shards, so that the manual's postings make many and a question reads only some of them.
const SHARD_BYTES = 200;

const questions = (
  JSON.parse(readFileSync('eval/questions.json', 'utf8')) as Array<{ question: string }>
).map(({ question }) => question);

/** What a visitor sees of a result: the same whether the index was read whole or shard by shard. */
const seen = (result: AskResult) => ({
  status: result.status,
  ...(result.status === 'answered'
    ? { answer: result.answer, citations: result.citations }
    : { reason: result.reason, detail: result.detail }),
  passages: result.passages.map(({ passage, score }) => [passage.id, score]),
});

const askOn = (engine: Engine, question: string) =>
  ask({ engine, client: createExtractiveClient(), question });

describe('postings in shards beside the index', () => {
  it('answers every shipped question as the whole index does, fetching only the shards its words need', async () => {
    const { core, files, whole } = splitLibrary(undefined, SHARD_BYTES);
    const shardFiles = [...files.keys()].filter((path) => path.startsWith('postings/'));
    expect(shardFiles.length).toBeGreaterThan(4);
    const wholeEngine = createEngine(whole);
    for (const question of questions) {
      // A fresh page for each question: what it fetched is what this question needed.
      const { index, fetched } = asThePageReadsIt({ core, files });
      const result = await askOn(createEngine(index), question);
      expect(seen(result), question).toEqual(seen(await askOn(wholeEngine, question)));
      const shardsFetched = fetched.filter((path) => path.startsWith('postings/'));
      expect(shardsFetched.length, question).toBeLessThan(shardFiles.length);
      expect(new Set(shardsFetched).size, `${question}: each shard once`).toBe(shardsFetched.length);
    }
  });

  it('answers as the whole index does with the word vectors joined, text alone apart or text and postings', async () => {
    // Random unit vectors for every term of the manual: what matters is that both sides read the same.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return seed / 0x7fffffff - 0.5;
    };
    const { whole } = splitLibrary();
    const terms = [...whole.terms].sort();
    const dimensions = 8;
    const vectors = new Float32Array(terms.length * dimensions);
    for (let at = 0; at < terms.length; at++) {
      const vector = Array.from({ length: dimensions }, random);
      const norm = Math.hypot(...vector);
      vector.forEach((value, k) => {
        vectors[at * dimensions + k] = value / norm;
      });
    }
    const table: WordVectors = { terms, dimensions, vectors, digest: 'b'.repeat(64) };
    const wholeEngine = withMeaning(createEngine(whole), table);
    for (const shardBytes of [undefined, SHARD_BYTES]) {
      const { core, files } = splitLibrary(undefined, shardBytes);
      for (const question of questions) {
        // A fresh page for each question: its first reading meets parts not fetched yet.
        const { index } = asThePageReadsIt({ core, files });
        const page = withMeaning(createEngine(index), table);
        expect(seen(await askOn(page, question)), question).toEqual(seen(await askOn(wholeEngine, question)));
      }
    }
  });

  it('keeps in its own file each passage factor the scorer needs, equal to those the postings give', () => {
    const { core, whole } = splitLibrary(undefined, SHARD_BYTES);
    const { postings } = decodedHead(readIndexFile(core));
    expect(isHead(postings)).toBe(true);
    if (!isHead(postings)) return;
    expect([...postings.factors]).toEqual([
      ...passageFactors(whole.model, whole.postings, whole.passages.length),
    ]);
  });

  it('is read whole by the command line, every shard checked, and written back as the same bytes', () => {
    const { core, files, whole } = splitLibrary(undefined, SHARD_BYTES);
    const readBlock = (path: string) => {
      const bytes = files.get(path);
      if (bytes === undefined) throw new Error(`no ${path}`);
      return bytes;
    };
    const read = parseIndex(core, { readBlock });
    expect(read.postings).toEqual(whole.postings);
    expect(serializeIndex(read)).toEqual(core);
  });

  it('refuses to load on the command line when a shard is missing or damaged, naming it', () => {
    const { core, files } = splitLibrary(undefined, SHARD_BYTES);
    const [first] = [...files.keys()].filter((path) => path.startsWith('postings/'));
    const damaged = new Map(files);
    const bytes = new Uint8Array(files.get(first as string) as Uint8Array);
    bytes[0] = (bytes[0] as number) ^ 1;
    damaged.set(first as string, bytes as Uint8Array<ArrayBuffer>);
    expect(() => parseIndex(core, { readBlock: (path) => damaged.get(path) as Uint8Array })).toThrow(
      /postings shard \d+ of \d+ is damaged: it does not match the SHA-256/,
    );
    expect(() => parseIndex(core)).toThrow(IndexLoadError);
  });

  it('refuses, naming the shard, only the questions whose words are in a shard that arrives damaged', async () => {
    const { core, files } = splitLibrary(undefined, SHARD_BYTES);
    const { index } = asThePageReadsIt({ core, files });
    const engine = createEngine(index);
    const shards = engine.shards as ShardedPostings;
    // The shard holding "dvd", damaged on the site: the question that reads it is refused, named.
    const dvd = engine.invertedIndex.termId('dvd') as number;
    const holding = shards.missing(() => shards.list(dvd));
    expect(holding).toHaveLength(1);
    const [shard] = holding as [number];
    const table = (index.postingShards as { digests: string[] }).digests;
    const path = shardPath(table[shard] as string);
    const broken = asThePageReadsIt({ core, files, broken: path });
    const result = await askOn(createEngine(broken.index), 'How long can I borrow a DVD for?');
    expect(result.status === 'refused' ? [result.reason, result.code] : result.status).toEqual([
      'postings_unavailable',
      'unavailable',
    ]);
    expect(result.status === 'refused' && result.detail).toContain(path);
    // Questions whose words are all in other shards are answered.
    const answered: string[] = [];
    for (const question of questions) {
      const page = asThePageReadsIt({ core, files, broken: path });
      if ((await askOn(createEngine(page.index), question)).status === 'answered') answered.push(question);
    }
    expect(answered.length).toBeGreaterThan(0);
  });

  it('reads a shard that the site sends with a flipped bit as damaged, fetches it once more, then says so', async () => {
    const { core, files } = splitLibrary(undefined, SHARD_BYTES);
    const tampered = new Map(
      [...files].map(([path, bytes]) => {
        if (!path.startsWith('postings/')) return [path, bytes];
        const copy = new Uint8Array(bytes);
        copy[copy.length - 1] = (copy[copy.length - 1] as number) ^ 0x80;
        return [path, copy as Uint8Array<ArrayBuffer>];
      }),
    );
    const { index, fetched } = asThePageReadsIt({ core, files: tampered });
    const result = await askOn(createEngine(index), 'How long can I borrow a DVD for?');
    expect(result.status === 'refused' ? [result.reason, result.code] : result.status).toEqual([
      'postings_unavailable',
      'damaged',
    ]);
    const shardFetches = fetched.filter((path) => path.startsWith('postings/'));
    expect(new Set(shardFetches).size * 2).toBe(shardFetches.length);
  });
});

describe('writing an index with its parts apart', () => {
  it('keeps the postings of a corpus without a term in the index file, and reads it back', () => {
    const { index } = compileCorpus({
      files: [{ path: 'a.md', text: 'the the the\n' }],
      promptVersion: 'answer.v2',
    });
    expect(index.terms).toEqual([]);
    const path = join(scratchForTest('no-terms'), 'index.bin');
    expect(writeIndexFiles({ path, index, layout: 'blocks' })).toEqual({ blocks: 1, shards: 0 });
    const back = loadIndexFile(path);
    expect(back.passages).toHaveLength(1);
    expect(back.postingShards).toBeUndefined();
  });
});

describe('the head of a sharded index', () => {
  const head = { counts: Uint32Array.of(2, 1, 3), factors: Float64Array.of(0.5, 0.25, 1 / 3) };
  const shape = { termCount: 3, postingCount: 6, passageCount: 3 };

  it('reads back what it wrote, factors in float32', () => {
    const read = decodePostingsHead(encodePostingsHead(head), shape);
    expect([...read.counts]).toEqual([2, 1, 3]);
    expect([...read.factors]).toEqual([0.5, 0.25, Math.fround(1 / 3)]);
  });

  it('refuses counts that do not add up, a term in no passage, and factors cut short or not finite', () => {
    const bytes = encodePostingsHead(head);
    expect(() => decodePostingsHead(bytes, { ...shape, postingCount: 7 })).toThrow(PostingsFormatError);
    expect(() => decodePostingsHead(bytes.subarray(0, bytes.length - 1), shape)).toThrow(PostingsFormatError);
    expect(() =>
      decodePostingsHead(encodePostingsHead({ ...head, counts: Uint32Array.of(0, 3, 3) }), shape),
    ).toThrow(/term 0 occurs in 0 of 3 passages/);
    expect(() =>
      decodePostingsHead(
        encodePostingsHead({ ...head, factors: Float64Array.of(0.5, Number.NaN, 1) }),
        shape,
      ),
    ).toThrow(/passage 1 has factor NaN/);
  });

  it('is checked against the postings when the command line reads every shard', () => {
    const { whole } = splitLibrary(undefined, SHARD_BYTES);
    const { shards, table } = splitPostings(whole.postings, whole.passages.length, SHARD_BYTES);
    const counts = whole.postings.starts.slice(1).map((end, t) => end - (whole.postings.starts[t] as number));
    const factors = passageFactors(whole.model, whole.postings, whole.passages.length).map((factor) =>
      Math.fround(factor * 1.5),
    );
    const core = serializeIndex({ ...whole, postings: { counts, factors }, postingShards: table });
    const files = new Map(table.digests.map((digest, at) => [shardPath(digest), shards[at] as Uint8Array]));
    expect(() => parseIndex(core, { readBlock: (path) => files.get(path) as Uint8Array })).toThrow(
      /its passage factors do not match its postings/,
    );
  });
});

describe('ShardedPostings', () => {
  it('reads a shard the first time one of its terms is read, when it has the files at hand', () => {
    const { whole } = splitLibrary(undefined, SHARD_BYTES);
    const { shards, table } = splitPostings(whole.postings, whole.passages.length, SHARD_BYTES);
    const counts = whole.postings.starts.slice(1).map((end, t) => end - (whole.postings.starts[t] as number));
    const reads: string[] = [];
    const files = new Map(table.digests.map((digest, at) => [shardPath(digest), shards[at] as Uint8Array]));
    const lists = new ShardedPostings({
      table,
      head: { counts, factors: new Float64Array(whole.passages.length) },
      passageCount: whole.passages.length,
      readShard: (path) => {
        reads.push(path);
        return files.get(path) as Uint8Array;
      },
      sha256Now: sha256Bytes,
    });
    const last = counts.length - 1;
    const { docs, tfs, start, end } = lists.list(last);
    const { starts } = whole.postings;
    expect([...docs.subarray(start, end)]).toEqual([
      ...whole.postings.docs.subarray(starts[last] as number, starts[last + 1] as number),
    ]);
    expect([...tfs.subarray(start, end)]).toEqual([
      ...whole.postings.tfs.subarray(starts[last] as number, starts[last + 1] as number),
    ]);
    lists.list(last);
    expect(reads).toEqual([shardPath(table.digests[table.digests.length - 1] as string)]);
  });
});

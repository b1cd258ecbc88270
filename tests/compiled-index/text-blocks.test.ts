import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ask, createEngine } from '../../src/ask/engine';
import { hex } from '../../src/compiled-index/hex';
import { parseIndex, serializeIndex } from '../../src/compiled-index/parse';
import { sha256Bytes } from '../../src/compiled-index/sha256';
import { splitText } from '../../src/compiled-index/split';
import { blockOf, TextNotLoaded } from '../../src/compiled-index/text-blocks';
import { IndexLoadError } from '../../src/compiled-index/version';
import { createExtractiveClient } from '../../src/reader/extractive';
import type { AskResult } from '../../src/types';
import { libraryIndex } from '../helpers/engine';
import { asThePageReadsIt, splitLibrary, TARGET } from '../helpers/text-blocks';

/** What a visitor sees of a result: the same for the two layouts. */
const seen = (result: AskResult) => ({
  status: result.status,
  reason: result.status === 'refused' ? result.reason : undefined,
  answer: result.status === 'answered' ? result.answer : undefined,
  passages: result.passages.map((scored) => [scored.passage.id, scored.score, scored.passage.text]),
  context: result.context.map((scored) => scored.passage.id),
});

const questions = (JSON.parse(readFileSync('eval/paraphrases.json', 'utf8')) as Array<{ question: string }>)
  .map((item) => item.question)
  .slice(0, 40);

describe('passage text in blocks', () => {
  it('cuts the text into consecutive blocks near the target, each named by its SHA-256', () => {
    const texts = libraryIndex().passages.map((passage) => passage.text);
    const { blocks, textBlocks } = splitText(texts, TARGET);
    expect(blocks.length).toBeGreaterThan(2);
    const decoded = blocks.flatMap((block) => JSON.parse(new TextDecoder().decode(block)) as string[]);
    expect(decoded).toEqual(texts);
    blocks.forEach((block, at) => {
      expect(textBlocks.digests[at]).toBe(hex(sha256Bytes(block)));
      const held = JSON.parse(new TextDecoder().decode(block)) as string[];
      // Over the target only when one passage alone is.
      if (held.length > 1) expect(held.join('').length).toBeLessThanOrEqual(TARGET);
    });
    texts.forEach((_, at) => {
      const block = blockOf(textBlocks, at);
      expect(textBlocks.starts[block]).toBeLessThanOrEqual(at);
      expect(textBlocks.starts[block + 1] ?? texts.length).toBeGreaterThan(at);
    });
  });

  it('is read whole from beside the index, and the index written again is the same bytes', () => {
    const { core, files, whole } = splitLibrary();
    const read = parseIndex(core, { readBlock: (path) => files.get(path) as Uint8Array });
    expect(read.passages).toEqual(whole.passages);
    expect(serializeIndex(read)).toEqual(core);
    // The file without its text is much smaller than the index that holds it.
    expect(core.length).toBeLessThan(serializeIndex(whole).length);
  });

  it('refuses to load without its blocks, or with one damaged, naming the block', () => {
    const { core, files } = splitLibrary();
    expect(() => parseIndex(core)).toThrow(IndexLoadError);
    const [first] = [...files.keys()];
    const damaged = new Map(files);
    const bytes = Uint8Array.from(files.get(first as string) as Uint8Array);
    bytes[5] = (bytes[5] as number) ^ 1;
    damaged.set(first as string, bytes);
    expect(() => parseIndex(core, { readBlock: (path) => damaged.get(path) as Uint8Array })).toThrow(
      /passage text block 1 of \d+ is damaged/,
    );
  });

  it('in the page, reads a passage only once its block has arrived', async () => {
    const { core, files } = splitLibrary();
    const { index, fetched } = asThePageReadsIt({ core, files });
    const passage = index.passages[0];
    expect(() => passage?.text).toThrow(TextNotLoaded);
    await index.textSource?.loadFor([passage as (typeof index.passages)[number]], AbortSignal.timeout(1000));
    expect(passage?.text).toBe(libraryIndex().passages[0]?.text);
    expect(fetched).toHaveLength(1);
    // The page hashes the index it holds for a trace: the same bytes as the file, text unread.
    expect(serializeIndex(index)).toEqual(core);
  });

  // Here, not in tests/ask: mutation testing leaves these files out, and these questions are many.
  it.each([
    ['blocks of several passages', TARGET],
    ['a block for each passage', 1],
  ])(
    'answers in the page as the index with its text does (%s), fetching each block once',
    async (_, target) => {
      const { core, files, whole } = splitLibrary(target);
      const { index, fetched } = asThePageReadsIt({ core, files });
      const inBlocks = createEngine(index);
      const inline = createEngine(whole);
      const client = createExtractiveClient();
      // And questions whose reading reads many passages' text: words read as two, slips.
      const reading = ['where is the bookdrop and the coinslot?', 'can i renew an audiobook onlin?'];
      for (const question of [...questions, ...reading]) {
        const first = await ask({ engine: inBlocks, client, question });
        const second = await ask({ engine: inline, client, question });
        expect(seen(first), question).toEqual(seen(second));
      }
      // Each block is fetched once, however many questions read it.
      expect(fetched.length).toBe(new Set(fetched).size);
    },
  );
});

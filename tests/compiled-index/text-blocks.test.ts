import { describe, expect, it } from 'vitest';
import { splitText } from '../../scripts/lib/index-files';
import { parseIndex, serializeIndex } from '../../src/compiled-index/parse';
import { sha256Bytes } from '../../src/compiled-index/sha256';
import { blockOf, hex, TextNotLoaded } from '../../src/compiled-index/text-blocks';
import { IndexLoadError } from '../../src/compiled-index/version';
import { libraryIndex } from '../helpers/engine';
import { asThePageReadsIt, splitLibrary, TARGET } from '../helpers/text-blocks';

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
});

// Writing a compiled index: one file, or, when its passage text is large, the file and its text in blocks
// beside it (`text/<digest>.bin`, src/compiled-index/text-blocks.ts), which the page fetches when a
// question reads them. Blocks are written before the index that names them, so an index on disk never
// names a block that is not there.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { serializeIndex } from '../../src/compiled-index/parse';
import { sha256Bytes } from '../../src/compiled-index/sha256';
import { blockPath, hex } from '../../src/compiled-index/text-blocks';
import type { CompiledIndex, TextBlocks } from '../../src/compiled-index/types';
import { writeOutput } from './cli';

export const TEXT_LAYOUTS = ['auto', 'blocks', 'inline'] as const;
/** auto: blocks when the passages' text is over SPLIT_ABOVE_CHARS; blocks or inline: always so. */
export type TextLayout = (typeof TEXT_LAYOUTS)[number];

const BLOCK_FILE = /^[0-9a-f]{64}\.bin$/u;

/** The text a block aims at, before compression: about 25 KB gzipped, a fraction of a second at 3 Mb/s. */
export const BLOCK_TARGET_CHARS = 64 * 1024;

/** Passage text above this many characters is split from the index by default (`npm run ingest`). */
export const SPLIT_ABOVE_CHARS = 4 * 1024 * 1024;

/**
 * The passages' texts cut into blocks of consecutive passages of about `targetChars` characters each (a passage longer
 * than that is a block of its own), each encoded and named by its SHA-256.
 */
export function splitText(
  texts: readonly string[],
  targetChars = BLOCK_TARGET_CHARS,
): { blocks: Uint8Array<ArrayBuffer>[]; textBlocks: TextBlocks } {
  const encoder = new TextEncoder();
  const blocks: Uint8Array<ArrayBuffer>[] = [];
  const textBlocks: TextBlocks = { starts: [], digests: [] };
  let start = 0;
  while (start < texts.length) {
    let end = start;
    let chars = 0;
    while (end < texts.length && (end === start || chars + (texts[end] as string).length <= targetChars)) {
      chars += (texts[end] as string).length;
      end++;
    }
    const block = encoder.encode(JSON.stringify(texts.slice(start, end)));
    blocks.push(block);
    textBlocks.starts.push(start);
    textBlocks.digests.push(hex(sha256Bytes(block)));
    start = end;
  }
  return { blocks, textBlocks };
}

/** Writes `index` to `path` in `layout`; says how many blocks it wrote, if any. */
export function writeIndexFiles(options: { path: string; index: CompiledIndex; layout?: TextLayout }): {
  blocks: number;
} {
  const { path, layout = 'auto' } = options;
  const { textBlocks: _old, textSource: _source, ...index } = options.index;
  const chars = index.passages.reduce((sum, passage) => sum + passage.text.length, 0);
  const split = layout === 'blocks' || (layout === 'auto' && chars > SPLIT_ABOVE_CHARS);
  const folder = join(dirname(path), 'text');
  const kept = new Set<string>();
  let written: CompiledIndex = index;
  if (split) {
    const { blocks, textBlocks } = splitText(index.passages.map((passage) => passage.text));
    textBlocks.digests.forEach((digest, at) => {
      const file = join(dirname(path), blockPath(digest));
      kept.add(file);
      if (!existsSync(file))
        writeOutput({ path: file, what: 'passage text', data: blocks[at] as Uint8Array });
    });
    written = { ...index, textBlocks };
  }
  writeOutput({ path, what: 'index', data: serializeIndex(written) });
  // Blocks no index here names any more: ours by their names alone (a SHA-256 in hex, .bin).
  if (existsSync(folder)) {
    for (const name of readdirSync(folder)) {
      const file = join(folder, name);
      if (BLOCK_FILE.test(name) && !kept.has(file)) rmSync(file, { force: true });
    }
  }
  return { blocks: kept.size };
}

// Writing a compiled index: one file, or, when its passage text is large, the file and its text in blocks
// beside it (`text/<digest>.bin`, src/compiled-index/text-blocks.ts), which the page fetches when a
// question reads them. Blocks are written before the index that names them, so an index on disk never
// names a block that is not there.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sectionsOf } from '../../src/compiled-index/container';
import { hex } from '../../src/compiled-index/hex';
import { serializeIndex } from '../../src/compiled-index/parse';
import { sha256Bytes } from '../../src/compiled-index/sha256';
import { blockPath } from '../../src/compiled-index/text-blocks';
import type { CompiledIndex, TextBlocks } from '../../src/compiled-index/types';
import { IndexLoadError } from '../../src/compiled-index/version';
import { writeOutput } from './cli';
import { nativeSha256 } from './native-sha256';

export const TEXT_LAYOUTS = ['auto', 'blocks', 'inline'] as const;
/** auto: blocks when the passages' text is over SPLIT_ABOVE_CHARS; blocks or inline: always so. */
export type TextLayout = (typeof TEXT_LAYOUTS)[number];

/** A block's name: its SHA-256 in hex. */
const BLOCK_NAME = /^[0-9a-f]{64}$/u;

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

/**
 * Writes `index` to `path` in `layout`; says how many blocks it names, if any. A block already there is
 * kept only when it matches its name (a damaged one is written again). Afterwards, the blocks the index
 * that was at `path` named and this one does not are removed, unless another index in the same folder
 * names them too: indexes written side by side share one text/ folder, a block each distinct text.
 */
export function writeIndexFiles(options: {
  path: string;
  index: CompiledIndex;
  layout?: TextLayout;
  /** About how many characters of text a block holds (BLOCK_TARGET_CHARS unless given). */
  blockChars?: number;
}): {
  blocks: number;
} {
  const { path, layout = 'auto', blockChars = BLOCK_TARGET_CHARS } = options;
  const { textBlocks: _old, textSource: _source, ...index } = options.index;
  const chars = index.passages.reduce((sum, passage) => sum + passage.text.length, 0);
  const split = layout === 'blocks' || (layout === 'auto' && chars > SPLIT_ABOVE_CHARS);
  const before = blocksNamedBy(path);
  let written: CompiledIndex = index;
  const named = new Set<string>();
  if (split) {
    const { blocks, textBlocks } = splitText(
      index.passages.map((passage) => passage.text),
      blockChars,
    );
    textBlocks.digests.forEach((digest, at) => {
      named.add(digest);
      const file = join(dirname(path), blockPath(digest));
      if (!existsSync(file) || hex(nativeSha256(readFileSync(file))) !== digest) {
        writeOutput({ path: file, what: 'passage text', data: blocks[at] as Uint8Array });
      }
    });
    written = { ...index, textBlocks };
  }
  writeOutput({ path, what: 'index', data: serializeIndex(written) });
  const stale = [...before].filter((digest) => !named.has(digest));
  if (stale.length > 0) {
    const folder = dirname(path);
    const elsewhere = new Set(
      readdirSync(folder)
        .filter((name) => name.endsWith('.bin') && join(folder, name) !== path)
        .flatMap((name) => [...blocksNamedBy(join(folder, name))]),
    );
    for (const digest of stale) {
      if (!elsewhere.has(digest)) rmSync(join(folder, blockPath(digest)), { force: true });
    }
  }
  return { blocks: named.size };
}

/** The blocks of text the index file at `path` names; none when there is no index there. */
function blocksNamedBy(path: string): Set<string> {
  if (!existsSync(path) || !statSync(path).isFile()) return new Set();
  try {
    const [header] = sectionsOf(readFileSync(path), { sha256: nativeSha256 });
    const parsed = JSON.parse(new TextDecoder().decode(header)) as { textBlocks?: { digests?: unknown } };
    const digests = parsed.textBlocks?.digests;
    return new Set(
      Array.isArray(digests)
        ? digests.filter((digest): digest is string => BLOCK_NAME.test(String(digest)))
        : [],
    );
  } catch (error) {
    // Not an index (another .bin), or a damaged one: it names no block this may remove or must keep.
    if (error instanceof IndexLoadError || error instanceof SyntaxError) return new Set();
    throw error;
  }
}

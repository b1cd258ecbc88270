// Writing a compiled index: one file, or, when its passage text is large, the file and its text in blocks
// and its postings in shards beside it (src/compiled-index/split.ts), which the page fetches when a
// question reads them. Blocks are written before the index that names them, so an index on disk never
// names a block that is not there.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sectionsOf } from '../../src/compiled-index/container';
import { hex } from '../../src/compiled-index/hex';
import { serializeIndex } from '../../src/compiled-index/parse';
import { shardPath } from '../../src/compiled-index/posting-shards';
import {
  BLOCK_TARGET_CHARS,
  SHARD_TARGET_BYTES,
  SPLIT_ABOVE_CHARS,
  splitIndex,
  textChars,
  withoutParts,
} from '../../src/compiled-index/split';
import { blockPath } from '../../src/compiled-index/text-blocks';
import { type CompiledIndex, inMemory } from '../../src/compiled-index/types';
import { IndexLoadError } from '../../src/compiled-index/version';
import { writeOutput } from './cli';
import { nativeSha256 } from './native-sha256';

export { BLOCK_TARGET_CHARS, SHARD_TARGET_BYTES };

export const TEXT_LAYOUTS = ['auto', 'blocks', 'inline'] as const;
/** auto: blocks when the passages' text is over SPLIT_ABOVE_CHARS; blocks or inline: always so. */
export type TextLayout = (typeof TEXT_LAYOUTS)[number];

/** A block's name: its SHA-256 in hex. */
const BLOCK_NAME = /^[0-9a-f]{64}$/u;

/**
 * Writes `index` to `path` in `layout`; says how many blocks of text and shards of postings it names, if
 * any (a split layout has both). A part already there is kept only when it matches its name (a damaged one
 * is written again). Afterwards, the parts the index that was at `path` named and this one does not are
 * removed, unless another index in the same folder names them too: indexes written side by side share
 * the text/ and postings/ folders, a file each distinct part.
 */
export function writeIndexFiles(options: {
  path: string;
  index: CompiledIndex;
  layout?: TextLayout;
  /** About how many characters of text a block holds (BLOCK_TARGET_CHARS unless given). */
  blockChars?: number;
  /** About how many bytes of postings a shard holds (SHARD_TARGET_BYTES unless given). */
  shardBytes?: number;
}): {
  blocks: number;
  shards: number;
} {
  const { path, layout = 'auto', blockChars = BLOCK_TARGET_CHARS, shardBytes = SHARD_TARGET_BYTES } = options;
  const index = inMemory(options.index);
  const split = layout === 'blocks' || (layout === 'auto' && textChars(index) > SPLIT_ABOVE_CHARS);
  const before = partsNamedByFile(path);
  const named = new Set<string>();
  let written: CompiledIndex = withoutParts(index);
  let blocks = 0;
  let shards = 0;
  if (split) {
    const parts = splitIndex(index, { blockChars, shardBytes });
    for (const [part, data] of parts.parts) {
      named.add(part);
      const file = join(dirname(path), part);
      if (!existsSync(file) || hex(nativeSha256(readFileSync(file))) !== basename(part, '.bin')) {
        writeOutput({ path: file, what: part.startsWith('text/') ? 'passage text' : 'postings', data });
      }
    }
    ({ blocks, shards } = parts);
    written = parts.index;
  }
  writeOutput({ path, what: 'index', data: serializeIndex(written) });
  const stale = [...before].filter((part) => !named.has(part));
  if (stale.length > 0) {
    const folder = dirname(path);
    const elsewhere = new Set(
      readdirSync(folder)
        .filter((name) => name.endsWith('.bin') && join(folder, name) !== path)
        .flatMap((name) => [...partsNamedByFile(join(folder, name))]),
    );
    for (const part of stale) {
      if (!elsewhere.has(part)) rmSync(join(folder, part), { force: true });
    }
  }
  return { blocks, shards };
}

/** The parts the index file at `path` names (`text/<digest>.bin`, `postings/<digest>.bin`); none when there is no index there. */
function partsNamedByFile(path: string): Set<string> {
  if (!existsSync(path) || !statSync(path).isFile()) return new Set();
  try {
    const [header] = sectionsOf(readFileSync(path), { sha256: nativeSha256 });
    const parsed = JSON.parse(new TextDecoder().decode(header)) as {
      textBlocks?: { digests?: unknown };
      postingShards?: { digests?: unknown };
    };
    const named = (digests: unknown, pathOf: (digest: string) => string) =>
      Array.isArray(digests)
        ? digests.filter((digest): digest is string => BLOCK_NAME.test(String(digest))).map(pathOf)
        : [];
    return new Set([
      ...named(parsed.textBlocks?.digests, blockPath),
      ...named(parsed.postingShards?.digests, shardPath),
    ]);
  } catch (error) {
    // Not an index (another .bin), or a damaged one: it names no block this may remove or must keep.
    if (error instanceof IndexLoadError || error instanceof SyntaxError) return new Set();
    throw error;
  }
}

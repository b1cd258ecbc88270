// The compiled index to and from its bytes, checked: what the command line, the ingest and the page's
// own-corpus chunk use. Apart from check.ts so that the first download, which checks an index the
// worker decoded, carries neither the decoder nor the encoder.
import { checkIndex } from './check';
import { type ReadOptions, readIndexFile } from './container';
import { hex } from './hex';
import { sha256Bytes } from './sha256';
import { blockPath, checkWithoutText, parseBlock, TextUnavailableError, textBlocksOf } from './text-blocks';
import type { BlockText, CompiledIndex, RawIndex, TextBlocks } from './types';
import { IndexLoadError } from './version';

export { type LoadStep, type OnStep, type ReadOptions, serializeIndex } from './container';

/** How parseIndex reads an index whose passage text is in blocks beside it. */
export interface ParseOptions extends ReadOptions {
  /** The bytes of the file at `path` (`text/<digest>.bin`), relative to the index file. */
  readBlock?: (path: string) => Uint8Array;
  /** Or, instead of reading them all now, where the text comes from as it is read (checkWithoutText). */
  blockText?: (textBlocks: TextBlocks, passageCount: number) => BlockText;
}

/**
 * Reads and checks a compiled index from its bytes, as the command line does; `onStep` times the load,
 * `sha256` is a native digest where the caller has one (ReadOptions). An index whose text is in blocks is
 * read with every block (`readBlock`), each checked against its digest: the command line holds the whole
 * text, as it does of an index that holds its own.
 */
export function parseIndex(bytes: Uint8Array, options: ParseOptions = {}): CompiledIndex {
  const raw = readIndexFile(bytes, options);
  const { blockText } = options;
  const index =
    blockText !== undefined && options.readBlock === undefined
      ? checkWithoutText(raw, checkIndex, blockText)
      : withBlockText(raw, options);
  options.onStep?.('check');
  return index;
}

/** `raw` checked, with its passages' text read from the blocks its header lists, when it lists some. */
function withBlockText(raw: RawIndex, options: ParseOptions): CompiledIndex {
  const textBlocks = textBlocksOf(raw);
  const passages = raw.passages as { text?: unknown } | null;
  if (textBlocks === undefined) return checkIndex(raw);
  if (typeof passages !== 'object' || passages === null || 'text' in passages) {
    return { ...checkIndex(raw), textBlocks };
  }
  const { readBlock } = options;
  if (readBlock === undefined) {
    throw new IndexLoadError('the passage text is in blocks beside the index file, and was not read with it');
  }
  const sha256 = options.sha256 ?? sha256Bytes;
  const passageCount = (raw.header as { passageCount: number }).passageCount;
  const text: string[] = [];
  try {
    for (const [block, digest] of textBlocks.digests.entries()) {
      const bytes = readBlock(blockPath(digest));
      text.push(...parseBlock({ bytes, digest: hex(sha256(bytes)), textBlocks, block, passageCount }));
    }
  } catch (error) {
    if (error instanceof TextUnavailableError) throw new IndexLoadError(error.message);
    throw error;
  }
  // The header's own field: the checked index names the blocks, so that it is written as the same file.
  return { ...checkIndex({ ...raw, passages: { ...passages, text } }), textBlocks };
}

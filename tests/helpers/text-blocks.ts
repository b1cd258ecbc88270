// The manual's index with its passage text in blocks, as `npm run ingest -- --text blocks` writes it and as
// the page reads it (fetching each block), for the tests of src/compiled-index/text-blocks.ts and its users.

import { splitText } from '../../scripts/lib/index-files';
import { checkIndex } from '../../src/compiled-index/check';
import { readIndexFile } from '../../src/compiled-index/container';
import { serializeIndex } from '../../src/compiled-index/parse';
import { sha256Bytes } from '../../src/compiled-index/sha256';
import {
  blockFetcher,
  blockPath,
  checkWithoutText,
  PassageTexts,
} from '../../src/compiled-index/text-blocks';
import type { CompiledIndex } from '../../src/compiled-index/types';
import { libraryIndex } from './engine';

// Small blocks, so that the manual's 16 passages make several.
export const TARGET = 1500;

/** The manual's index with its text in blocks, and the blocks by file name, as `npm run ingest` writes them. */
export function splitLibrary(target = TARGET): {
  core: Uint8Array;
  files: Map<string, Uint8Array<ArrayBuffer>>;
  whole: CompiledIndex;
} {
  const whole = libraryIndex();
  const { blocks, textBlocks } = splitText(
    whole.passages.map((passage) => passage.text),
    target,
  );
  const files = new Map(
    textBlocks.digests.map((digest, at) => [blockPath(digest), blocks[at] as Uint8Array<ArrayBuffer>]),
  );
  return { core: serializeIndex({ ...whole, textBlocks }), files, whole };
}

/** The index as the page reads it: without its text, which `fetched` records as it is fetched. */
export function asThePageReadsIt(options: {
  core: Uint8Array;
  files: Map<string, Uint8Array<ArrayBuffer>>;
  broken?: string;
  /** A fetch of the page's own instead (one that never answers, say); `fetched` still records it. */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}) {
  const fetched: string[] = [];
  const fetchBlock = async (url: string | URL | Request, init?: RequestInit) => {
    if (options.fetch !== undefined) {
      fetched.push(String(url));
      return options.fetch(String(url), init);
    }
    const path = new URL(String(url)).pathname.replace(/^\/site\//u, '');
    fetched.push(path);
    const bytes = options.files.get(path);
    if (bytes === undefined || path === options.broken) return new Response('gone', { status: 404 });
    return new Response(bytes);
  };
  const index = checkWithoutText(
    readIndexFile(options.core),
    checkIndex,
    (textBlocks, passageCount) =>
      new PassageTexts({
        textBlocks,
        passageCount,
        fetchBlock: blockFetcher('https://example.test/site/index.bin', fetchBlock as typeof fetch),
        sha256: async (bytes) => sha256Bytes(bytes),
      }),
  );
  return { index, fetched };
}

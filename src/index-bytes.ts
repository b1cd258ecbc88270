// The compiled index to and from its bytes, checked: what the command line, the ingest and the page's
// own-corpus chunk use. Apart from index-file.ts so that the first download, which checks an index the
// worker decoded, carries neither the decoder nor the encoder.
import { type CompiledIndex, checkIndex } from './index-file';
import { readIndexFile } from './index-format';

export { serializeIndex } from './index-format';

/** Reads and checks a compiled index from its bytes, as the command line does. */
export function parseIndex(bytes: Uint8Array): CompiledIndex {
  return checkIndex(readIndexFile(bytes));
}

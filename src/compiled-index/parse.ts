// The compiled index to and from its bytes, checked: what the command line, the ingest and the page's
// own-corpus chunk use. Apart from check.ts so that the first download, which checks an index the
// worker decoded, carries neither the decoder nor the encoder.
import { checkIndex } from './check';
import { type ReadOptions, readIndexFile } from './container';
import type { CompiledIndex } from './types';

export { type LoadStep, type OnStep, type ReadOptions, serializeIndex } from './container';

/**
 * Reads and checks a compiled index from its bytes, as the command line does; `onStep` times the load,
 * `sha256` is a native digest where the caller has one (ReadOptions).
 */
export function parseIndex(bytes: Uint8Array, options: ReadOptions = {}): CompiledIndex {
  const index = checkIndex(readIndexFile(bytes, options));
  options.onStep?.('check');
  return index;
}

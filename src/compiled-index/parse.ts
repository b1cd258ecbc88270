// The compiled index to and from its bytes, checked: what the command line, the ingest and the page's
// own-corpus chunk use. Apart from check.ts so that the first download, which checks an index the
// worker decoded, carries neither the decoder nor the encoder.
import { checkIndex } from './check';
import { type OnStep, readIndexFile } from './container';
import type { CompiledIndex } from './types';

export { type LoadStep, type OnStep, serializeIndex } from './container';

/** Reads and checks a compiled index from its bytes, as the command line does; `onStep` times the load. */
export function parseIndex(bytes: Uint8Array, onStep?: OnStep): CompiledIndex {
  const index = checkIndex(readIndexFile(bytes, onStep));
  onStep?.('check');
  return index;
}

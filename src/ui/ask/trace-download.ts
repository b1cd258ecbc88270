// Saving a result as a trace (src/trace.ts): its own chunk, fetched when a visitor first saves one.

import { serializeIndex } from '../../compiled-index/container';
import type { CompiledIndex } from '../../compiled-index/types';
import { sha256, traceOf } from '../../evaluation/trace';
import type { AskResult } from '../../types';
import { download } from '../kit/download';

/**
 * Downloads `result` as a trace; `gateSource` is where the threshold it was judged with came from (the
 * index's, or the semantic channel's fitted one once the word vectors are in). The index's hash is of its file as `npm run ingest` writes it: the
 * serialization is deterministic, so the page and the command line hash the same bytes.
 */
export async function saveTrace(
  result: AskResult,
  index: CompiledIndex,
  gateSource: string,
  now = new Date(),
): Promise<void> {
  const trace = await traceOf(result, await sha256(serializeIndex(index)), gateSource);
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/u, 'Z')
    .replaceAll(':', '-');
  download(
    new Blob([`${JSON.stringify(trace, null, 2)}\n`], { type: 'application/json' }),
    `trace-${stamp}.json`,
  );
}

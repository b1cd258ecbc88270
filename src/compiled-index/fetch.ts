// The index worker's half of loading (the page's half is index-loading.ts): the download with its
// progress, then the decode. Apart so that the page, which never decodes an index itself, does not carry
// the decoder in its first download.
import { joined } from './bounded-body';
import { readIndexFileAsync } from './container';
import type { RawIndex } from './types';
import type { OnProgress } from './wire';

/** The download's size in bytes as it will arrive, or undefined when the response cannot say. */
function sizeOf(response: Response): number | undefined {
  // With Content-Encoding the length is of the compressed body, and the stream yields it decompressed.
  if (response.headers.get('content-encoding') !== null) return undefined;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  return Number.isInteger(length) && length > 0 ? length : undefined;
}

/** The body, chunk by chunk, reporting the bytes so far after each. */
async function readBody(response: Response, onProgress: OnProgress): Promise<Uint8Array<ArrayBuffer>> {
  const total = sizeOf(response);
  const reader = response.body?.getReader();
  if (reader === undefined) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress({ phase: 'downloading', loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onProgress({
      phase: 'downloading',
      loaded,
      total: total !== undefined && loaded <= total ? total : undefined,
    });
  }
  return joined(chunks, loaded);
}

/** Downloads and reads the index file at `url`; a failed download or a file that is not an index throws. */
export async function fetchIndexFile(options: {
  url: string;
  fetch: typeof fetch;
  onProgress: OnProgress;
}): Promise<RawIndex> {
  const response = await options.fetch(options.url);
  if (!response.ok) throw new Error(`the index answered ${response.status}`);
  const bytes = await readBody(response, options.onProgress);
  options.onProgress({ phase: 'reading', loaded: bytes.length });
  return readIndexFileAsync(bytes);
}

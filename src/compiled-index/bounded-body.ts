// A response's body read as it arrives and given up on past a limit: a Content-Length can lie or be
// missing, and a compressed body's says nothing of its size once decoded. The word vectors' table and
// the passage text blocks are both read so; the index worker joins its chunks the same way (fetch.ts).

/**
 * The body of `response` (empty when it has none), or the error `tooLarge` makes as soon as more than
 * `limit` bytes have arrived; the rest of the body is then cancelled, not read.
 */
export async function readBounded(
  response: Response,
  limit: number,
  tooLarge: () => Error,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = response.body?.getReader();
  if (reader === undefined) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return joined(chunks, length);
}

/** `chunks` one after the other in one array of `length` bytes (their lengths' sum). */
export function joined(chunks: readonly Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

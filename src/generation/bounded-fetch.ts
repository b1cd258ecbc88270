// A response body is read into memory whole (the SDK parses it as one JSON value), so its size is
// bounded before it is read: a 1.5 GB body once ended `ask` with a stack trace at 3.2 GB of memory.

/** The body of a response was longer than the bound; what came was not read further. */
export class ResponseTooLargeError extends Error {
  override name = 'ResponseTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`the response body is longer than ${maxBytes} bytes`);
  }
}

/**
 * `fetch` whose responses carry at most `maxBytes` of body: reading past it fails with
 * ResponseTooLargeError and cancels the rest, so neither the bytes nor the connection are kept. What is
 * not a Response with a body (a bug in an injected fetch, a 204) is passed on as it came.
 */
export function boundedFetch(options: { fetch: () => typeof fetch; maxBytes: number }): typeof fetch {
  const { maxBytes } = options;
  return async (input, init) => {
    const response = await options.fetch()(input, init);
    if (!(response instanceof Response) || response.body === null) return response;
    const { status, statusText, headers } = response;
    return new Response(bounded(response.body, maxBytes), { status, statusText, headers });
  };
}

function bounded(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let read = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        read += value.byteLength;
        if (read > maxBytes) {
          controller.error(new ResponseTooLargeError(maxBytes));
          await reader.cancel();
          return;
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

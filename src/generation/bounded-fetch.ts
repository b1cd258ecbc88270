// A response body is read into memory whole (the SDK parses it as one JSON value), so its size is
// bounded before it is read: a 1.5 GB body once ended `ask` with a stack trace at 3.2 GB of memory. Its
// first byte is bounded in time too: a host that accepts the connection and never answers (or sends its
// headers and stalls the body) once held a question for 90 s with nothing said.

/** The body of a response was longer than the bound; what came was not read further. */
export class ResponseTooLargeError extends Error {
  override name = 'ResponseTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`the response body is longer than ${maxBytes} bytes`);
  }
}

/**
 * No byte of the body came within the bound. Its message avoids the words "timed out", by which the SDK
 * would replace it with a timeout of its own that forgets which bound it was.
 */
export class NoFirstByteError extends Error {
  override name = 'NoFirstByteError';
  constructor(readonly afterMs: number) {
    super(`no byte of the response came within ${afterMs / 1000} s`);
  }
}

/**
 * `fetch` whose responses carry at most `maxBytes` of body: reading past it fails with
 * ResponseTooLargeError and cancels the rest, so neither the bytes nor the connection are kept. When
 * the headers and the first byte of the body have not both come within `firstByteMs` of the request,
 * the request is aborted and the fetch (or the body's read) fails with NoFirstByteError. What is not a
 * Response with a body (a bug in an injected fetch, a 204) is passed on as it came.
 */
export function boundedFetch(options: {
  fetch: () => typeof fetch;
  maxBytes: number;
  firstByteMs: number;
}): typeof fetch {
  const { maxBytes, firstByteMs } = options;
  return async (input, init) => {
    const attempt = new AbortController();
    const caller = init?.signal ?? undefined;
    if (caller?.aborted) attempt.abort(caller.reason);
    else caller?.addEventListener('abort', () => attempt.abort(caller.reason), { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const noFirstByte = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const error = new NoFirstByteError(firstByteMs);
        // Rejected before the abort, so that this error wins the race against the fetch's own AbortError.
        reject(error);
        attempt.abort(error);
      }, firstByteMs);
    });
    // Settled here too, so that a deadline nobody is waiting on any more is never an unhandled rejection.
    noFirstByte.catch(() => undefined);
    const firstByteCame = () => clearTimeout(timer);
    let response: Response;
    try {
      response = await Promise.race([
        options.fetch()(input, { ...init, signal: attempt.signal }),
        noFirstByte,
      ]);
    } catch (error) {
      firstByteCame();
      throw error;
    }
    if (!(response instanceof Response) || response.body === null) {
      firstByteCame();
      return response;
    }
    const { status, statusText, headers } = response;
    const body = bounded({ body: response.body, maxBytes, noFirstByte, firstByteCame });
    return new Response(body, { status, statusText, headers });
  };
}

function bounded(options: {
  body: ReadableStream<Uint8Array>;
  maxBytes: number;
  noFirstByte: Promise<never>;
  firstByteCame: () => void;
}): ReadableStream<Uint8Array> {
  const { maxBytes, noFirstByte, firstByteCame } = options;
  const reader = options.body.getReader();
  let read = 0;
  let waiting = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await (waiting ? Promise.race([reader.read(), noFirstByte]) : reader.read());
        } catch (error) {
          firstByteCame();
          controller.error(error);
          if (error instanceof NoFirstByteError) await reader.cancel(error).catch(() => undefined);
          return;
        }
        waiting = false;
        firstByteCame();
        const { done, value } = chunk;
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
        firstByteCame();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

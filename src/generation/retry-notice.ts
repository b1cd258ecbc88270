// Saying that the Claude client is waiting to try again. The SDK retries a rate limit (429), a timeout
// (408), a lock (409) or a server error (5xx) on its own, after the wait the API asks for, and tells
// nobody: a visitor would watch "Asking Claude…" for half a minute. This wraps the fetch the SDK is given,
// sees each response that will be retried, and reports the wait as the SDK reads it.

/** A wait before the SDK asks again. */
export interface RetryNotice {
  /** The HTTP status that will be retried: 429 for a rate limit. */
  status: number;
  /** Which retry comes next: 1 for the first. */
  retry: number;
  /** How long until it is sent, in milliseconds. */
  waitMs: number;
}

export type OnRetry = (notice: RetryNotice) => void;

// The SDK numbers each attempt in this header (0 for the first), and obeys these two on a retry.
const RETRY_COUNT = 'x-stainless-retry-count';
const SHOULD_RETRY = 'x-should-retry';
// Its own backoff without either header: 0.5 s doubled per retry, at most 8 s, less up to 25% jitter.
const BACKOFF_START_MS = 500;
const BACKOFF_MAX_MS = 8000;

const retried = (response: Response): boolean => {
  const said = response.headers.get(SHOULD_RETRY);
  if (said === 'true') return true;
  if (said === 'false') return false;
  return (
    response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500
  );
};

/** The wait the SDK will take before retry number `retry`, read the way it reads it. */
export function waitBeforeRetry(headers: Headers, retry: number, now = Date.now()): number {
  const fromMs = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  let waitMs = Number.isNaN(fromMs) ? undefined : fromMs;
  const after = headers.get('retry-after');
  if (waitMs === undefined && after !== null) {
    const seconds = Number.parseFloat(after);
    waitMs = Number.isNaN(seconds) ? Date.parse(after) - now : seconds * 1000;
  }
  if (waitMs === undefined || !(waitMs > 0 && waitMs <= 2 ** 31 - 1)) {
    return Math.min(BACKOFF_START_MS * 2 ** (retry - 1), BACKOFF_MAX_MS);
  }
  return waitMs;
}

/** `fetch`, reporting every response the SDK will retry (not the last attempt's, which it gives up on). */
export function reportingRetries(options: {
  fetch: typeof fetch;
  maxRetries: number;
  onRetry: OnRetry;
}): typeof fetch {
  const { fetch: inner, maxRetries, onRetry } = options;
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.ok || !retried(response)) return response;
    const attempt = Number(new Headers(init?.headers).get(RETRY_COUNT) ?? '0');
    if (attempt < maxRetries) {
      const retry = attempt + 1;
      onRetry({ status: response.status, retry, waitMs: waitBeforeRetry(response.headers, retry) });
    }
    return response;
  };
}

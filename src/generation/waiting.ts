// How long a question may wait for a model, and how it waits between attempts. A server can send its
// headers and then stall the body, or answer 429 with `retry-after: 100000`; neither may hold a
// question longer than its deadline, and no wait the server asks for is longer than MAX_RETRY_AFTER_MS.

/** A wait before the client asks again, announced before it starts. */
export interface RetryNotice {
  /** The HTTP status that will be retried: 429 for a rate limit; 0 when no response came (no connection). */
  status: number;
  /** Which retry comes next: 1 for the first. */
  retry: number;
  /** How long until it is sent, in milliseconds. */
  waitMs: number;
}

export type OnRetry = (notice: RetryNotice) => void;

/** The longest `retry-after` this client honours; a longer one ends the question with the time to try again. */
export const MAX_RETRY_AFTER_MS = 20_000;

/** Between attempts when the server names no wait: 0.5 s, 1 s, 2 s… up to 8 s. */
export function backoffMs(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 8000);
}

/** An AbortError, as fetch throws one: the caller's cancel or the deadline. */
export const abortError = () => new DOMException('This operation was aborted', 'AbortError');

const SECONDS = /^\d+(?:\.\d+)?$/u;

/**
 * The wait a response asks for, in ms: `retry-after-ms`, else `retry-after` as seconds or an HTTP date;
 * undefined when it names none (or nonsense).
 */
export function retryAfterMs(headers: Headers | undefined, now: number): number | undefined {
  const inMs = headers?.get('retry-after-ms')?.trim();
  if (inMs !== undefined && SECONDS.test(inMs)) return Number(inMs);
  const after = headers?.get('retry-after')?.trim();
  if (after === undefined || after === '') return undefined;
  if (SECONDS.test(after)) return Number(after) * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** "14:05": local time, to the minute, rounded up so that trying then is never too early. */
export function clockTime(at: number): string {
  const date = new Date(Math.ceil(at / 60_000) * 60_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * `promise`, or an AbortError as soon as `signal` aborts, whether or not the work behind the promise
 * notices: a response body that never arrives does not hold the question past its deadline.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    // Handlers on the work first, always: its late rejection is settled here, never left unhandled.
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
    // Already aborted: the cancel waits one microtask, behind the work's own handlers, so that work that
    // has already failed (a bug thrown at once) is reported as that failure, never hidden as a cancel.
    if (signal.aborted) queueMicrotask(onAbort);
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A signal that aborts when any of `signals` does (AbortSignal.any, which older browsers lack). */
export function eitherSignal(signals: ReadonlyArray<AbortSignal | undefined>): AbortSignal {
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal === undefined) continue;
    if (signal.aborted) {
      controller.abort();
      break;
    }
    signal.addEventListener('abort', () => controller.abort(), { once: true });
  }
  return controller.signal;
}

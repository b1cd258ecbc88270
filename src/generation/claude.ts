import Anthropic, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  OverloadedError,
  PermissionDeniedError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import type { Message, TextBlock } from '@anthropic-ai/sdk/resources/messages';
import { FIRST_BYTE_DEADLINE_MS } from '../config';
import type { GenerationClient, GenerationOutcome } from '../types';
import { boundedFetch, NoFirstByteError, ResponseTooLargeError } from './bounded-fetch';
import { formatContext } from './context';
import { DEFAULT_MODEL } from './model-id';
import { parseReply, type ReplyVersion, replySchemaFor, replyVersionOf } from './reply';
import {
  backoffMs,
  clockTime,
  MAX_RETRY_AFTER_MS,
  type OnRetry,
  retryAfterMs,
  sleep,
  untilAborted,
} from './waiting';

export { DEFAULT_MODEL };

export interface ClaudeClientOptions {
  /** The visitor's own key: the site never holds one. */
  apiKey: string;
  /** Default {@link DEFAULT_MODEL}. */
  model?: string;
  /** Injected by tests, which never reach the network. */
  fetch?: typeof fetch;
  /** Per attempt. Default 60 000. */
  timeoutMs?: number;
  /**
   * Per attempt, until the first byte of the body: a host that never starts answering is given up on
   * then, and not asked again. Default FIRST_BYTE_DEADLINE_MS.
   */
  firstByteMs?: number;
  /**
   * Retries on connection failures, 408, 409, 429 and 5xx. Default 2. The waits between them are this
   * client's, not the SDK's: `retry-after` is honoured up to MAX_RETRY_AFTER_MS, and beyond that the
   * question ends with the time to try again.
   */
  maxRetries?: number;
  /** Told each time the client waits to retry (a rate limit, a server error), so a page can say so. */
  onRetry?: OnRetry;
  /** Default 1024: a cited answer from a few passages is short. */
  maxTokens?: number;
  baseURL?: string;
}

type Failure = Extract<GenerationOutcome, { ok: false }>;
type Cause = Pick<Failure, 'code' | 'detail'>;

// An API key is printable ASCII without spaces. Anything else cannot go into a header, and the error the
// fetch would throw for it quotes the whole header, key included.
const API_KEY_SHAPE = /^[\x21-\x7e]+$/u;

/**
 * The most of a response body this client reads. A reply of the default 1024 tokens, in a Message with
 * its usage and ids, is a few KB; 256 KiB is ample, and bounds what a proxy or a broken server can make
 * this client hold.
 */
export const MAX_RESPONSE_BYTES = 256 * 1024;

const ABORTED: Cause = { code: 'aborted', detail: 'the request was cancelled before Claude answered' };

/** Claude through the Messages API, held by structured outputs to the reply schema of the prompt's version. */
export function createClaudeClient(options: ClaudeClientOptions): GenerationClient {
  const { apiKey } = options;
  // An empty key could only fail at the API, and would make every string "contain" it when scrubbed.
  if (apiKey.trim() === '') throw new Error('createClaudeClient: apiKey is empty');
  const keyIsSendable = API_KEY_SHAPE.test(apiKey);
  const model = options.model ?? DEFAULT_MODEL;
  const maxTokens = options.maxTokens ?? 1024;
  const maxRetries = options.maxRetries ?? 2;
  const client = new Anthropic({
    // The key goes in `x-api-key`, the header API keys are meant for, and nowhere else: the SDK would
    // send it as a bearer token, and in Node it would fall back to the environment's key if given none.
    apiKey: null,
    authToken: null,
    defaultHeaders: { 'x-api-key': apiKey },
    // Read when a request is sent, so a test that stands in for the platform's fetch is the one used.
    fetch: boundedFetch({
      fetch: () => options.fetch ?? globalThis.fetch,
      maxBytes: MAX_RESPONSE_BYTES,
      firstByteMs: options.firstByteMs ?? FIRST_BYTE_DEADLINE_MS,
    }),
    timeout: options.timeoutMs ?? 60_000,
    // The SDK would sleep whatever retry-after says (100,000 s once) without telling anyone.
    maxRetries: 0,
    baseURL: options.baseURL,
    // The site calls the API from the visitor's browser with the visitor's own key, never a shared one.
    dangerouslyAllowBrowser: true,
  });
  // `create`, not `parse`: `parse` throws on a schema failure and the raw text is lost with it.
  const formats = {
    1: zodOutputFormat(replySchemaFor(1)),
    2: zodOutputFormat(replySchemaFor(2)),
    3: zodOutputFormat(replySchemaFor(3)),
  } satisfies Record<ReplyVersion, unknown>;

  return {
    info: { kind: 'claude', name: model },
    async generate(request) {
      if (!keyIsSendable) {
        return {
          ok: false,
          reason: 'model_unavailable',
          code: 'authentication',
          detail:
            'the API key holds characters a key cannot have (a space, a line break, or a curly quote or ' +
            'other non-ASCII character, often picked up when copying); paste it again',
        };
      }
      const version = replyVersionOf(request.prompt.version);
      const params = {
        model,
        max_tokens: maxTokens,
        system: request.prompt.text,
        messages: [{ role: 'user' as const, content: formatContext(request) }],
        output_config: { format: formats[version] },
      };
      const { signal } = request;
      for (let attempt = 1; ; attempt++) {
        let message: Message;
        try {
          // The SDK's timeout covers the wait for headers only; a body that stalls ends with the signal.
          message = await untilAborted(client.messages.create(params, { signal }), signal);
        } catch (error) {
          const cause = describeFailure(error, signal);
          const wait = error instanceof APIError ? retryAfterMs(error.headers, Date.now()) : undefined;
          if (wait !== undefined && wait > MAX_RETRY_AFTER_MS) {
            const detail =
              `${cause.detail}; the API asks to wait ${Math.ceil(wait / 1000)} s, longer than the ` +
              `${MAX_RETRY_AFTER_MS / 1000} s this client waits: try again after ${clockTime(Date.now() + wait)}`;
            return { ok: false, ...cause, detail: withoutKey(detail, apiKey) };
          }
          if (attempt > maxRetries || !isRetryable(error)) {
            return { ok: false, ...cause, detail: withoutKey(cause.detail, apiKey) };
          }
          const waitMs = wait ?? backoffMs(attempt - 1);
          const status = error instanceof APIError ? (error.status ?? 0) : 0;
          options.onRetry?.({ status, retry: attempt, waitMs });
          try {
            await sleep(waitMs, signal);
          } catch {
            return { ok: false, reason: 'model_unavailable', ...ABORTED };
          }
          continue;
        }
        return readMessage(message, version);
      }
    },
  };
}

function readMessage(message: Message | null, version: ReplyVersion): GenerationOutcome {
  // A proxy at `baseURL` can answer 200 with a body that is not a Message at all, `null` included.
  const content: unknown = typeof message === 'object' && message !== null ? message.content : undefined;
  const blocks: unknown[] = Array.isArray(content) ? content : [];
  const text = blocks.find(
    (block): block is TextBlock =>
      typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'text',
  )?.text;
  // A text block whose text is not a string is no text either.
  const raw = typeof text === 'string' ? text : undefined;
  const stopReason = message?.stop_reason;
  if (stopReason === 'refusal') {
    return {
      ok: false,
      reason: 'model_reported_no_answer',
      code: 'stop_refusal',
      detail: 'Claude declined to answer this question',
      raw,
    };
  }
  if (stopReason === 'max_tokens') {
    return {
      ok: false,
      reason: 'unparseable_response',
      code: 'max_tokens',
      detail: 'the reply was cut off at the token limit before it was complete',
      raw,
    };
  }
  if (raw === undefined) {
    return {
      ok: false,
      reason: 'unparseable_response',
      code: 'no_text',
      detail: 'the response held no text to read a reply from',
    };
  }
  const parsed = parseReply(raw, version);
  if (!parsed.ok) {
    return { ok: false, reason: 'unparseable_response', code: 'schema', detail: parsed.detail, raw };
  }
  return { ok: true, reply: parsed.reply, raw };
}

/** What went wrong, as data; throws what only a bug in our code (or the injected fetch) can cause. */
function describeFailure(error: unknown, signal: AbortSignal | undefined): Omit<Failure, 'ok'> {
  const silent = noFirstByte(error);
  if (silent !== undefined) {
    return {
      reason: 'model_unavailable',
      code: 'timeout',
      detail: `Claude did not start answering within ${silent.afterMs / 1000} s`,
    };
  }
  if (error instanceof APIError) return { reason: 'model_unavailable', ...describeApiError(error) };
  // The SDK reads the body outside its own error handling: a cancel while the body streams in
  // arrives as the fetch's bare AbortError.
  if (error instanceof Error && error.name === 'AbortError' && signal?.aborted) {
    return { reason: 'model_unavailable', ...ABORTED };
  }
  if (error instanceof ResponseTooLargeError) {
    return {
      reason: 'unparseable_response',
      code: 'too_large',
      detail: `the API's response was longer than ${error.maxBytes} bytes, far more than any reply; it was not read`,
    };
  }
  // Inside `create` only the response body is parsed, so this is the server (or a proxy) sending
  // something that is not JSON under a JSON content type.
  if (error instanceof SyntaxError) {
    return {
      reason: 'unparseable_response',
      code: 'malformed_body',
      detail: `the API's response was not valid JSON: ${error.message}`,
    };
  }
  throw error;
}

/**
 * The first-byte deadline, whether it struck while waiting for the headers (the SDK wraps it as a
 * connection error) or for the body (the SDK reads the body outside its error handling).
 */
function noFirstByte(error: unknown): NoFirstByteError | undefined {
  if (error instanceof NoFirstByteError) return error;
  if (error instanceof APIConnectionError && error.cause instanceof NoFirstByteError) return error.cause;
  return undefined;
}

/**
 * What another attempt may fix: no connection, a timeout, a conflict, a rate limit, the server's own
 * failure. A host that accepted the request and never started answering is not asked again: that would
 * hold the question for the whole deadline with nothing to show.
 */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof APIError) || error instanceof APIUserAbortError) return false;
  if (noFirstByte(error) !== undefined) return false;
  if (error instanceof APIConnectionError) return true;
  const status = error.status ?? 0;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Subclasses come before their parents: a timeout is a connection error, an overload a server error. */
function describeApiError(error: APIError): Cause {
  if (error instanceof APIUserAbortError) return ABORTED;
  if (error instanceof APIConnectionTimeoutError) {
    return { code: 'timeout', detail: 'Claude did not answer in time' };
  }
  if (error instanceof APIConnectionError) {
    return { code: 'connection', detail: 'could not reach the Claude API; check the network connection' };
  }
  // The API's own words help (which model, which limit); `withoutKey` scrubs them afterwards.
  const said = `(HTTP ${error.status}${error.apiMessage ? `: ${error.apiMessage}` : ''})`;
  if (error instanceof AuthenticationError) {
    return { code: 'authentication', detail: `the API key was rejected ${said}` };
  }
  if (error instanceof PermissionDeniedError) {
    return { code: 'permission', detail: `the API key is not allowed to do this ${said}` };
  }
  if (error instanceof NotFoundError) {
    return { code: 'not_found', detail: `the API found no such resource; is the model id right? ${said}` };
  }
  if (error instanceof RateLimitError) {
    return { code: 'rate_limited', detail: `too many requests for this key; wait and ask again ${said}` };
  }
  // The API can report an overload under another status too, so the body's type counts as well.
  if (error instanceof OverloadedError || error.type === 'overloaded_error') {
    return { code: 'overloaded', detail: `Claude is overloaded right now; ask again later ${said}` };
  }
  if (error instanceof InternalServerError) {
    return { code: 'server_error', detail: `the Claude API failed on its side ${said}` };
  }
  if (error instanceof BadRequestError) {
    return { code: 'bad_request', detail: `the API refused the request as malformed ${said}` };
  }
  return { code: 'api_error', detail: `the Claude API answered with an error ${said}` };
}

/** The key must never reach a detail: details are shown, logged and kept in traces. */
function withoutKey(text: string, apiKey: string): string {
  return text.replaceAll(apiKey, '[API key]');
}

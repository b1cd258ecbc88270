import type { BrowserContext, Route } from 'playwright-core';

/** The Messages API's origin, the one host besides the site's own the page may contact. */
export const ANTHROPIC_ORIGIN = 'https://api.anthropic.com';

/** What the fake does with one POST: answer it, fail the connection, or never answer at all. */
export type FakeOutcome =
  | { kind: 'respond'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'network_failure' }
  | { kind: 'never_answer' };

/** A request the fake received, as it arrived: everything a key could hide in. */
export interface ReceivedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakeAnthropic {
  /** Every request to api.anthropic.com that reached the route, in order. */
  calls: ReceivedCall[];
  /** What the next POSTs get; a test changes it between questions. */
  answerWith: (outcome: FakeOutcome) => void;
}

// The browser calls the API cross-origin with custom headers (x-api-key, anthropic-version…), so the
// preflight must allow them, and the SDK must be able to read retry-after-ms on a retried answer.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-expose-headers': '*',
};

/** A verbatim span of each passage the fakes cite: prompt answer.v2 asks for one with every citation. */
const QUOTES: Record<string, string> = {
  '02-borrowing#loan-periods': '| DVDs and Blu-ray | 7 days | 1 |',
  '04-spaces#study-rooms': 'The library has 6 study rooms that members can book.',
};

/**
 * The reply the prompt asks Claude for (v2: each cited id with its quote), wrapped in a Messages API
 * response as the SDK receives it.
 */
export function messageWith(reply: { answered: boolean; answer: string; citations: string[] }): unknown {
  const citations = reply.citations.map((id) => ({ id, quote: QUOTES[id] ?? 'a quote from nowhere at all' }));
  return messageOf(JSON.stringify({ ...reply, citations }));
}

/** A Messages API response whose text is exactly `text`: a reply, or anything a model might send. */
export function messageOf(text: string): unknown {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-opus-5',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
}

/** An API error body, as the Messages API sends it. */
export function apiError(type: string, message: string): unknown {
  return { type: 'error', error: { type, message } };
}

/**
 * Stands in for api.anthropic.com on the whole context (page and service worker). Every attempt gets the
 * same outcome, so the SDK's retries on 429 and 5xx see the same failure; `retry-after-ms: 1` keeps
 * those retries quick.
 */
export async function fakeAnthropic(context: BrowserContext, first: FakeOutcome): Promise<FakeAnthropic> {
  const calls: ReceivedCall[] = [];
  let outcome = first;
  const handle = async (route: Route) => {
    const request = route.request();
    calls.push({
      method: request.method(),
      url: request.url(),
      headers: await request.allHeaders(),
      body: request.postData() ?? '',
    });
    // Playwright answers the CORS preflight of a routed request itself in Chromium, so this is seldom
    // reached; it is here so that the fake stays right if that ever changes.
    if (request.method() === 'OPTIONS') {
      await route.fulfill({ status: 204, headers: CORS });
      return;
    }
    switch (outcome.kind) {
      case 'respond':
        await route.fulfill({
          status: outcome.status,
          // retry-after-ms: 1 keeps the SDK's retries quick, unless the test sets its own wait.
          headers: { ...CORS, ...(outcome.headers ?? { 'retry-after-ms': '1' }) },
          contentType: 'application/json',
          body: JSON.stringify(outcome.body),
        });
        return;
      case 'network_failure':
        await route.abort('failed');
        return;
      case 'never_answer':
        // Left pending on purpose: the visitor cancels. closeContext() drops the route afterwards.
        return;
    }
  };
  await context.route(`${ANTHROPIC_ORIGIN}/**`, handle);
  return {
    calls,
    answerWith: (next) => {
      outcome = next;
    },
  };
}

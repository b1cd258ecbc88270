import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type ContextOptions, closeContext, launchBrowser, newContext } from './browser';
import { type StaticServer, startStaticServer } from './server';

/** What a test file gets from {@link useSite}: the served site, the browser, and contexts closed for it. */
export interface Site {
  /** The static server over dist/; a test may close it early (the offline test): closing is idempotent. */
  readonly server: StaticServer;
  readonly browser: Browser;
  /** A fresh context (see browser.ts's `newContext`), closed after the test whether it passes or not. */
  newContext: (options?: ContextOptions) => Promise<BrowserContext>;
  /** Closes a context opened elsewhere (e.g. by `visitWithKey`) after the test; returns it. */
  track: <Context extends BrowserContext>(context: Context) => Context;
}

/** Throws the one error among the results, or all of them at once. */
function rethrow(results: ReadonlyArray<PromiseSettledResult<unknown>>, what: string): void {
  const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, `e2e: ${errors.length} failures closing ${what}`);
}

/**
 * Call once, at the top level of a test file: serves the built site and launches Chromium before the
 * file's tests, closes every context a test opened after it, and the browser and server after the file.
 * `server` and `browser` are getters: read them inside tests and hooks, not at the top level.
 */
export function useSite(): Site {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startStaticServer();
    browser = await launchBrowser();
  });

  afterEach(async () => {
    rethrow(await Promise.allSettled(open.splice(0).map(closeContext)), 'contexts');
  });

  afterAll(async () => {
    rethrow(await Promise.allSettled([browser?.close(), server?.close()]), 'the browser and server');
  });

  const track = <Context extends BrowserContext>(context: Context): Context => {
    open.push(context);
    return context;
  };

  const site: Site = {
    get server(): StaticServer {
      if (server === undefined) throw new Error('e2e: useSite().server is there only inside tests');
      return server;
    },
    get browser(): Browser {
      if (browser === undefined) throw new Error('e2e: useSite().browser is there only inside tests');
      return browser;
    },
    newContext: async (options) => track(await newContext(site.browser, options)),
    track,
  };
  return site;
}

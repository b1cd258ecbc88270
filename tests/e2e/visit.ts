import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  closeContext,
  newContext,
  recordConsole,
  recordDialogs,
  recordRequests,
  type SeenRequest,
} from './browser';
import { type FakeAnthropic, type FakeOutcome, fakeAnthropic } from './fake-anthropic';
import type { Site } from './harness';
import type { StaticServer } from './server';
import { openSite, setKey } from './site';

/** A made-up key, shaped like a real one so that nothing treats it differently. */
export const TEST_KEY = 'test-key-0123456789';

/** A visitor who has pasted their key, with everything the page does recorded. */
export interface KeyedVisit {
  context: BrowserContext;
  page: Page;
  fake: FakeAnthropic;
  requests: SeenRequest[];
  console: string[];
  dialogs: string[];
}

/**
 * Opens the site with api.anthropic.com faked, and sets the key for this visit only. The caller closes
 * the context it returns (`useSite().track`); it is closed here only when the visit fails to open.
 */
export async function visitWithKey(options: {
  browser: Browser;
  server: StaticServer;
  outcome: FakeOutcome;
}): Promise<KeyedVisit> {
  const context = await newContext(options.browser);
  try {
    const requests = recordRequests(context);
    const console = recordConsole(context);
    const dialogs = recordDialogs(context);
    const fake = await fakeAnthropic(context, options.outcome);
    const page = await openSite(context, options.server.url);
    await setKey(page, { key: TEST_KEY, remember: false });
    return { context, page, fake, requests, console, dialogs };
  } catch (error) {
    // Not returned, so the caller cannot close it: close it here.
    await closeContext(context).catch(() => undefined);
    throw error;
  }
}

/** {@link visitWithKey} on a test file's site (`useSite()`), its context closed after the test. */
export async function visitSiteWithKey(site: Site, outcome: FakeOutcome): Promise<KeyedVisit> {
  const visit = await visitWithKey({ browser: site.browser, server: site.server, outcome });
  site.track(visit.context);
  return visit;
}

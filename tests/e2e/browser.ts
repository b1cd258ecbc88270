import { type Browser, type BrowserContext, chromium, type Request } from 'playwright-core';

/** Debian's Chromium: `npx playwright install` needs the network, which neither CI nor this sandbox has. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Everything that could make Chromium reach a host of its own accord is off, so that a request the test
// sees leaving the origin can only have come from the site.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium; each test opens its own context in it, a fresh profile with no storage. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface ContextOptions {
  /** The viewport width; 1280 unless a test wants the phone layout. */
  width?: number;
}

/** A context in which the site's service worker registers and runs, as it does for a visitor. */
export function newContext(browser: Browser, { width = 1280 }: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
  });
}

export interface SeenRequest {
  url: string;
  method: string;
  /** Made by the service worker (its precache, or a fetch it forwarded), not by the page. */
  byServiceWorker: boolean;
  request: Request;
}

/**
 * Every request the context makes, the service worker's included (Playwright reports a worker's
 * requests on its context). Start it before the first navigation to cover the page load.
 */
export function recordRequests(context: BrowserContext): SeenRequest[] {
  const seen: SeenRequest[] = [];
  context.on('request', (request) =>
    seen.push({
      url: request.url(),
      method: request.method(),
      byServiceWorker: request.serviceWorker() !== null,
      request,
    }),
  );
  return seen;
}

/** The requests whose URL is not on the site's own origin. */
export function offOrigin(seen: readonly SeenRequest[], origin: string): SeenRequest[] {
  return seen.filter(({ url }) => !url.startsWith(`${origin}/`));
}

/** Closes a context without failing on the routes a test left hanging on purpose. */
export async function closeContext(context: BrowserContext | undefined): Promise<void> {
  if (context === undefined) return;
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
}

/** Every console message of the context's pages, for the tests that a secret is never logged. */
export function recordConsole(context: BrowserContext): string[] {
  const messages: string[] = [];
  context.on('console', (message) => messages.push(message.text()));
  context.on('weberror', (error) => messages.push(String(error.error())));
  return messages;
}

/** Every dialog (alert, confirm, prompt) a page opens: a script the page never meant to run. */
export function recordDialogs(context: BrowserContext): string[] {
  const dialogs: string[] = [];
  context.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

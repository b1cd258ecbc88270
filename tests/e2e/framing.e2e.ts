import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRequests, type SeenRequest } from './browser';
import { ANTHROPIC_ORIGIN, fakeAnthropic, messageWith } from './fake-anthropic';
import { useSite } from './harness';
import { openSite, setKey } from './site';
import { TEST_KEY } from './visit';

// Issue 35, item 8: a page shown inside a frame (of another site, or of a site sharing its origin, as
// every GitHub Pages project of one owner does) is covered, its controls inert, and a key this device
// remembers is never read, let alone sent.

const site = useSite();

/** Another local site, on a port of its own: another origin, whose page frames ours. */
let framer: { url: (framed: string) => string; close: () => Promise<void> } | undefined;

beforeAll(async () => {
  const server: Server = createServer((request, response) => {
    const framed = new URL(request.url ?? '/', 'http://localhost').searchParams.get('page') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(framingPage(framed));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  const { port } = server.address() as AddressInfo;
  framer = {
    url: (framed) => `http://127.0.0.1:${port}/?page=${encodeURIComponent(framed)}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
});

afterAll(() => framer?.close());

const framingPage = (framed: string) =>
  `<!doctype html><title>another site</title><iframe src="${framed.replaceAll('"', '&quot;')}" width="1000" height="800"></iframe>`;

/** A visitor who remembered their key on this device, in a tab of its own; the requests from then on. */
async function rememberedKey(context: BrowserContext): Promise<SeenRequest[]> {
  const own = await openSite(context, site.server.url);
  await setKey(own, { key: TEST_KEY, remember: true });
  await own.close();
  return recordRequests(context);
}

async function headersHolding(requests: readonly SeenRequest[], secret: string): Promise<string[]> {
  const found: string[] = [];
  for (const { url, request } of requests) {
    const headers = await request.allHeaders().catch(() => ({}));
    const body = request.postData() ?? '';
    if (`${url} ${JSON.stringify(headers)} ${body}`.includes(secret)) found.push(url);
  }
  return found;
}

describe('the page inside a frame', () => {
  it.each([
    ['another origin (another port)', () => framer?.url(site.server.url) ?? ''],
    [
      'its own origin (another project site of the same owner)',
      () => `${site.server.origin}/another-project/`,
    ],
  ])(
    'framed by %s: covered with a notice and a link out, inert, and the remembered key never sent',
    async (_name, framerUrl) => {
      const context = await site.newContext();
      await fakeAnthropic(context, {
        kind: 'respond',
        status: 200,
        body: messageWith({
          answered: true,
          answer: 'Seven days.',
          citations: ['02-borrowing#loan-periods'],
        }),
      });
      await context.route(`${site.server.origin}/another-project/`, (route) =>
        route.fulfill({ contentType: 'text/html', body: framingPage(site.server.url) }),
      );
      const requests = await rememberedKey(context);

      const page = await context.newPage();
      await page.goto(framerUrl());
      const frame = page.frameLocator('iframe');
      const notice = frame.getByRole('alertdialog', { name: 'This page is shown inside another page' });
      await notice.waitFor();
      const link = notice.getByRole('link', { name: 'Open sourcebound in its own tab' });
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toMatch(/\bnoopener\b/);
      expect(await link.getAttribute('href')).toBe(site.server.url);

      // The question box is there once the index has loaded, and inert: no click or key reaches it.
      const question = frame.locator('#question');
      await question.waitFor({ state: 'attached' });
      expect(await question.evaluate((field) => field.closest('[inert]') !== null)).toBe(true);
      await expect(question.click({ timeout: 1_000 })).rejects.toThrow();

      // Even a question submitted by script (what a framing site cannot do, but the strongest check) is
      // answered without the key: the page never read it from this device's storage.
      await question.evaluate((field: HTMLInputElement) => {
        field.value = 'How long can I borrow a DVD for?';
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
      // After the page has re-rendered with the question: its submit handler reads the rendered state.
      await frame.locator('form.ask button[type="submit"]').waitFor({ state: 'attached' });
      await question.evaluate((field: HTMLInputElement) => field.form?.requestSubmit());
      await frame.locator('section.result').waitFor({ state: 'attached' });
      expect(await frame.locator('section.result').textContent()).toMatch(/stand-in/);

      expect(requests.filter(({ url }) => url.startsWith(ANTHROPIC_ORIGIN))).toEqual([]);
      expect(await headersHolding(requests, TEST_KEY)).toEqual([]);
    },
  );
});

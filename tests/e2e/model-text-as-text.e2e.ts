import { describe, expect, it } from 'vitest';
import { offOrigin } from './browser';
import { ANTHROPIC_ORIGIN, messageWith } from './fake-anthropic';
import { useSite } from './harness';
import { ask, resultHeading } from './site';
import { visitSiteWithKey } from './visit';

const QUESTION = 'How long can I borrow a DVD for?';
// What the two replies point at: `x` (relative to the page) and `https://evil.example/x.png`.
const IMAGE_FROM_REPLY = /\/x(\.png)?$/u;

const site = useSite();

const hostile = [
  { name: 'an HTML image with an onerror handler', answer: '<img src=x onerror=alert(1)>' },
  { name: 'a Markdown image on another host', answer: '![x](https://evil.example/x.png)' },
];

describe("the model's answer is rendered as text, never as markup", () => {
  for (const { name, answer } of hostile) {
    it(`shows ${name} literally, creates no image, runs nothing and loads nothing`, async () => {
      const visit = await visitSiteWithKey(site, {
        kind: 'respond',
        status: 200,
        body: messageWith({ answered: true, answer, citations: ['02-borrowing#loan-periods'] }),
      });
      const { page, requests, dialogs } = visit;

      await ask(page, QUESTION);
      // An image, had one been created, would have loaded (or failed to) and fired its handler by now.
      await page.waitForLoadState('networkidle');

      expect(await resultHeading(page).textContent()).toBe('Answer');
      expect(await page.locator('.answer-text').textContent()).toBe(answer);
      expect(await page.locator('.answer-text img').count()).toBe(0);
      // The page has no images of its own: any <img> at all came from model text.
      expect(await page.locator('img').count()).toBe(0);
      expect(dialogs).toEqual([]);
      // The page's CSP would block an inline handler; a violation reported means markup got through.
      expect(visit.console.filter((message) => message.includes('Content Security Policy'))).toEqual([]);
      const elsewhere = offOrigin(requests, site.server.origin).filter(
        ({ url }) => !url.startsWith(`${ANTHROPIC_ORIGIN}/`),
      );
      expect(elsewhere.map(({ url }) => url)).toEqual([]);
      // `src=x` would resolve on the site itself, so the origin's own requests are checked too; the
      // browser's own fetch of the tab's icon is the one image the page may load.
      const imageRequests = requests.filter(
        ({ url, request }) =>
          (request.resourceType() === 'image' && !url.endsWith('/favicon.svg')) || IMAGE_FROM_REPLY.test(url),
      );
      expect(imageRequests.map(({ url }) => url)).toEqual([]);
    });
  }
});

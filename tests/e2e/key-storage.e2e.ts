import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSite } from './harness';
import { keyStatus, openSite, setKey, waitForAskBox } from './site';
import { TEST_KEY } from './visit';

const NO_KEY = 'No key set';
const REMEMBERED = 'A key is set and remembered on this device.';
const THIS_VISIT_ONLY = 'A key is set for this visit only (held in memory).';

const site = useSite();

/** Where this site could have put the key: web storage, IndexedDB, the Cache API and cookies. */
async function storagesHolding(page: Page, key: string): Promise<string[]> {
  const inPage = await page.evaluate(async (secret) => {
    const found: string[] = [];
    for (const [name, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (let position = 0; position < storage.length; position += 1) {
        const item = storage.key(position) ?? '';
        if (`${item}=${storage.getItem(item)}`.includes(secret)) found.push(`${name}: ${item}`);
      }
    }
    for (const database of await indexedDB.databases()) {
      if ((database.name ?? '').includes(secret)) found.push(`indexedDB: ${database.name}`);
    }
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        if (request.url.includes(secret)) found.push(`caches: ${cacheName} ${request.url}`);
      }
    }
    return found;
  }, key);
  const cookies = await page.context().cookies();
  const inCookies = cookies
    .filter(({ name, value }) => `${name}=${value}`.includes(key))
    .map(({ name }) => `cookie: ${name}`);
  return [...inPage, ...inCookies];
}

async function reload(page: Page): Promise<void> {
  await page.reload();
  await waitForAskBox(page);
}

describe('the key is kept only where the visitor chose', () => {
  it('a key set without "remember" is in no storage, and is gone after a reload', async () => {
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);

    await setKey(page, { key: TEST_KEY, remember: false });
    expect(await keyStatus(page)).toBe(THIS_VISIT_ONLY);
    expect(await storagesHolding(page, TEST_KEY)).toEqual([]);

    await reload(page);

    expect(await storagesHolding(page, TEST_KEY)).toEqual([]);
    expect(await keyStatus(page)).toContain(NO_KEY);
  });

  it('a remembered key survives a reload, and "Forget key" wipes it from every storage', async () => {
    const context = await site.newContext();
    const page = await openSite(context, site.server.url);

    await setKey(page, { key: TEST_KEY, remember: true });
    await reload(page);
    expect(await keyStatus(page)).toBe(REMEMBERED);
    // The guard: "remember" does store it, so the search below would find it if Forget missed it.
    const holding = await storagesHolding(page, TEST_KEY);
    expect(holding.map((place) => place.split(':')[0])).toEqual(['localStorage']);

    await page.getByRole('button', { name: 'Forget key' }).click();

    expect(await storagesHolding(page, TEST_KEY)).toEqual([]);
    expect(await keyStatus(page)).toContain(NO_KEY);
    await reload(page);
    expect(await storagesHolding(page, TEST_KEY)).toEqual([]);
    expect(await keyStatus(page)).toContain(NO_KEY);
  });
});

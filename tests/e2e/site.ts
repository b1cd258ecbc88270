import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';

/** Where the README's screenshots live. */
export const SCREENSHOTS = resolve(import.meta.dirname, '../../docs/screenshots');

/** A new tab on the site, once the manual has loaded and the ask box is there. */
export async function openSite(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await waitForAskBox(page);
  return page;
}

/**
 * Waits for the question box, and for the related words (the semantic channel) to be in or to have
 * failed: a question asked while they load is read on words alone, and the tests ask for one reading.
 */
export async function waitForAskBox(page: Page): Promise<void> {
  await page.getByLabel('Your question').waitFor();
  await page.locator('.meaning-status:not([data-meaning="loading"])').waitFor();
}

/** The heading of the latest question's result: "Answer", "Refused" or "Cancelled". */
export function resultHeading(page: Page): Locator {
  return resultOfThisQuestion(page).locator('#result-heading');
}

/**
 * Asks a question and waits for its result. The previous result is marked first, so that a result on
 * the page after the click is known to be this question's, even when it reads the same as the last one.
 */
export async function ask(page: Page, question: string): Promise<void> {
  await startAsking(page, question);
  await resultOfThisQuestion(page).waitFor();
  await page.getByRole('button', { name: 'Ask', exact: true }).and(page.locator(':enabled')).waitFor();
}

/** Types the question and clicks Ask, without waiting for the result (the Cancel test). */
export async function startAsking(page: Page, question: string): Promise<void> {
  await page.evaluate(() => {
    for (const previous of document.querySelectorAll('section.result')) {
      previous.setAttribute('data-e2e-previous', '');
    }
  });
  await page.getByLabel('Your question').fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
}

/** The result rendered since the last startAsking(). */
export function resultOfThisQuestion(page: Page): Locator {
  return page.locator('section.result:not([data-e2e-previous])');
}

/** Opens Settings, pastes the key, ticks "remember" or not, and saves. */
export async function setKey(page: Page, options: { key: string; remember: boolean }): Promise<void> {
  await openSettings(page);
  await page.getByLabel('Anthropic API key').fill(options.key);
  await page.getByLabel('Remember the key on this device').setChecked(options.remember);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.').waitFor();
}

export async function openSettings(page: Page): Promise<void> {
  const settings = page.locator('details.settings');
  if (!(await settings.evaluate((details: HTMLDetailsElement) => details.open))) {
    await settings.locator('summary').click();
  }
}

/** What Settings says about the key right now. */
export async function keyStatus(page: Page): Promise<string> {
  await openSettings(page);
  return (await page.locator('.settings-status').textContent()) ?? '';
}

/** A full-page PNG at the given width, into docs/screenshots/. */
export async function screenshot(page: Page, options: { name: string; width: number }): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: options.width, height: 900 });
  await page.screenshot({ path: resolve(SCREENSHOTS, `${options.name}.png`), fullPage: true });
}

/** Opens a <details> disclosure (its summary clicked, as a visitor would) unless it is open already. */
export async function openDisclosure(details: Locator): Promise<void> {
  if (!(await details.evaluate((element: HTMLDetailsElement) => element.open))) {
    await details.locator(':scope > summary').click();
  }
}

/** Opens "Your own documents" and picks files through its "choose files" button. */
export async function chooseDocuments(page: Page, paths: string[]): Promise<void> {
  await openDisclosure(page.locator('details.corpus'));
  await page.getByLabel('choose files').setInputFiles(paths);
}

/** Opens the latest result's Details: the reason code, scores, prompt version and trace button. */
export async function openResultDetails(page: Page): Promise<void> {
  await openDisclosure(resultOfThisQuestion(page).locator('details.result-details'));
}

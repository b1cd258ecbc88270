// axe-core run on a page as it stands: from node_modules, injected by the test (nothing comes from a CDN).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Every axe violation on the page as it stands, of any impact. axe is evaluated through the DevTools
 * protocol, which the page's CSP (script-src 'self') does not govern, so the page is audited unchanged.
 */
export async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const found = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as Violation[];
  return found.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withDefaultVectors } from '../../scripts/lib/vector-table';
import { ask as askEngine, createEngine } from '../../src/ask/engine';
import { parseEvalSet } from '../../src/evaluation/eval-set';
import { createExtractiveClient } from '../../src/reader/extractive';
import { useSite } from './harness';
import { shippedIndex } from './server';
import { ask, resultOfThisQuestion, waitForAskBox } from './site';

const site = useSite();

describe('the page decides as the command line does', () => {
  it('every evaluation question: the same outcome, passages and scores in the page as in Node', async () => {
    // The page reads with the related words once they are in, as the command line does by default.
    const engine = withDefaultVectors(createEngine(shippedIndex()));
    const questions = parseEvalSet(JSON.parse(readFileSync('eval/questions.json', 'utf8')));
    const page = await (await site.newContext()).newPage();
    await page.goto(site.server.url);
    await waitForAskBox(page);
    expect(await page.locator('.meaning-status').getAttribute('data-meaning')).toBe('on');

    for (const { question } of questions) {
      const expected = await askEngine({ engine, client: createExtractiveClient(), question });
      await ask(page, question);
      const result = resultOfThisQuestion(page);
      const shown = {
        heading: await result.locator('#result-heading').textContent(),
        reason:
          expected.status === 'refused'
            ? await result.locator('.refusal-detail code').first().textContent()
            : null,
        passages: await result.locator('ul.passage-scores li').evaluateAll((items) =>
          items.map((item) => ({
            id: item.querySelector('.passage-id')?.textContent,
            score: item.querySelector('.passage-score')?.textContent,
          })),
        ),
      };
      expect(shown, question).toEqual({
        heading: expected.status === 'answered' ? 'Answer' : 'Refused',
        reason: expected.status === 'refused' ? expected.reason : null,
        passages: expected.passages.map(({ passage, score }) => ({
          id: passage.id,
          score: score.toFixed(3),
        })),
      });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { describe as describeResult } from '../../scripts/lib/report';
import { ask, createEngine } from '../../src/ask/engine';
import { MAX_CONTEXT_CHARS } from '../../src/config';
import { describeBudgetCut, fitToBudget } from '../../src/generation/budget';
import { createClaudeClient } from '../../src/generation/claude';
import { compileIndex } from '../../src/ingest/compile';
import type { Passage } from '../../src/types';

const HEADER = '| Item | Loan period | Renewals |\n| --- | --- | --- |';
/** A table of `count` rows about numbered gadgets, with one row about DVDs among them. */
function longTable(count: number): string {
  const rows = Array.from({ length: count }, (_, at) =>
    at === Math.floor(count / 2)
      ? '| DVDs and Blu-ray | 7 days | 1 |'
      : `| Gadget model ${at} | ${at % 30} days | 2 |`,
  );
  return `${HEADER}\n${rows.join('\n')}`;
}

const passage = (id: string, text: string): Passage => ({ id, file: 'a.md', line: 1, trail: ['A'], text });

describe('fitToBudget', () => {
  it('sends passages that fit whole and records what was sent', () => {
    const passages = [passage('a#one', 'Cats sleep 15 hours a day.'), passage('a#two', 'Dogs need walks.')];
    const { passages: sent, budget } = fitToBudget({
      question: 'How long do cats sleep?',
      passages,
      maxChars: 1000,
    });
    expect(sent).toEqual(passages);
    expect(budget).toEqual({ maxChars: 1000, sentChars: 42, elided: [] });
  });

  it('sends a long table as its header and the rows that match the question, saying how many were left out', () => {
    const table = passage('a#loans', longTable(50_000));
    expect(table.text.length).toBeGreaterThan(1_000_000);
    const { passages: sent, budget } = fitToBudget({
      question: 'How long can I borrow a DVD?',
      passages: [table],
      maxChars: MAX_CONTEXT_CHARS,
    });
    const text = sent[0]?.text ?? '';
    expect(text.length).toBeLessThanOrEqual(MAX_CONTEXT_CHARS);
    expect(text.startsWith(HEADER)).toBe(true);
    expect(text).toContain('| DVDs and Blu-ray | 7 days | 1 |');
    expect(text).toMatch(
      /\(49,999 more rows of this table not sent: they do not mention the question's words/,
    );
    expect(budget.elided).toEqual([{ id: 'a#loans', rows: 49_999, chars: expect.any(Number) }]);
    expect(budget.sentChars).toBe(text.length);
  });

  it('cuts a long paragraph between words and says how much was left out', () => {
    const long = passage('a#long', 'word '.repeat(2_000).trim());
    const { passages: sent, budget } = fitToBudget({ question: 'word?', passages: [long], maxChars: 1_000 });
    const text = sent[0]?.text ?? '';
    expect(text.length).toBeLessThanOrEqual(1_000);
    expect(text).toMatch(/^word word/);
    expect(text).toMatch(/\(\d[\d,]* characters of this passage not sent: over the request's budget\)$/);
    expect(budget.elided[0]?.chars).toBeGreaterThan(8_000);
  });

  it('gives what short passages leave unused to the long one', () => {
    const short = passage('a#short', 'Cats sleep 15 hours a day.');
    const long = passage('a#long', `${'Cats nap often. '.repeat(200)}`.trim());
    const { passages: sent } = fitToBudget({ question: 'cats?', passages: [long, short], maxChars: 3_000 });
    expect(sent[1]).toEqual(short);
    expect(sent[0]?.text.length).toBeGreaterThan(2_500);
  });
});

describe('ask: the request a question sends', () => {
  it('does not send a 1 MB table as a 1 MB request, and records the budget in the result', async () => {
    const index = compileIndex({
      files: [{ path: 'loans.md', text: `# Loans\n\n## Loan periods\n\n${longTable(50_000)}\n` }],
      // A table of 50,000 distinct rows scores low against any question; the gate is not what is tested.
      gate: { threshold: 0.000_001, minMargin: 0, source: 'test' },
    });
    const bodies: string[] = [];
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
      bodies.push(String(init?.body));
      return new Response(JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'stop' } }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    };
    const client = createClaudeClient({ apiKey: 'test-key', fetch, maxRetries: 0 });
    const result = await ask({
      engine: createEngine(index),
      client,
      question: 'How long can I borrow a DVD?',
    });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.length).toBeLessThan(MAX_CONTEXT_CHARS + 8_000);
    expect(bodies[0]).toContain('DVDs and Blu-ray');
    expect(result.budget).toMatchObject({
      maxChars: MAX_CONTEXT_CHARS,
      elided: [{ id: 'loans#loan-periods', rows: 49_999 }],
    });
    // Said in the words the CLI prints, not only in --json (issue 35).
    expect(describeResult(result)).toContain(
      `Part of the context was not sent: the request's budget of ${MAX_CONTEXT_CHARS.toLocaleString('en-US')} characters cut loans#loan-periods (49,999 table rows`,
    );
    // Compiling a 50,000-row table takes seconds on two busy cores: more than vitest's 5 s default.
  }, 30_000);

  it('says nothing of a cut when every passage went whole', () => {
    expect(describeBudgetCut(undefined)).toBeUndefined();
    expect(describeBudgetCut({ maxChars: 100, sentChars: 40, elided: [] })).toBeUndefined();
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { explainRefusal } from '../../../src/ask/reasons';
import type { AskResult, Passage, Refused } from '../../../src/types';
import { REFUSAL_REASONS, type RefusalReason } from '../../../src/types';
import { ResultView } from '../../../src/ui/ask/result-view';

afterEach(cleanup);

const PASSAGE: Passage = {
  id: 'guide#loans',
  file: 'guide.md',
  line: 3,
  trail: ['Guide', 'Loans'],
  text: 'DVDs may be borrowed for seven days.',
};
const CLAUDE = { kind: 'claude', name: 'claude-opus-5' } as const;
const STAND_IN = { kind: 'extractive', name: 'extractive stand-in' } as const;

const refused = (reason: RefusalReason, extra: Partial<Refused> = {}): Refused => ({
  status: 'refused',
  question: 'How long can I borrow a DVD?',
  reason,
  detail: `the detail of ${reason}`,
  passages: [{ passage: PASSAGE, score: 0.41 }],
  context: [{ passage: PASSAGE, score: 0.41 }],
  threshold: 0.133,
  promptVersion: 'answer.v2',
  generator: CLAUDE,
  ...extra,
});

function show(
  result: AskResult,
  props: { onStandIn?: () => void; onOpenSettings?: () => void; onOpenPassage?: (id: string) => void } = {},
) {
  render(<ResultView result={result} openId={undefined} onOpenPassage={vi.fn()} {...props} />);
  const section = document.querySelector('section.result') as HTMLElement;
  const details = section.querySelector('details.result-details') as HTMLDetailsElement;
  return { section, details, outside: () => outsideOf(section, details) };
}

/** The text a visitor reads without opening Details. */
function outsideOf(section: HTMLElement, details: HTMLElement): string {
  const copy = section.cloneNode(true) as HTMLElement;
  copy.querySelector('details.result-details')?.remove();
  for (const passage of copy.querySelectorAll('.passage-text')) passage.remove();
  expect(details.isConnected).toBe(true);
  return copy.textContent ?? '';
}

describe('a refusal in plain words', () => {
  it.each(REFUSAL_REASONS)(
    '%s: what happened and what to do, nothing technical outside Details',
    (reason) => {
      const result = refused(reason);
      const { details, outside } = show(result);
      const { summary, nextStep } = explainRefusal(result);
      expect(screen.getByText(summary, { selector: '.refusal-summary' })).toBeTruthy();
      expect(screen.getByText(nextStep, { selector: '.refusal-next' })).toBeTruthy();
      const visible = outside();
      // No reason code, score, prompt version or "read for the answer" before Details is opened.
      expect(visible).not.toContain(reason);
      expect(visible).not.toMatch(/0\.\d{3}|answer\.v2|read for the answer|Prompt version/u);
      expect(details.open).toBe(false);
      expect(within(details).getByText(reason)).toBeTruthy();
      expect(within(details).getByText(/the detail of/)).toBeTruthy();
    },
  );

  it('puts under Details one line on what a score is and what the line on each bar means', () => {
    const { details } = show(refused('no_relevant_context', { generator: undefined, context: [] }));
    const line = within(details).getByText(/in the order retrieval ranked them/);
    expect(line.textContent).toMatch(/from 0 to 1, is the gate's evidence/);
    expect(line.textContent).toMatch(/The line on each bar is the threshold, 0\.133/);
    expect(within(details).getByText('0.410')).toBeTruthy();
    expect(within(details).getByText('Prompt version: answer.v2')).toBeTruthy();
    expect(within(details).getByText(/No model was asked/)).toBeTruthy();
    expect(details.querySelector('svg.score-bar')?.getAttribute('aria-label')).toBe(
      'score 0.410, threshold 0.133: above',
    );
  });

  it('says under Details which channels read the question, with the table and model a replay needs', () => {
    const onWords = show(refused('no_relevant_context', { generator: undefined, context: [] }));
    expect(within(onWords.details).getByText('Matched by: the question’s own words.')).toBeTruthy();
    cleanup();
    const withMeaning = show(
      refused('no_relevant_context', {
        generator: undefined,
        context: [],
        semantic: { table: 'ab'.repeat(32), model: 'fit-test' },
      }),
    );
    const line = within(withMeaning.details).getByText(/^Matched by: the question’s words and related words/);
    expect(line.textContent).toContain('word vectors abababababab…');
    expect(line.textContent).toContain('model fit-test');
    expect(withMeaning.outside()).not.toContain('Matched by');
  });

  it('marks the passages read for the answer under Details only', () => {
    const { details, outside } = show(refused('ungrounded_figure'));
    expect(within(details).getByText('read for the answer')).toBeTruthy();
    expect(outside()).not.toContain('read for the answer');
  });

  it('never says "Ask again" for a quote the stand-in made itself', () => {
    const { outside } = show(
      refused('unsupported_quote', {
        generator: STAND_IN,
        failed: { kind: 'quote', id: PASSAGE.id, quote: 'Sunday: 12:00.', checkedAgainst: [PASSAGE.id] },
      }),
    );
    expect(outside()).not.toMatch(/ask again/iu);
    expect(outside()).toMatch(/read them yourself/);
  });

  it('offers the stand-in and Settings for a rejected key, and calls back on click', () => {
    const onStandIn = vi.fn();
    const onOpenSettings = vi.fn();
    show(refused('model_unavailable', { code: 'authentication' }), { onStandIn, onOpenSettings });
    fireEvent.click(screen.getByRole('button', { name: 'Answer with the stand-in instead' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fix the key in Settings' }));
    expect(onStandIn).toHaveBeenCalledTimes(1);
    expect(onOpenSettings).toHaveBeenCalledTimes(1);
  });

  it('offers no stand-in for a refusal a model can do nothing about', () => {
    show(refused('no_relevant_context'), { onStandIn: vi.fn(), onOpenSettings: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Answer with the stand-in instead' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fix the key in Settings' })).toBeNull();
  });
});

describe('a refusal of the gate, in two kinds', () => {
  it('lists the related sections by title with their first line, each opening its passage', () => {
    const onOpenPassage = vi.fn();
    const { section, details, outside } = show(
      refused('no_relevant_context', { generator: undefined, context: [], threshold: 0.5 }),
      { onOpenPassage },
    );
    expect(outside()).toContain('These sections are related, but none of them clearly answers it:');
    expect(outside()).not.toMatch(/Nothing|not cover/u);
    const link = within(section.querySelector('.related-sections') as HTMLElement).getByRole('link', {
      name: 'Guide › Loans',
    });
    expect(link.getAttribute('title')).toBe(PASSAGE.id);
    expect(link.parentElement?.textContent).toContain('DVDs may be borrowed for seven days.');
    fireEvent.click(link);
    expect(onOpenPassage).toHaveBeenCalledWith(PASSAGE.id);
    expect(within(details).getAllByText(PASSAGE.id).length).toBeGreaterThan(0);
  });

  it('says nothing is about it, and lists nothing, when no passage was found near the question', () => {
    const { section, outside } = show(
      refused('no_relevant_context', { generator: undefined, context: [], passages: [] }),
    );
    expect(outside()).toContain('Nothing in these documents came close to this question.');
    expect(section.querySelector('.related-sections')).toBeNull();
  });
});

describe('an answer', () => {
  const answered = (generator: typeof CLAUDE | typeof STAND_IN): AskResult => ({
    status: 'answered',
    question: 'How long can I borrow a DVD?',
    answer: 'DVDs may be borrowed for seven days.',
    citations: [PASSAGE.id],
    quotes: [{ id: PASSAGE.id, quote: 'borrowed for seven days', span: [12, 35] }],
    generator,
    raw: '{}',
    passages: [{ passage: PASSAGE, score: 0.8 }],
    context: [{ passage: PASSAGE, score: 0.8 }],
    threshold: 0.133,
    promptVersion: 'answer.v2',
  });

  it('says outside Details when the request budget cut passages, and nothing when none was cut (issue 35)', () => {
    const budget = {
      maxChars: 24_000,
      sentChars: 23_990,
      elided: [{ id: PASSAGE.id, rows: 33_562, chars: 0 }],
    };
    const { outside } = show({ ...answered(CLAUDE), budget });
    expect(outside()).toMatch(
      /Part of the context was not sent: .*guide#loans \(33,562 table rows left out\)/,
    );
    cleanup();
    const whole = show({ ...answered(CLAUDE), budget: { ...budget, elided: [] } });
    expect(whole.outside()).not.toMatch(/not sent/);
  });

  it('says when it is the stand-in’s best sentence, not a model’s answer', () => {
    const { outside } = show(answered(STAND_IN));
    expect(outside()).toMatch(
      /best matches your question, picked by the stand-in: no\s+language model wrote it/,
    );
  });

  it('says, under the heading, how the question was read when not as typed, and nothing when it was', () => {
    const reading = {
      readAs: [{ written: 'libary', readAs: 'library' }],
      expanded: [],
      names: ['paris'],
    };
    const { section, outside } = show({ ...answered(STAND_IN), reading });
    expect(section.querySelector('h2 + p.reading')?.textContent).toBe(
      'Read “libary” as “library”. Read “paris” as the name “Paris”, which the documents never use.',
    );
    expect(outside()).toContain('Read “libary” as “library”.');
    cleanup();
    expect(show(answered(STAND_IN)).section.querySelector('.reading')).toBeNull();
    cleanup();
    const refusal = show(refused('model_reported_no_answer', { reading }));
    expect(refusal.section.querySelector('h2 + p.reading')?.textContent).toContain('“Paris”');
  });

  it('says a word read as another only when that changed what was found, and under Details either way', () => {
    const reading = { readAs: [{ written: 'borow', readAs: 'borrow' }], expanded: [], names: [] };
    const unneeded = show({ ...answered(STAND_IN), reading, correctionChanged: false });
    expect(unneeded.section.querySelector('.reading')).toBeNull();
    expect(unneeded.outside()).not.toContain('borow');
    expect(unneeded.details.querySelector('.reading-detail')?.textContent).toBe(
      'How the question was read (reading it as typed finds the same passages): Read “borow” as “borrow”.',
    );
    cleanup();
    const needed = show({ ...answered(STAND_IN), reading, correctionChanged: true });
    expect(needed.section.querySelector('h2 + p.reading')?.textContent).toBe('Read “borow” as “borrow”.');
    expect(needed.details.querySelector('.reading-detail')?.textContent).toBe(
      'How the question was read: Read “borow” as “borrow”.',
    );
  });

  it('names its sources by their headings, the id on hover and under Details', () => {
    const { section, details, outside } = show(answered(CLAUDE));
    const source = within(section.querySelector('.citations') as HTMLElement).getByRole('link');
    expect(source.textContent).toBe('Guide › Loans');
    expect(source.getAttribute('title')).toBe(PASSAGE.id);
    expect(outside()).not.toContain(PASSAGE.id);
    expect(within(details).getByText(PASSAGE.id, { selector: '.passage-scores .passage-id' })).toBeTruthy();
  });

  it('names Claude when Claude wrote it', () => {
    const { outside } = show(answered(CLAUDE));
    expect(outside()).toMatch(/Written by Claude \(claude-opus-5\)/);
    expect(outside()).not.toMatch(/stand-in/);
  });

  it('marks the span the verifier found, taken from the result', () => {
    show(answered(STAND_IN));
    expect([...document.querySelectorAll('.passage-text mark')].map((mark) => mark.textContent)).toEqual([
      'borrowed for seven days',
    ]);
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../../src/ask/engine';
import type { EvalQuestion } from '../../../src/evaluation/eval-set';
import { App } from '../../../src/ui/ask/app';
import { libraryIndex } from '../../helpers/engine';
import { replying } from '../../helpers/scripted';

const engine = createEngine(libraryIndex());
const loadClaude = vi.fn(async () => replying({}));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The page on the visitor's documents, keeping the labelled set as Root does. */
function OwnDocuments({ start = [] }: { start?: EvalQuestion[] }) {
  const [labels, setLabels] = useState<EvalQuestion[]>(start);
  return (
    <>
      <App
        engine={engine}
        corpus="own"
        corpusName="docs"
        loadClaude={loadClaude}
        labels={labels}
        onLabels={setLabels}
      />
      <p data-testid="labels">{labels.map((item) => `${item.question}=${item.answerable}`).join('|')}</p>
    </>
  );
}

const resultHeading = () => document.querySelector('#result-heading')?.textContent;

describe('the first screen', () => {
  it('says what this is: a demonstration over a fictional library’s manual, or the visitor’s documents', () => {
    render(<App engine={engine} loadClaude={loadClaude} />);
    expect(document.querySelector('.intro')?.textContent).toMatch(
      /demonstration over the manual of a fictional library/,
    );
    cleanup();
    render(<App engine={engine} corpus="own" corpusName="team-docs" loadClaude={loadClaude} />);
    expect(document.querySelector('.intro')?.textContent).toMatch(/^Your documents \(team-docs\)/);
    cleanup();
    // Files brought without a folder: no name to repeat.
    render(<App engine={engine} corpus="own" loadClaude={loadClaude} />);
    expect(document.querySelector('.intro')?.textContent).toMatch(/^Your documents: each answer/);
  });

  it('offers questions made from the headings; clicking one puts it in the box and asks it', async () => {
    render(<App engine={engine} loadClaude={loadClaude} />);
    const examples = within(document.querySelector('.examples') as HTMLElement).getAllByRole('button');
    expect(examples.map((button) => button.textContent)).toEqual([
      'Who can join?',
      'What about loan periods?',
      'What about overdue charges?',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'What about loan periods?' }));
    await waitFor(() => expect(resultHeading()).toBe('Answer'));
    expect((screen.getByLabelText('Your question') as HTMLTextAreaElement).value).toBe(
      'What about loan periods?',
    );
    // Once something is asked the result takes their place.
    expect(document.querySelector('.examples')).toBeNull();
  });

  it('lists the documents by their headings, each opening its text as text', async () => {
    render(<App engine={engine} loadClaude={loadClaude} />);
    const browse = document.querySelector('details.browse') as HTMLDetailsElement;
    expect(browse.querySelector('summary')?.textContent).toBe(
      `Browse the manual by its headings (${engine.passages.length} sections)`,
    );
    browse.open = true;
    fireEvent(browse, new Event('toggle'));
    const trail = await within(browse).findByText('Fines and Fees › Overdue Charges');
    const passage = trail.closest('details') as HTMLDetailsElement;
    // Drawn when opened, not before: at 100,000 passages the closed list holds headings alone.
    expect(passage.querySelector('.passage-text')).toBeNull();
    passage.open = true;
    fireEvent(passage, new Event('toggle'));
    await waitFor(() => expect(passage.querySelector('.passage-text')?.textContent).toMatch(/overdue/i));
    expect(passage.querySelector('script, [onclick]')).toBeNull();
  });
});

describe('the question box', () => {
  it('is a box that breaks lines with Shift+Enter and asks with Enter', async () => {
    render(<App engine={engine} loadClaude={loadClaude} />);
    const box = screen.getByLabelText('Your question') as HTMLTextAreaElement;
    expect(box.tagName).toBe('TEXTAREA');
    fireEvent.input(box, { target: { value: 'How long can I borrow a DVD for?' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(resultHeading()).toBeUndefined();
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(resultHeading()).toBe('Answer'));
  });
});

describe('a verdict under a result', () => {
  it('adds the question, labelled, to the visitor’s set, says so where clicked, and never adds it twice', async () => {
    render(<OwnDocuments start={[{ question: 'Is there parking?', answerable: false }]} />);
    fireEvent.input(screen.getByLabelText('Your question'), {
      target: { value: 'How long can I borrow a DVD for?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(resultHeading()).toBe('Answer'));
    const verdict = within(screen.getByRole('group', { name: 'Was this answer right?' }));
    fireEvent.click(verdict.getByRole('button', { name: 'Right' }));
    const status = verdict.getByRole('status');
    expect(status.textContent).toBe('Added to your labelled questions as answerable: 1 answerable, 1 not.');
    expect(screen.getByTestId('labels').textContent).toBe(
      'Is there parking?=false|How long can I borrow a DVD for?=true',
    );
    fireEvent.click(verdict.getByRole('button', { name: 'Right' }));
    expect(status.textContent).toMatch(/^Already in your labelled questions as answerable; nothing added/);
    fireEvent.click(verdict.getByRole('button', { name: 'Wrong' }));
    expect(status.textContent).toMatch(/now labelled not answerable\. 0 answerable, 2 not\.$/);
    expect(screen.getByTestId('labels').textContent).toBe(
      'Is there parking?=false|How long can I borrow a DVD for?=false',
    );
  });

  it('asks a refusal whether it should have answered', async () => {
    render(<OwnDocuments />);
    fireEvent.input(screen.getByLabelText('Your question'), {
      target: { value: 'What is the capital of France?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(resultHeading()).toMatch(/./));
    const verdict = within(screen.getByRole('group', { name: 'Was it right to refuse?' }));
    expect(verdict.queryByRole('button', { name: 'Right to refuse' })).toBeTruthy();
    fireEvent.click(verdict.getByRole('button', { name: 'Right to refuse' }));
    expect(screen.getByTestId('labels').textContent).toBe('What is the capital of France?=false');
  });

  it('is not asked on the manual, which is measured on the project’s own questions', async () => {
    render(<App engine={engine} loadClaude={loadClaude} />);
    fireEvent.input(screen.getByLabelText('Your question'), {
      target: { value: 'How long can I borrow a DVD for?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(resultHeading()).toBe('Answer'));
    expect(document.querySelector('.feedback')).toBeNull();
  });
});

// @vitest-environment happy-dom

import { readFileSync } from 'node:fs';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine, type Engine } from '../../../src/ask/engine-setup';
import { checkEvalSet, type EvalQuestion } from '../../../src/evaluation/eval-set';
import type { GateSettings } from '../../../src/types';
import { CalibrationPanel } from '../../../src/ui/own-documents/calibration-panel';
import { labelledSetFile } from '../../../src/ui/own-documents/labelled-set';
import { gardenIndex, tinyIndex } from '../../helpers/engine';

afterEach(cleanup);

/** The panel with its labels held as the page holds them; `labelled()` is the set so far. */
function labelling(onApply: (gate: GateSettings) => void = vi.fn()) {
  const index = gardenIndex();
  const engine: Engine = createEngine(index);
  let current: EvalQuestion[] = [];
  function Page() {
    const [labels, setLabels] = useState<EvalQuestion[]>([]);
    current = labels;
    return (
      <CalibrationPanel
        engine={engine}
        index={index}
        onApply={onApply}
        labels={labels}
        onLabels={setLabels}
      />
    );
  }
  render(<Page />);
  return { labelled: () => current };
}

function showPassages(question: string) {
  fireEvent.input(screen.getByLabelText('A question about your documents'), { target: { value: question } });
  fireEvent.click(screen.getByRole('button', { name: 'Show passages' }));
}

/** Clicks "This passage answers it" beside the passage with this id. */
function answersIt(id: string) {
  const item = screen.getAllByText(id, { selector: '.label-choices .passage-id' })[0]?.closest('li');
  fireEvent.click(within(item as HTMLElement).getByRole('button', { name: 'This passage answers it' }));
}

describe('CalibrationPanel: labelling by clicking', () => {
  it('builds the labelled set from clicks, in the format of eval/questions.json', () => {
    const { labelled } = labelling();
    showPassages('How many hours of sun do tomato plants need?');
    expect(
      screen.getByText(/Passages found for “How many hours of sun do tomato plants need\?”/),
    ).toBeTruthy();
    answersIt('garden#tomatoes');
    showPassages('What is the capital of France?');
    fireEvent.click(screen.getByRole('button', { name: 'Nothing here answers it' }));
    expect(labelled()).toEqual([
      {
        question: 'How many hours of sun do tomato plants need?',
        answerable: true,
        passage: 'garden#tomatoes',
        note: 'labelled in the page',
      },
      { question: 'What is the capital of France?', answerable: false, note: 'labelled in the page' },
    ]);
    expect(screen.getByRole('heading', { name: 'Your labelled questions (2)' })).toBeTruthy();
    // What downloads is a set the command line's schema accepts.
    expect(checkEvalSet(JSON.parse(labelledSetFile(labelled()))).ok).toBe(true);
  });

  it('measures the calibration as the set grows, and applies a threshold only when asked', async () => {
    const onApply = vi.fn();
    labelling(onApply);
    showPassages('How many hours of sun do tomato plants need?');
    answersIt('garden#tomatoes');
    expect(
      (await screen.findByText(/label at least one question a passage answers and one that nothing answers/))
        .textContent,
    ).toBeTruthy();
    showPassages('When should I prune roses?');
    answersIt('garden#roses');
    showPassages('How often should I water the tomato plants?');
    fireEvent.click(screen.getByRole('button', { name: 'Nothing here answers it' }));
    const status = await screen.findByText(/is the threshold to use/);
    expect(status.textContent).toMatch(/its midpoint, 0\.\d{3}, is the threshold to use/);
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /^Use threshold 0\.\d{3}$/ }));
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({ source: expect.stringMatching(/on 3 questions of your own/) }),
    );
  });

  it('takes a question labelled again at its newest label, and removes one on request', () => {
    const { labelled } = labelling();
    showPassages('When should I prune roses?');
    answersIt('garden#roses');
    showPassages('when should I prune roses?');
    fireEvent.click(screen.getByRole('button', { name: 'Nothing here answers it' }));
    expect(labelled().map((item) => [item.question, item.answerable])).toEqual([
      ['when should I prune roses?', false],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove “when should I prune roses?”' }));
    expect(labelled()).toEqual([]);
  });

  it('still adds a questions file (or JSON) to the set', async () => {
    const { labelled } = labelling();
    fireEvent.input(screen.getByLabelText('Labelled questions (JSON)'), {
      target: { value: readFileSync('tests/fixtures/other-corpus-questions.json', 'utf8') },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Measure' }));
    await screen.findByText(/is the threshold to use/);
    expect(labelled()).toHaveLength(4);
  });

  it('says so when what measures the questions cannot be loaded (offline on a first visit)', async () => {
    const index = tinyIndex();
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    render(
      <CalibrationPanel
        engine={createEngine(index)}
        index={index}
        onApply={vi.fn()}
        labels={[]}
        onLabels={vi.fn()}
        load={load}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Measure' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /could not load what measures your questions/,
    );
  });
});

// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine, retrieverOf } from '../../../src/ask/engine';
import { outcomeAt, type RiskCoveragePoint, runEvaluation } from '../../../src/evaluation/eval-run';
import { parseEvalSet } from '../../../src/evaluation/eval-set';
import { formatScore } from '../../../src/retrieval/score-format';
import * as questionTime from '../../../src/ui/ask/question-time';
import { EvalPage } from '../../../src/ui/eval/eval-page';
import { axisFor, FONT, PLOT_WIDTH, RiskCoverageCurve, StripPlot } from '../../../src/ui/eval/eval-plots';
import { gardenEngine, libraryIndex } from '../../helpers/engine';

afterEach(cleanup);

const library = createEngine(libraryIndex());
const LAZY = { timeout: 5000 };
/** How many questions the shipped set holds, and the threshold in use: read, not written down. */
const SHIPPED_COUNT = (JSON.parse(readFileSync('eval/questions.json', 'utf8')) as unknown[]).length;
const IN_USE = formatScore(library.gate.threshold);
/** The shipped set passes whole at the threshold it was calibrated on: `npm run eval` fails otherwise. */
const ALL_PASS = `${SHIPPED_COUNT} passed, 0 failed, 0 skipped`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * What the shipped set comes to on this engine, read by the same run the page makes rather than written
 * down: the answerable question with the lowest best score, and a threshold just above it that refuses
 * it and no other (halfway to the next score, on the page's three-decimal step).
 */
const shippedRun = await runEvaluation({
  engine: library,
  items: parseEvalSet(JSON.parse(readFileSync('eval/questions.json', 'utf8'))),
  client: questionTime.createExtractiveClient(),
  ask: questionTime.ask,
});
if (shippedRun === undefined) throw new Error('the shipped set did not run');
const outcomes = outcomeAt(shippedRun, library.gate.threshold);
const answered = outcomes.filter((outcome) => outcome.status === 'answered' && !outcome.beyondGate);
const byScore = [...new Set(outcomes.map((outcome) => outcome.bestScore))].sort((a, b) => a - b);
const lowestAnswered = answered.reduce((low, outcome) => (outcome.bestScore < low.bestScore ? outcome : low));
const nextScore =
  byScore.find((score) => score > lowestAnswered.bestScore) ?? lowestAnswered.bestScore + 0.01;
const TRIED = formatScore(Math.ceil(((lowestAnswered.bestScore + nextScore) / 2) * 1000) / 1000);
const decided = outcomes.filter((outcome) => outcome.judgement.verdict !== 'SKIP').length;

/** The closing line at the threshold in use, once the run is over. */
const closing = async () =>
  (await screen.findByText(/^\d+ passed, \d+ failed, \d+ skipped$/, {}, LAZY)).textContent;

/** The page's progress line; the slider's <output> is a status too. */
const progress = () => screen.getByRole('status', { name: 'Evaluation' });
const slider = () => screen.getByLabelText('Threshold to try') as HTMLInputElement;
const moveSlider = (value: string) => fireEvent.input(slider(), { target: { value } });

function paste(text: string) {
  fireEvent.input(screen.getByLabelText(/Labelled questions/), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Evaluate these questions' }));
}

describe('EvalPage on the bundled manual', () => {
  it('evaluates eval/questions.json on open and ends with the line npm run eval -- --no-model prints', async () => {
    render(<EvalPage engine={library} corpus="bundled" onApply={vi.fn()} />);
    expect(await closing()).toBe(ALL_PASS);
    expect(progress().textContent).toContain(
      `Evaluated ${SHIPPED_COUNT} questions at the threshold in use, ${IN_USE}`,
    );
    expect(screen.getByText(/Answers by the extractive stand-in/).textContent).toMatch(
      /questions that need one are SKIP/,
    );
    expect(slider().value).toBe(IN_USE);
    expect(screen.getByRole('button', { name: /Apply this threshold/ })).toHaveProperty('disabled', true);
  });

  it('says how far the run has got while it runs', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The second question waits until the test has read the status.
    const ask: typeof questionTime.ask = async (options) => {
      if (options.question === 'How long can I keep a magazine?') await held;
      return questionTime.ask(options);
    };
    render(
      <EvalPage
        engine={library}
        corpus="bundled"
        onApply={vi.fn()}
        load={async () => ({ ...questionTime, ask })}
      />,
    );
    expect(
      (await screen.findByText(`Evaluating 2 of ${SHIPPED_COUNT}…`, {}, LAZY)).getAttribute('role'),
    ).toBe('status');
    release();
    expect(await closing()).toBe(ALL_PASS);
  });

  it('shows, when the slider passes an answerable question, that it would be refused, without applying anything', async () => {
    const onApply = vi.fn();
    render(<EvalPage engine={library} corpus="bundled" onApply={onApply} />);
    await closing();
    const table = () => screen.getByRole('table', { name: /^At 0\.\d{3}/ });
    const answeredAnswerable = () =>
      within(table()).getAllByRole('row')[1]?.querySelectorAll('td')[0]?.textContent;
    const answerable = answered.filter((outcome) => outcome.answerable).length;
    expect(answeredAnswerable()).toBe(String(answerable));
    // Just above the lowest answerable question's best score: that question, and it alone, is refused.
    moveSlider(TRIED);
    expect(screen.getByText(TRIED, { selector: 'output' })).toBeTruthy();
    const changes = screen.getByRole('list', { name: `Questions that would change at ${TRIED}` });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`${lowestAnswered.question}: would now be refused (no_relevant_context); PASS → FAIL`]);
    expect(answeredAnswerable()).toBe(`${answerable - 1} (in use: ${answerable})`);
    expect(onApply).not.toHaveBeenCalled();
    // The line at the threshold in use stays what it was.
    expect(progress().textContent).toMatch(new RegExp(`${escaped(IN_USE)}: ${ALL_PASS}`));
    expect(
      screen.getByRole('row', { name: new RegExp(escaped(lowestAnswered.question)) }).textContent,
    ).toMatch(/FAILrefused: no_relevant_context/);
  });

  it('applies the slider’s threshold, saying where it came from', async () => {
    const onApply = vi.fn();
    render(<EvalPage engine={library} corpus="bundled" onApply={onApply} />);
    await closing();
    moveSlider(TRIED);
    fireEvent.click(screen.getByRole('button', { name: `Apply this threshold (${TRIED})` }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0]?.[0]).toEqual({
      threshold: Number(TRIED),
      minMargin: 0,
      source: expect.stringMatching(
        new RegExp(
          `^chosen in the evaluation page on \\d{4}-\\d{2}-\\d{2} on ${SHIPPED_COUNT} questions \\(${SHIPPED_COUNT - 1} passed, 1 failed, 0 skipped at this threshold; the threshold before was ${escaped(IN_USE)}\\)$`,
        ),
      ),
    });
  });

  it('keeps the run when the applied threshold comes back as the gate in use, and starts the slider there', async () => {
    const onApply = vi.fn();
    const load = vi.fn(async () => questionTime);
    const { rerender } = render(<EvalPage engine={library} corpus="bundled" onApply={onApply} load={load} />);
    await closing();
    moveSlider(TRIED);
    const applied = { ...library, gate: { ...library.gate, threshold: Number(TRIED), source: 'applied' } };
    rerender(<EvalPage engine={applied} corpus="bundled" onApply={onApply} load={load} />);
    expect(await closing()).toBe(`${SHIPPED_COUNT - 1} passed, 1 failed, 0 skipped`);
    expect(load).toHaveBeenCalledTimes(1);
    expect(Number(slider().value)).toBe(Number(TRIED));
    expect(screen.getByRole('button', { name: /Apply this threshold/ })).toHaveProperty('disabled', true);
  });

  it('draws the scores with a description naming the gap, and the curve with its figures at both thresholds', async () => {
    render(<EvalPage engine={library} corpus="bundled" onApply={vi.fn()} />);
    await closing();
    const strip = screen.getByRole('img', { name: /Best retrieval score of each question/ });
    // The answerable group ends at its lowest score; the gap is what lies below it.
    const gap = /A gap of (0\.\d{3}) separates the groups, between (0\.\d{3}) and (0\.\d{3})\./.exec(
      strip.querySelector('desc')?.textContent ?? '',
    );
    expect(gap?.[3]).toBe(formatScore(lowestAnswered.bestScore));
    expect(Number(gap?.[1])).toBeCloseTo(Number(gap?.[3]) - Number(gap?.[2]), 3);
    const beyond = outcomes.filter((outcome) => outcome.beyondGate && !outcome.answerable).length;
    expect(strip.querySelector('desc')?.textContent).toContain(
      `${beyond} unanswerable question${beyond === 1 ? '' : 's'} beyond the gate`,
    );
    expect(strip.querySelectorAll('circle')).toHaveLength(SHIPPED_COUNT);
    const [first] = outcomes;
    expect(strip.querySelector('circle title')?.textContent).toBe(
      `${first?.question} (best score ${formatScore(first?.bestScore ?? 0)})`,
    );
    // The slider's line appears only when it leaves the threshold in use.
    expect(strip.querySelectorAll('.plot-threshold')).toHaveLength(1);
    moveSlider(TRIED);
    expect(strip.querySelectorAll('.plot-threshold')).toHaveLength(2);

    // Raising the threshold past one answered question answers one fewer, of as many decided.
    const curve = screen.getByRole('img', { name: /Risk against coverage/ });
    const figures = new RegExp(
      `At the threshold in use ${escaped(IN_USE)}: coverage 0\\.\\d{3} \\((\\d+) of (\\d+) decided questions answered\\), risk 0\\.000 .*At the slider's threshold ${escaped(TRIED)}: coverage 0\\.\\d{3} \\((\\d+) of (\\d+)`,
    ).exec(curve.querySelector('desc')?.textContent ?? '');
    expect(figures).not.toBeNull();
    expect(Number(figures?.[3])).toBe(Number(figures?.[1]) - 1);
    expect(figures?.[4]).toBe(figures?.[2]);
    expect(Number(figures?.[2])).toBe(decided);
    expect(
      screen.getByText('The curve as a table').closest('details')?.querySelectorAll('tbody tr').length,
    ).toBe(curveRows());
  });

  it('draws its text at least 12 px high on a phone, where a plot is about 300 px wide', async () => {
    render(<EvalPage engine={library} corpus="bundled" onApply={vi.fn()} />);
    await closing();
    const texts = [...document.querySelectorAll('svg.eval-plot text')];
    expect(texts.length).toBeGreaterThan(10);
    for (const text of texts)
      expect((Number(text.getAttribute('font-size')) * 300) / PLOT_WIDTH).toBeGreaterThanOrEqual(12);
    expect((FONT * 300) / PLOT_WIDTH).toBeGreaterThanOrEqual(12);
  });

  it('goes back to the manual’s questions after a pasted set, on request', async () => {
    render(<EvalPage engine={library} corpus="bundled" onApply={vi.fn()} />);
    await closing();
    paste(JSON.stringify([{ question: 'What is the capital of France?', answerable: false }]));
    await screen.findByText(/Evaluated 1 question at/, {}, LAZY);
    fireEvent.click(screen.getByRole('button', { name: "Evaluate the manual's questions" }));
    await screen.findByText(new RegExp(`Evaluated ${SHIPPED_COUNT} questions`), {}, LAZY);
  });

  it('parses the bundled set like any input: an invalid one is named, not run', async () => {
    render(
      <EvalPage engine={library} corpus="bundled" onApply={vi.fn()} bundledQuestions={[{ question: '' }]} />,
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/^not a valid evaluation set: /);
    expect(progress().textContent).toBe('');
    expect(screen.queryByRole('button', { name: "Evaluate the manual's questions" })).toBeNull();
  });

  it('says so when what runs the questions cannot be loaded (offline on a first visit)', async () => {
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    render(<EvalPage engine={library} corpus="bundled" onApply={vi.fn()} load={load} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not load what runs the questions/);
  });
});

/**
 * One row per threshold where an outcome can change: every score of a question's context (its best among
 * them), and one above all. The manual read on words scores in retrieval's order, so the context at any
 * threshold is drawn from the first contextSize passages.
 */
function curveRows(): number {
  const scores = new Set<number>(
    JSON.parse(readFileSync('eval/questions.json', 'utf8')).flatMap((item: { question: string }) => {
      const context = retrieverOf(library)
        .retrieve(item.question, library.contextSize)
        .map(({ score }) => score);
      return context.length === 0 ? [0] : context;
    }),
  );
  return scores.size + 1;
}

describe('EvalPage on the visitor’s own documents', () => {
  it('evaluates on open the questions the visitor labelled by clicking', async () => {
    const labelled = [
      {
        question: 'How many hours of sun do tomato plants need?',
        answerable: true,
        passage: 'garden#tomatoes',
      },
      { question: 'What is the capital of France?', answerable: false },
    ];
    render(<EvalPage engine={gardenEngine()} corpus="own" onApply={vi.fn()} ownQuestions={labelled} />);
    expect(screen.getByText(/The 2 questions you labelled on your documents are evaluated/)).toBeTruthy();
    expect(await closing()).toMatch(/^\d+ passed, \d+ failed, 0 skipped$/);
    expect(progress().textContent).toMatch(/Evaluated 2 questions/);
  });

  it('does not offer the manual’s questions, and evaluates none until some are given', async () => {
    render(<EvalPage engine={gardenEngine()} corpus="own" onApply={vi.fn()} />);
    expect(screen.getByText(/The manual's questions are not offered for your documents/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /manual's questions/ })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(progress().textContent).toBe('');
    expect(screen.queryByLabelText('Threshold to try')).toBeNull();
  });

  it('evaluates a pasted set, and names the questions that make the groups overlap', async () => {
    render(<EvalPage engine={gardenEngine()} corpus="own" onApply={vi.fn()} />);
    paste(
      JSON.stringify([
        {
          question: 'When should I prune roses?',
          answerable: true,
          passage: 'garden#roses',
          mustContain: ['winter'],
        },
        { question: 'Prune roses in late winter?', answerable: false },
      ]),
    );
    await closing();
    expect(progress().textContent).toMatch(/Evaluated 2 questions/);
    expect(
      screen.getByRole('img', { name: /Best retrieval score/ }).querySelector('desc')?.textContent,
    ).toMatch(
      /The groups overlap by 0\.\d{3}: 2 questions on the wrong side of the other group's edge cause it\./,
    );
  });

  it('evaluates a questions file chosen from disk, read into the box first', async () => {
    render(<EvalPage engine={gardenEngine()} corpus="own" onApply={vi.fn()} />);
    const input = screen.getByLabelText('choose a questions file') as HTMLInputElement;
    const file = new File(
      [readFileSync('tests/fixtures/other-corpus-questions.json', 'utf8')],
      'questions.json',
      {
        type: 'application/json',
      },
    );
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
    await waitFor(() =>
      expect((screen.getByLabelText(/Labelled questions/) as HTMLTextAreaElement).value).toMatch(
        /prune roses/,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Evaluate these questions' }));
    await closing();
    expect(progress().textContent).toMatch(/Evaluated 4 questions/);
  });

  it.each([
    ['text that is not JSON', '[{', /^the questions are not JSON: /],
    ['JSON that is not an evaluation set', '[{"question": ""}]', /^not a valid evaluation set: /],
  ])('refuses %s with the parser’s message, and runs nothing', async (_name, text, message) => {
    render(<EvalPage engine={gardenEngine()} corpus="own" onApply={vi.fn()} />);
    paste(text);
    expect((await screen.findByRole('alert')).textContent).toMatch(message);
    expect(progress().textContent).toBe('');
  });

  it('shows the questions as text, never as markup', async () => {
    render(<EvalPage engine={gardenEngine()} corpus="own" onApply={vi.fn()} />);
    const question = '<img src=x onerror="alert(1)"> roses?';
    paste(JSON.stringify([{ question, answerable: false }]));
    await closing();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('row', { name: /roses\?/ }).textContent).toContain(question);
  });
});

describe('the plots, on sets the page rarely sees', () => {
  const unanswerable = (index: number, bestScore: number) => ({
    index,
    question: `question ${index}`,
    bestScore,
    answerable: false,
    beyondGate: false,
  });

  it('says there is no gap to measure when a group is empty, and draws one line when the slider is at the threshold in use', () => {
    render(
      <StripPlot
        points={[unanswerable(0, 0.05), unanswerable(1, 0.1)]}
        shipped={0.138}
        threshold={0.138}
        max={0.2}
      />,
    );
    const strip = screen.getByRole('img', { name: /Best retrieval score/ });
    expect(strip.querySelector('desc')?.textContent).toBe(
      'No answerable questions. 2 unanswerable questions that the gate is meant to decide score 0.050 to 0.100. ' +
        'With a group empty, there is no gap to measure. The solid line is the threshold in use, 0.138.',
    );
    expect(strip.querySelectorAll('.plot-threshold')).toHaveLength(1);
  });

  it('says when nothing is answered, or every question is SKIP, and marks no point it cannot place', () => {
    const point = (threshold: number, decided: number, answered: number): RiskCoveragePoint => ({
      threshold,
      decided,
      answered,
      failedAnswers: 0,
      coverage: decided === 0 ? undefined : answered / decided,
      risk: answered === 0 ? undefined : 0,
    });
    render(
      <RiskCoverageCurve points={[point(0.5, 2, 0)]} shipped={point(0.5, 2, 0)} current={point(0.6, 0, 0)} />,
    );
    const description = screen
      .getByRole('img', { name: /Risk against coverage/ })
      .querySelector('desc')?.textContent;
    expect(description).toMatch(
      /At the threshold in use 0\.500: coverage 0\.000 \(0 of 2 decided questions answered\), so there is no risk to measure\./,
    );
    expect(description).toMatch(
      /At the slider's threshold 0\.600, every question is SKIP: nothing to measure\./,
    );
    expect(document.querySelectorAll('.curve-mark')).toHaveLength(0);
    expect(screen.getByRole('cell', { name: '—' })).toBeTruthy();
  });

  it('scales the curve’s axes to the data, so a risk under 0.1 does not lie on the x-axis', () => {
    expect(axisFor(0.6, 0.95)).toEqual({ from: 0.6, to: 1, ticks: [0.6, 0.7, 0.8, 0.9, 1] });
    expect(axisFor(0, 0.04)).toEqual({ from: 0, to: 0.04, ticks: [0, 0.01, 0.02, 0.03, 0.04] });
    expect(axisFor(0, 0)).toEqual({ from: 0, to: 0.01, ticks: [0, 0.01] });
    const point = (threshold: number, answered: number, failedAnswers: number): RiskCoveragePoint => ({
      threshold,
      decided: 20,
      answered,
      failedAnswers,
      coverage: answered / 20,
      risk: failedAnswers / answered,
    });
    render(
      <RiskCoverageCurve
        points={[point(0.1, 20, 1), point(0.2, 16, 0), point(0.3, 12, 0)]}
        shipped={point(0.1, 20, 1)}
        current={point(0.2, 16, 0)}
      />,
    );
    const curve = screen.getByRole('img', { name: /Risk against coverage/ });
    const ys = [...curve.querySelectorAll('.curve-point')].map((dot) => Number(dot.getAttribute('cy')));
    // Risk 0.05 is drawn at the top of the plot, not a twentieth of the way up.
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(150);
    expect([...curve.querySelectorAll('.curve-label text')].map((label) => label.textContent)).toEqual([
      'slider 0.200',
      'in use 0.100',
    ]);
  });
  it('draws a risk of 0 everywhere on a 0–0.1 axis, where it reads as none, not on 0–0.01', () => {
    const none = (threshold: number, answered: number): RiskCoveragePoint => ({
      threshold,
      decided: 20,
      answered,
      failedAnswers: 0,
      coverage: answered / 20,
      risk: 0,
    });
    render(
      <RiskCoverageCurve
        points={[none(0.1, 20), none(0.2, 16)]}
        shipped={none(0.1, 20)}
        current={none(0.2, 16)}
      />,
    );
    const curve = screen.getByRole('img', { name: /Risk against coverage/ });
    const labels = [...curve.querySelectorAll('text')].map((label) => label.textContent);
    expect(labels).toContain('0.1');
    expect(labels).not.toContain('0.01');
  });
});

describe('the slider, by keyboard', () => {
  it('moves each arrow press to the next threshold where a question changes', async () => {
    render(<EvalPage engine={library} corpus="bundled" onApply={vi.fn()} />);
    await closing();
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    const up = Number(slider().value);
    expect(up).toBeGreaterThan(0.133);
    expect(screen.getByRole('list', { name: new RegExp(`would change at ${up.toFixed(3)}`) })).toBeTruthy();
    fireEvent.keyDown(slider(), { key: 'ArrowLeft' });
    expect(Number(slider().value)).toBeLessThan(up);
  });
});

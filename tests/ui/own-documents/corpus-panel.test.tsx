// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuildCorpus } from '../../../src/ui/own-documents/corpus-build';
import { Root } from '../../../src/ui/shell/root';
import { libraryIndex } from '../../helpers/engine';
import { ask, choose, compileHere } from '../../helpers/page';

afterEach(cleanup);

const fixture = (path: string, type = 'text/markdown') =>
  new File([readFileSync(`tests/fixtures/${path}`, 'utf8')], path.split('/').pop() as string, { type });

async function setup(build: BuildCorpus = compileHere) {
  render(<Root loadIndex={async () => libraryIndex()} loadClaude={vi.fn()} buildCorpus={build} />);
  await screen.findByLabelText('Your question');
}

const inResult = () => within(document.querySelector('section.result') as HTMLElement);

describe('bring your own documents', () => {
  it('indexes picked Markdown files, switches to them, and answers from them with a not-calibrated note', async () => {
    await setup();
    choose([fixture('other-corpus/garden.md')]);
    expect(await screen.findByRole('heading', { name: 'Ask your documents' })).toBeTruthy();
    expect(screen.getByLabelText(/your documents \(1 file, 2 passages\)/)).toHaveProperty('checked', true);

    ask('How many hours of sun do tomato plants need?');
    await screen.findByRole('heading', { name: 'Answer' }, { timeout: 5000 });
    expect(inResult().getAllByText('garden#tomatoes').length).toBeGreaterThan(0);
    expect(screen.getByRole('note').textContent).toMatch(
      /Not calibrated for these documents: the threshold \(0\.138\)/,
    );
  });

  it('switches back to the manual, whose answers carry no calibration note', async () => {
    await setup();
    choose([fixture('other-corpus/garden.md')]);
    await screen.findByRole('heading', { name: 'Ask your documents' });
    fireEvent.click(screen.getByLabelText('the library manual'));
    expect(await screen.findByRole('heading', { name: 'Ask the library manual' })).toBeTruthy();
    ask('How long can I borrow a DVD for?');
    await screen.findByRole('heading', { name: 'Answer' }, { timeout: 5000 });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('indexes the rest when a heading still clashes, and lists the section left out with both places', async () => {
    await setup();
    choose([fixture('duplicate-heading/a.md'), fixture('duplicate-heading/b.md')]);
    await screen.findByRole('heading', { name: 'Ask your documents' });
    expect(screen.getByLabelText(/your documents \(2 files, 2 passages\)/)).toHaveProperty('checked', true);
    const leftOut = document.querySelector('.corpus details') as HTMLElement;
    expect(leftOut.textContent).toMatch(/1 file or section left out/);
    expect(leftOut.textContent).toMatch(
      /a\.md line 7: section left out: its id a#guide-setup is taken by a\.md line 3 as well/,
    );
  });

  it('leaves the manual in use and answering while nothing of a drop can be indexed', async () => {
    await setup();
    choose([new File(['<!-- only a comment -->'], 'empty.md')]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/the corpus in use stays in use/);
    expect(alert.textContent).toMatch(/empty\.md: has no text to index/);
    expect(screen.getByRole('heading', { name: 'Ask the library manual' })).toBeTruthy();
    ask('How long can I borrow a DVD for?');
    await screen.findByRole('heading', { name: 'Answer' }, { timeout: 5000 });
  });

  it('keeps the documents it has when a later drop fails', async () => {
    await setup();
    choose([fixture('other-corpus/garden.md')]);
    await screen.findByRole('heading', { name: 'Ask your documents' });
    choose([new File(['   '], 'notes.md')]);
    expect((await screen.findByRole('alert')).textContent).toMatch(/notes\.md: has no text to index/);
    expect(screen.getByRole('heading', { name: 'Ask your documents' })).toBeTruthy();
    expect(screen.getByLabelText(/your documents \(1 file/)).toBeTruthy();
  });

  it('says there is nothing to index when no file is a document, and lists what it left out', async () => {
    const build = vi.fn(compileHere);
    await setup(build);
    choose([new File(['x'], 'photo.png', { type: 'image/png' })]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/None of these files is a document/);
    expect(alert.textContent).toMatch(
      /photo\.png: not a documentation file \(\.md, \.mdx, \.markdown or \.txt\)/,
    );
    expect(build).not.toHaveBeenCalled();
  });

  it('says what went wrong when the indexing itself fails, and keeps the manual', async () => {
    await setup(async () => {
      throw new Error('your documents could not be indexed in the background: the worker failed');
    });
    choose([fixture('other-corpus/garden.md')]);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be indexed in the background/);
    expect(screen.getByRole('heading', { name: 'Ask the library manual' })).toBeTruthy();
  });

  it('calibrates the gate on labelled questions, applies the midpoint, and drops the not-calibrated note', async () => {
    await setup();
    choose([fixture('other-corpus/garden.md')]);
    await screen.findByRole('heading', { name: 'Ask your documents' });
    const region = await screen.findByRole(
      'region',
      { name: 'Calibrate the gate for your documents' },
      { timeout: 5000 },
    );
    const panel = () => within(region);
    expect(panel().getByText(/threshold in use \(0\.138\) was measured on the library manual/)).toBeTruthy();
    fireEvent.input(panel().getByLabelText('Labelled questions (JSON)'), {
      target: { value: readFileSync('tests/fixtures/other-corpus-questions.json', 'utf8') },
    });
    fireEvent.click(panel().getByRole('button', { name: 'Measure' }));
    expect((await panel().findByRole('status')).textContent).toMatch(
      /its midpoint, 0\.550, is the threshold to use/,
    );
    // Not applied until the visitor says so: the question that the old threshold let through still gets through.
    ask('How often should I water the tomato plants?');
    expect(
      (await screen.findByRole('heading', { name: /^(Answer|Refused)$/ }, { timeout: 5000 })).textContent,
    ).toBeTruthy();
    expect(document.querySelector('section.result')?.textContent).not.toMatch(/no_relevant_context/);

    fireEvent.click(panel().getByRole('button', { name: 'Use threshold 0.550' }));
    expect(
      await panel().findByText(/threshold in use \(0\.550\) was measured on your questions/),
    ).toBeTruthy();
    ask('How often should I water the tomato plants?');
    await screen.findByText('no_relevant_context', {}, { timeout: 5000 });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says when no threshold separates the groups, and which questions cause it', async () => {
    await setup();
    choose([fixture('other-corpus/garden.md')]);
    await screen.findByRole('heading', { name: 'Ask your documents' });
    const panel = within(
      await screen.findByRole('region', { name: 'Calibrate the gate for your documents' }, { timeout: 5000 }),
    );
    const overlapping = [
      {
        question: 'When should I prune roses?',
        answerable: true,
        passage: 'garden#roses',
        mustContain: ['winter'],
      },
      { question: 'Prune roses in late winter?', answerable: false },
    ];
    fireEvent.input(panel.getByLabelText('Labelled questions (JSON)'), {
      target: { value: JSON.stringify(overlapping) },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Measure' }));
    const alert = await panel.findByRole('alert');
    expect(alert.textContent).toMatch(/No threshold separates the two groups/);
    expect(alert.textContent).toMatch(/Prune roses in late winter\?/);
    // Two labels are no measure: said so, whatever the scores.
    expect(
      panel.getByText(/With 1 answerable and 1 unanswerable labels, this threshold is a guess/),
    ).toBeTruthy();
    // Two thresholds offered, each with what it would have done to the labelled questions: the one above
    // the unanswerable question refuses both; the midpoint, strictly between the crossed edges, answers
    // the unanswerable question above it and refuses the answerable one below it.
    const options = within(alert).getAllByRole('button', { name: /^Use threshold \d\.\d{3}$/ });
    expect(options).toHaveLength(2);
    expect(alert.textContent).toMatch(
      /refuses every unanswerable question labelled; it would have left 0 of 1 answerable answered, 0 of 1 unanswerable answered\./,
    );
    expect(alert.textContent).toMatch(
      /midpoint between the two groups; it would have left 0 of 1 answerable answered, 1 of 1 unanswerable answered\./,
    );
    const [refuseBoth] = options;
    fireEvent.click(refuseBoth as HTMLElement);
    expect(await panel.findByText(/In use: your documents are judged at this threshold now/)).toBeTruthy();
    expect(refuseBoth?.getAttribute('aria-pressed')).toBe('true');
    ask('When should I prune roses?');
    expect(
      (await screen.findByText(/Judged with your own threshold/, {}, { timeout: 5000 })).textContent,
    ).toMatch(/chosen on the questions you labelled/);
  });

  it('drops a measurement when new documents arrive, so it cannot be applied to them', async () => {
    await setup();
    choose([fixture('other-corpus/garden.md')]);
    const region = await screen.findByRole(
      'region',
      { name: 'Calibrate the gate for your documents' },
      { timeout: 5000 },
    );
    fireEvent.input(within(region).getByLabelText('Labelled questions (JSON)'), {
      target: { value: readFileSync('tests/fixtures/other-corpus-questions.json', 'utf8') },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Measure' }));
    await within(region).findByRole('button', { name: 'Use threshold 0.550' });
    choose([new File(['# Bikes\n\n## Tyres\n\nPump them to 4 bar.\n'], 'bikes.md')]);
    await screen.findByLabelText(/your documents \(1 file, 1 passage\)/, {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /^Use threshold/ })).toBeNull();
  });

  it('offers no documents of your own when the page cannot build them', async () => {
    render(<Root loadIndex={async () => libraryIndex()} loadClaude={vi.fn()} />);
    await screen.findByLabelText('Your question');
    expect(screen.queryByRole('heading', { name: 'Your own documents' })).toBeNull();
  });
});

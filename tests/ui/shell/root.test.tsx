// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseIndex } from '../../../src/compiled-index/parse';
import { IndexLoadError } from '../../../src/compiled-index/version';
import type { OnProgress } from '../../../src/compiled-index/wire';
import type { WordVectors } from '../../../src/retrieval/semantic';
import { withMeaning } from '../../../src/ui/kit/meaning-engine';
import type { Meaning } from '../../../src/ui/shell/meaning-status';
import { Root } from '../../../src/ui/shell/root';
import { libraryIndex } from '../../helpers/engine';

afterEach(cleanup);

const loadClaude = vi.fn();

describe('Root', () => {
  it('says the manual is loading, then shows the question box', async () => {
    let finish: (value: ReturnType<typeof libraryIndex>) => void = () => {};
    const loading = new Promise<ReturnType<typeof libraryIndex>>((resolve) => {
      finish = resolve;
    });
    render(<Root loadIndex={() => loading} loadClaude={loadClaude} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the manual…');
    finish(libraryIndex());
    expect(await screen.findByLabelText('Your question')).toBeTruthy();
  });

  it('shows how much of the index has arrived, with a bar when the size is known, then that it is reading it', async () => {
    let report: OnProgress = () => {};
    render(
      <Root
        loadIndex={(onProgress) => {
          report = onProgress;
          return new Promise(() => {});
        }}
        loadClaude={loadClaude}
      />,
    );
    act(() => report({ phase: 'downloading', loaded: 2_500_000, total: 10_000_000 }));
    expect(screen.getByRole('status').textContent).toBe('Loading the manual… 2.5 MB of 10.0 MB');
    const bar = screen.getByRole('progressbar', { name: 'Loading the manual' });
    expect(bar.getAttribute('value')).toBe('2500000');
    expect(bar.getAttribute('max')).toBe('10000000');

    act(() => report({ phase: 'downloading', loaded: 20_000, total: undefined }));
    expect(screen.getByRole('status').textContent).toBe('Loading the manual… 20 KB');
    expect(screen.getByRole('progressbar').getAttribute('value')).toBeNull();

    act(() => report({ phase: 'reading', loaded: 20_000 }));
    expect(screen.getByRole('status').textContent).toBe('Reading the manual (20 KB)…');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says plainly when the index cannot be loaded or is not an index', async () => {
    const load = async () => parseIndex(new TextEncoder().encode('{"format":"something else"}'));
    render(<Root loadIndex={load} loadClaude={loadClaude} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/The manual could not be loaded: not a valid sourcebound index/);
    await expect(load()).rejects.toThrow(IndexLoadError);
  });

  it('reports a rejection that is not an Error too', async () => {
    render(<Root loadIndex={() => Promise.reject('offline')} loadClaude={loadClaude} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded: offline/);
  });
});

describe('the evaluation route', () => {
  it('shows the evaluation at #/eval with the question box hidden, and the question box again on leaving', async () => {
    window.location.hash = '#/eval';
    try {
      render(<Root loadIndex={async () => libraryIndex()} loadClaude={vi.fn()} />);
      expect(
        (await screen.findByText(/22 passed, 0 failed, 0 skipped/, {}, { timeout: 5000 })).textContent,
      ).toBeTruthy();
      // Hidden, not gone: a question asked before is still there on return.
      expect(screen.getByLabelText('Your question').closest('[hidden]')).not.toBeNull();
      window.location.hash = '#/';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      await vi.waitFor(() => expect(screen.getByLabelText('Your question').closest('[hidden]')).toBeNull());
      expect(screen.queryByRole('heading', { name: 'How well it answers and refuses' })).toBeNull();
    } finally {
      window.location.hash = '';
    }
  });
});

describe('the semantic channel on the page', () => {
  // Two dimensions: "film" and "dvd" point one way, "mortgage" the other.
  const table: WordVectors = {
    terms: ['dvd', 'film', 'mortgag'],
    dimensions: 2,
    vectors: Float32Array.from([1, 0, 0.96, 0.28, 0, 1]),
    digest: 'c'.repeat(64),
  };
  const meaningStatus = () => document.querySelector('.meaning-status');

  async function askOnce(question: string) {
    fireEvent.input(await screen.findByLabelText('Your question'), { target: { value: question } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const details = await screen.findByText(/^Matched by:/, {}, { timeout: 5000 });
    return details.textContent;
  }

  it('says the related words are loading, and reads questions on words alone until they are in', async () => {
    let arrive: (meaning: Meaning) => void = () => {};
    const loadMeaning = vi.fn(
      () =>
        new Promise<Meaning>((resolve) => {
          arrive = resolve;
        }) as Promise<Exclude<Meaning, { phase: 'loading' }>>,
    );
    render(<Root loadIndex={async () => libraryIndex()} loadMeaning={loadMeaning} loadClaude={loadClaude} />);
    await vi.waitFor(() => expect(loadMeaning).toHaveBeenCalledTimes(1));
    expect(meaningStatus()?.getAttribute('data-meaning')).toBe('loading');
    expect(await askOnce('How long can I borrow a DVD?')).toBe('Matched by: the question’s own words.');

    await act(async () => arrive({ phase: 'on', table, join: withMeaning }));
    await vi.waitFor(() => expect(meaningStatus()?.getAttribute('data-meaning')).toBe('on'));
    expect(meaningStatus()?.textContent).toBe(
      'Words related in meaning count too, not only the question’s own.',
    );
    // The same corpus, read with more: the result on the page stays.
    expect(screen.getByText('Matched by: the question’s own words.')).toBeTruthy();
    expect(await askOnce('How long can I borrow a film?')).toMatch(
      /^Matched by: the question’s words and related words \(word vectors cccccccccccc…/,
    );
  });

  it('says why when the related words cannot be loaded, and answers on words alone', async () => {
    render(
      <Root
        loadIndex={async () => libraryIndex()}
        loadMeaning={async () => ({ phase: 'unavailable', message: 'it could not be downloaded' })}
        loadClaude={loadClaude}
      />,
    );
    await vi.waitFor(() => expect(meaningStatus()?.getAttribute('data-meaning')).toBe('unavailable'));
    expect(meaningStatus()?.textContent).toBe(
      'Related words could not be loaded (it could not be downloaded); only the question’s own words count.',
    );
    expect(await askOnce('How long can I borrow a DVD?')).toBe('Matched by: the question’s own words.');
  });

  it('says nothing of related words when the page has no way to load them', async () => {
    render(<Root loadIndex={async () => libraryIndex()} loadClaude={loadClaude} />);
    await screen.findByLabelText('Your question');
    expect(meaningStatus()).toBeNull();
  });
});

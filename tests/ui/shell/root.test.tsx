// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseIndex } from '../../../src/compiled-index/parse';
import { IndexLoadError } from '../../../src/compiled-index/version';
import type { OnProgress } from '../../../src/compiled-index/wire';
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
      expect(screen.queryByRole('heading', { name: 'Evaluate the gate' })).toBeNull();
    } finally {
      window.location.hash = '';
    }
  });
});

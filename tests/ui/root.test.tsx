// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IndexLoadError, parseIndex } from '../../src/index-file';
import { Root } from '../../src/ui/root';
import { libraryIndex } from '../helpers/engine';

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

  it('says plainly when the index cannot be loaded or is not an index', async () => {
    const load = async () => parseIndex({ format: 'something else' });
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

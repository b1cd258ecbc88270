// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../../src/ask/engine-setup';
import { CalibrationPanel } from '../../../src/ui/own-documents/calibration-panel';
import { tinyIndex } from '../../helpers/engine';

afterEach(cleanup);

describe('CalibrationPanel', () => {
  it('says so when what measures the questions cannot be loaded (offline on a first visit)', async () => {
    const index = tinyIndex();
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    render(<CalibrationPanel engine={createEngine(index)} index={index} onApply={vi.fn()} load={load} />);
    fireEvent.click(screen.getByRole('button', { name: 'Measure' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /could not load what measures your questions/,
    );
  });
});

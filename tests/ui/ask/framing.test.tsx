// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { framedByAnotherOrigin } from '../../../src/ui/ask/framing';
import { DEFAULT_SETTINGS } from '../../../src/ui/ask/settings';
import { SettingsPanel } from '../../../src/ui/ask/settings-panel';

afterEach(cleanup);

/** A window whose top is `top`, as far as framedByAnotherOrigin looks. */
function frameIn(top: { location: { origin: string } } | 'cross-origin' | 'broken'): Window {
  const self = { location: { origin: 'https://sourcebound.example' } } as unknown as Window;
  const topWindow =
    top === 'cross-origin' || top === 'broken'
      ? {
          get location(): never {
            throw top === 'broken'
              ? new TypeError('a bug')
              : new DOMException(
                  'Blocked a frame with origin from accessing a cross-origin frame.',
                  'SecurityError',
                );
          },
        }
      : top;
  return Object.assign(self, { self, top: topWindow }) as Window;
}

describe('framedByAnotherOrigin', () => {
  it('is false for a page in its own tab', () => {
    const view = { location: { origin: 'https://sourcebound.example' } } as unknown as Window;
    Object.assign(view, { self: view, top: view });
    expect(framedByAnotherOrigin(view)).toBe(false);
    expect(framedByAnotherOrigin(undefined)).toBe(false);
  });

  it('is false for a frame of the same origin', () => {
    expect(framedByAnotherOrigin(frameIn({ location: { origin: 'https://sourcebound.example' } }))).toBe(
      false,
    );
  });

  it('is true when another origin frames the page (its location cannot be read)', () => {
    expect(framedByAnotherOrigin(frameIn('cross-origin'))).toBe(true);
  });

  it('rethrows what is not the browser refusing to read another origin', () => {
    expect(() => framedByAnotherOrigin(frameIn('broken'))).toThrow(TypeError);
  });
});

describe('SettingsPanel in a frame of another origin', () => {
  it('shows a notice instead of the key field', () => {
    render(<SettingsPanel settings={DEFAULT_SETTINGS} onSave={() => {}} onForget={() => {}} framed />);
    expect(screen.queryByLabelText('Anthropic API key')).toBeNull();
    expect(screen.getByRole('note').textContent).toMatch(/inside another website's frame/);
    expect(screen.getByRole('link', { name: 'open this site in its own tab' }).getAttribute('target')).toBe(
      '_blank',
    );
  });

  it('shows the key field in its own tab', () => {
    render(<SettingsPanel settings={DEFAULT_SETTINGS} onSave={() => {}} onForget={() => {}} />);
    expect(screen.getByLabelText('Anthropic API key')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { isFramed } from '../../../src/ui/ask/framing';
import { DEFAULT_SETTINGS } from '../../../src/ui/ask/settings';
import { SettingsPanel } from '../../../src/ui/ask/settings-panel';

afterEach(cleanup);

/** A window inside a frame whose top is `top`, or whose `top` cannot even be read. */
function frameIn(top: 'same-origin' | 'cross-origin' | 'broken'): Window {
  const self = { location: { origin: 'https://sourcebound.example' } } as unknown as Window;
  const topWindow = { location: { origin: 'https://sourcebound.example' } };
  return Object.defineProperties(self, {
    self: { get: () => self },
    top: {
      get: () => {
        if (top === 'same-origin') return topWindow;
        throw top === 'broken'
          ? new TypeError('a bug')
          : new DOMException('Blocked a frame', 'SecurityError');
      },
    },
  }) as Window;
}

describe('isFramed', () => {
  it('is false for a page in its own tab', () => {
    const view = { location: { origin: 'https://sourcebound.example' } } as unknown as Window;
    Object.assign(view, { self: view, top: view });
    expect(isFramed(view)).toBe(false);
    expect(isFramed(undefined)).toBe(false);
  });

  it('is true for a frame of the same origin: on GitHub Pages every project site of one owner shares it (issue 35)', () => {
    expect(isFramed(frameIn('same-origin'))).toBe(true);
  });

  it('is true when the browser will not let the page look at its top window', () => {
    expect(isFramed(frameIn('cross-origin'))).toBe(true);
  });

  it('rethrows what is not the browser refusing to read another origin', () => {
    expect(() => isFramed(frameIn('broken'))).toThrow(TypeError);
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

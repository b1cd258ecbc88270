import { describe, expect, it } from 'vitest';
import { visible } from '../../scripts/lib/terminal';

describe('visible', () => {
  it('shows an escape sequence instead of letting the terminal obey it', () => {
    expect(visible('answer\x1b[2J\x1b]0;title\x07')).toBe('answer␛[2J␛]0;title␇');
  });

  it('shows C1 controls, DEL and bidi overrides as \\u escapes', () => {
    expect(visible('a\x9bb\x7fc\u202ed\u2066e')).toBe('a\\u009bb\\u007fc\\u202ed\\u2066e');
  });

  it('keeps line breaks, tabs and every printable character', () => {
    const text = 'Cats sleep 15 hours.\n\t– « ٩٩ » 𝟗 ✓ ␛';
    expect(visible(text)).toBe(text);
  });

  it('keeps JSON output JSON with the same meaning', () => {
    const value = { answer: 'a\u202eb\x9bc\x7f\x1b' };
    expect(JSON.parse(visible(JSON.stringify(value)))).toEqual(value);
  });
});

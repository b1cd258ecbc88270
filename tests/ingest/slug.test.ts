import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainText, slugify } from '../../src/ingest/slug';

const SLUG_SHAPE = /^[\p{L}\p{N}\p{M}]+(?:-[\p{L}\p{N}\p{M}]+)*$/u;

describe('slugify', () => {
  it('lowercases and joins words with single dashes', () => {
    expect(slugify('Renewal and Expiry')).toBe('renewal-and-expiry');
  });

  it('collapses a run of punctuation and spaces into one dash', () => {
    expect(slugify('Lost & Damaged Items')).toBe('lost-damaged-items');
    expect(slugify('Fees, fines   and/or charges')).toBe('fees-fines-and-or-charges');
  });

  it('trims dashes from both ends', () => {
    expect(slugify('  (Optional) setup!  ')).toBe('optional-setup');
    expect(slugify('--Holds--')).toBe('holds');
  });

  it('strips inline Markdown formatting', () => {
    expect(slugify('**Bold** and _italic_ and ~~gone~~')).toBe('bold-and-italic-and-gone');
    expect(slugify('The `renew` command')).toBe('the-renew-command');
    expect(slugify('See [the rules](https://example.org/rules)')).toBe('see-the-rules');
    expect(slugify('![Card icon](card.png) Cards')).toBe('card-icon-cards');
    expect(slugify('Press <kbd>Ctrl</kbd>')).toBe('press-ctrl');
    expect(slugify('Item \\#1')).toBe('item-1');
  });

  it('keeps Unicode letters and digits', () => {
    expect(slugify('Déjà Vu 2')).toBe('déjà-vu-2');
    expect(slugify('Ausleihe für Kinder')).toBe('ausleihe-für-kinder');
    expect(slugify('貸出と返却')).toBe('貸出と返却');
  });

  it('does not cut a word at a combining mark', () => {
    expect(slugify('हिन्दी पुस्तकें')).toBe('हिन्दी-पुस्तकें');
    // The same heading typed decomposed (`e` + U+0301) and precomposed gets the same slug.
    expect(slugify('Cafe\u0301')).toBe(slugify('Caf\u00e9'));
  });

  it('falls back to "section" when nothing alphanumeric is left', () => {
    expect(slugify('')).toBe('section');
    expect(slugify('!!! ???')).toBe('section');
    expect(slugify('<br>')).toBe('section');
  });

  it('always gives a non-empty run of dash-separated words, and is stable when applied again', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (heading) => {
        const slug = slugify(heading);
        expect(slug).toMatch(SLUG_SHAPE);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe('plainText', () => {
  it('reads a heading as a reader sees it', () => {
    expect(plainText('**Lost** & `Damaged` Items')).toBe('Lost & Damaged Items');
  });

  it('joins the lines of a multi-line heading with single spaces', () => {
    expect(plainText('Opening\\\nhours   today')).toBe('Opening hours today');
  });
});

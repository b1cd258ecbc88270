import { Lexer, type Token } from 'marked';

// Letters, digits and combining marks: a mark is part of its letter (`é` written as `e` + U+0301,
// Devanagari vowel signs), so it must not cut a word in two.
const NOT_ALPHANUMERIC = /[^\p{L}\p{N}\p{M}]+/gu;
const EDGE_DASHES = /^-+|-+$/g;
const WHITESPACE_RUN = /\s+/g;
const FALLBACK_SLUG = 'section';

/** `**Lost** & \`Damaged\` Items` → `Lost & Damaged Items`: a heading as a reader sees it. */
export function plainText(markdown: string): string {
  return inlineText(Lexer.lexInline(markdown, { gfm: true }))
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

/** `Renewal and Expiry` → `renewal-and-expiry`; `Lost & Damaged Items` → `lost-damaged-items`. */
export function slugify(heading: string): string {
  return slugOfPlainText(plainText(heading));
}

/** slugify for a heading already read as plain text, so that the inline lexer reads each heading once. */
export function slugOfPlainText(text: string): string {
  const slug = text.normalize('NFC').toLowerCase().replace(NOT_ALPHANUMERIC, '-').replace(EDGE_DASHES, '');
  return slug === '' ? FALLBACK_SLUG : slug;
}

function inlineText(tokens: Token[]): string {
  return tokens.map(tokenText).join('');
}

function tokenText(token: Token): string {
  switch (token.type) {
    // `text` holds what the escape, code span or image alt stands for, without the Markdown around it.
    case 'escape':
    case 'codespan':
    case 'image':
      return token.text;
    // Inline HTML is markup, not words: `<kbd>Ctrl</kbd>` reads as `Ctrl`.
    case 'html':
      return '';
    case 'br':
      return ' ';
    default:
      return 'tokens' in token && token.tokens ? inlineText(token.tokens) : token.raw;
  }
}

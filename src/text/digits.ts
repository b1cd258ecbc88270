// Digits in every script, read as the digits 0-9, so that a figure is a figure however it is written.
// Quotes are compared after NFKC (quotes.ts); figures must be too, or "９９ days" would pass as no figure
// at all beside a passage that says 7 days.

const DECIMAL_DIGIT = /\p{Nd}/u;
const ASCII_ONLY = /^\p{ASCII}*$/u;
const FRACTION_SLASH = '\u2044';
const LAST_DIGIT = /\d$/u;

const values = new Map<number, number>();

/**
 * The value of a decimal digit (`\p{Nd}`): Unicode encodes every such digit in runs of whole 0-9 blocks
 * in ascending order, so the value is the distance from the start of the run, modulo 10
 * ("٩" U+0669 → 9; mathematical bold "𝟗" U+1D7D7 → 9).
 */
function digitValue(codePoint: number): number {
  const known = values.get(codePoint);
  if (known !== undefined) return known;
  let runStart = codePoint;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(runStart - 1))) runStart--;
  const value = (codePoint - runStart) % 10;
  values.set(codePoint, value);
  return value;
}

/** A text in digit form, and for each of its UTF-16 units the span of the original it came from. */
export interface DigitForm {
  text: string;
  starts: number[];
  ends: number[];
}

/**
 * NFKC, code point by code point, then every decimal digit as its ASCII digit: "９９" → "99", "²" → "2",
 * "①" → "1", "٧٫٥" keeps its separator as NFKC leaves it. Each unit maps back to the code point it
 * came from, so a figure found here is quoted as the text wrote it.
 */
export function readDigits(raw: string): DigitForm {
  if (ASCII_ONLY.test(raw)) {
    const offsets = Array.from({ length: raw.length }, (_, at) => at);
    return { text: raw, starts: offsets, ends: offsets.map((at) => at + 1) };
  }
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const char of raw) {
    const end = offset + char.length;
    const normalized = char.normalize('NFKC');
    // "1½" is one and a half: NFKC writes "1" "1⁄2", which would read as 11⁄2; a space keeps them apart.
    if (normalized.includes(FRACTION_SLASH) && LAST_DIGIT.test(text)) {
      text += ' ';
      starts.push(offset);
      ends.push(end);
    }
    for (const folded of normalized) {
      const piece = DECIMAL_DIGIT.test(folded) ? String(digitValue(folded.codePointAt(0) as number)) : folded;
      text += piece;
      for (let unit = 0; unit < piece.length; unit++) {
        starts.push(offset);
        ends.push(end);
      }
    }
    offset = end;
  }
  return { text, starts, ends };
}

// Every character whose NFKC form has another length than the character itself: "…" → "...", "½" →
// "1⁄2", "ﬃ" → "ffi", "ǅ" → "Dž", "𝐀" (two UTF-16 units) → "A". Read from the Unicode data of the
// running engine, never picked by hand: these are the characters that shift an offset in normalised text
// away from the same offset in the text as written.

const LAST_CODE_POINT = 0x10ffff;

let found: readonly string[] | undefined;

/** Each character whose NFKC form is longer or shorter (in UTF-16 units) than itself, in code point order. */
export function nfkcResized(): readonly string[] {
  if (found !== undefined) return found;
  const resized: string[] = [];
  for (let codePoint = 0; codePoint <= LAST_CODE_POINT; codePoint++) {
    const char = String.fromCodePoint(codePoint);
    if (char.normalize('NFKC').length !== char.length) resized.push(char);
  }
  found = resized;
  return found;
}

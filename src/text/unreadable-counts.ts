// The verifier reads figures as digits of any script, English number words and Chinese numerals
// (figures.ts). A count written in the number words of another language ("catorce días", "четырнадцать
// дней") reads as no figure at all, so a wrong one would pass. Such an answer is refused as unverifiable:
// a word for a unit of time in another language, with no figure the verifier reads right before it.
//
// The unit words come from CLDR through Intl (every language this runtime formats, each unit in its long
// form for a few counts, so that plural forms are there too), not from a list written by hand. Only words
// with a letter outside ASCII are kept: a plain-ASCII word of another language can be an English word
// ("time" is the Danish hour). Scripts written without spaces are left out: there a unit is read against
// the Chinese numerals or digits before it, which figures.ts reads.
import { figureEnds } from './figures';

const UNITS = ['day', 'week', 'month', 'year', 'hour', 'minute', 'second'] as const;
const COUNTS = [1, 2, 5, 14, 21];
const LETTERS = /[\p{L}\p{M}]+/gu;
const OUTSIDE_ASCII = /[^\p{ASCII}]/u;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

let unitWords: ReadonlySet<string> | undefined;

/** Every language Intl formats here, by its two-letter code. */
function languages(): string[] {
  const codes: string[] = [];
  for (let first = 97; first <= 122; first++) {
    for (let second = 97; second <= 122; second++) codes.push(String.fromCharCode(first, second));
  }
  return Intl.NumberFormat.supportedLocalesOf(codes);
}

/** The words of other languages for units of time, built once, when an answer first needs them. */
function foreignUnitWords(): ReadonlySet<string> {
  if (unitWords !== undefined) return unitWords;
  const wordsOf = (locale: string) =>
    UNITS.flatMap((unit) => {
      const format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' });
      return COUNTS.flatMap((count) =>
        [...format.format(count).matchAll(LETTERS)].map(([word]) => word.toLowerCase()),
      );
    });
  const english = new Set(wordsOf('en'));
  const found = new Set<string>();
  for (const locale of languages()) {
    for (const word of wordsOf(locale)) {
      if (!english.has(word) && OUTSIDE_ASCII.test(word) && !UNSPACED.test(word)) found.add(word);
    }
  }
  unitWords = found;
  return found;
}

/**
 * The first unit word of another language in `answer` that no figure the verifier reads stands right
 * before ("catorce días" → "días"; "14 días" → undefined); undefined when there is none.
 */
export function unreadableCount(answer: string): string | undefined {
  if (!OUTSIDE_ASCII.test(answer)) return undefined;
  const words = foreignUnitWords();
  let ends: ReadonlySet<number> | undefined;
  for (const match of answer.matchAll(LETTERS)) {
    if (!words.has(match[0].toLowerCase())) continue;
    ends ??= figureEnds(answer);
    if (!ends.has(answer.slice(0, match.index).trimEnd().length)) return match[0];
  }
  return undefined;
}

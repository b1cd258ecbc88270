// What a text states that a question may fix and a unit must keep: the currencies it names, the periods
// of its rates, the side of an event a span is on. Read alike in questions (question/constraints.ts) and in
// units (constraints.ts).
import { CURRENCY_CODES, currencyNames, currencyOfSign, currencySigns } from '../text/currencies';
import { isEnglishWord } from '../text/english';
import { fold, STOPWORDS, termOf, words } from '../text/tokenize';
import { NEGATIONS } from './words';

// The words English uses alone for one currency, by ISO code: "in dollars" asks for US dollars. Every
// other currency is read by what currencies.ts reads from Intl: its code, its sign, its English name.
const CURRENCY_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\bdollars?\b|\bbucks?\b/iu, 'USD'],
  [/\beuros?\b/iu, 'EUR'],
  [/\bpounds?\b|\bsterling\b|\bquid\b/iu, 'GBP'],
  [/\byen\b/iu, 'JPY'],
  [/\bbolivianos?\b/iu, 'BOB'],
  [/\bfrancs?\b/iu, 'CHF'],
  [/\brupees?\b/iu, 'INR'],
  [/\bpesos?\b/iu, 'MXN'],
];
const THREE_LETTERS = /(?<!\p{L})\p{L}{3}(?!\p{L})/gu;
const LETTER_AFTER = /^\p{L}/u;
// The words that put a span on one side of an event: "30 days before it expires", "7 days in advance".
export const SIDE = String.raw`before|after|prior\s+to|in\s+advance|ahead`;
export const sideOfWord = (word: string) => (/^after$/iu.test(word) ? 'after' : 'before');
export const DURATION_UNITS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
const RATE = new RegExp(
  String.raw`\b(?:per|a|an|each|every)\s+(${DURATION_UNITS.join('|')})\b|\b(hourly|daily|weekly|monthly|yearly|annually)\b`,
  'giu',
);
const ADVERB_PERIOD: Readonly<Record<string, string>> = {
  hourly: 'hour',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
  annually: 'year',
};

/**
 * The currencies `text` names. A full English name names one ("Swiss francs", "Canadian dollars") and
 * is read first; a code counts in capitals, or in lower case when it is no English word ("usd", not
 * "all" or "top"); a sign counts unless a letter follows it ("$HOME" is a variable).
 */
export function currenciesIn(text: string): Set<string> {
  const named = new Set<string>();
  let rest = text.toLowerCase();
  for (const [name, code] of currencyNames()) {
    if (!name.includes(' ') || !rest.includes(name)) continue;
    const whole = new RegExp(`(?<!\\p{L})${name.replaceAll('.', '\\.')}(?!\\p{L})`, 'gu');
    if (!whole.test(rest)) continue;
    named.add(code);
    rest = rest.replace(whole, ' ');
  }
  for (const [pattern, code] of CURRENCY_WORDS) if (pattern.test(rest)) named.add(code);
  for (const [word] of text.matchAll(THREE_LETTERS)) {
    const code = word.toUpperCase();
    if (CURRENCY_CODES.has(code) && (word === code || !isEnglishWord(word.toLowerCase()))) named.add(code);
  }
  for (const sign of currencySigns()) {
    let at = text.indexOf(sign);
    while (at !== -1) {
      const before = text.charAt(at - 1);
      if (!LETTER_AFTER.test(text.slice(at + sign.length)) && !LETTER_AFTER.test(before)) {
        named.add(currencyOfSign(sign) as string);
        break;
      }
      at = text.indexOf(sign, at + 1);
    }
  }
  return named;
}

export function periodsIn(text: string): Set<string> {
  const periods = new Set<string>();
  for (const match of text.matchAll(RATE)) {
    const named = match[1]?.toLowerCase() ?? ADVERB_PERIOD[(match[2] ?? '').toLowerCase()];
    if (named !== undefined) periods.add(named);
  }
  return periods;
}

// Four digits, and the word after them if there is one: "in 1987", "In 1985, the pool…", "1000 pages".
const FOUR_DIGITS = /(?<![\p{L}\p{N}.,])(\d{4})(?![\p{L}\p{N}]|[.,]\d)(?:\s+(\p{L}+))?/gu;
export const FIRST_YEAR = 1000;
/** The last number read as a year, by the check of a "when" and by the reader's years. */
export const LAST_YEAR = 2100;
// A word in the plural, as four digits count it: "1000 pages", not "the 1985 film" or "the 2010 census".
const PLURAL = /[^su]s$/iu;

/**
 * The years a text states: four digits not counting what follows them ("1000 pages" is no year). A year
 * is as often written before the singular noun it qualifies ("the 1985 film", "the 2005 lawsuit").
 */
export function yearsIn(text: string): number[] {
  const years: number[] = [];
  for (const [, digits, next] of fold(text).matchAll(FOUR_DIGITS)) {
    const value = Number(digits);
    const counts = next !== undefined && !STOPWORDS.has(next.toLowerCase()) && PLURAL.test(next);
    if (value >= FIRST_YEAR && value <= LAST_YEAR && !counts) years.push(value);
  }
  return years;
}

/** Whether a text says "not", "never", "no"… (NEGATIONS). */
export const negates = (text: string) => words(text).some((word) => NEGATIONS.has(word));

/** A capital after a small letter: "useEffectEvent", "iPhone". */
export const INNER_CAPITAL = /\p{Ll}\p{Lu}/u;

/** A text's terms in the order written. */
export const termsInOrder = (text: string) => words(text).map(termOf);

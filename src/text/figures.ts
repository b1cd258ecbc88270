import { assertNever } from '../types';
import { CURRENCY_CODES, CURRENCY_SIGN_PATTERN, currencyOfSign } from './currencies';
import { readDigits } from './digits';
import { STOPWORDS, termOf, words } from './tokenize';
// A figure in an answer must be one its cited passages hold: "0.75 BOB per day" against a passage that
// says 0.50 BOB is the kind of error a reader cannot see. Figures are compared by value and unit, not by
// spelling: "seven days" is "7 days", "0.5 BOB" is "0.50 BOB", "9 am" is "9:00"; "7 weeks" is not "7 days".

export interface Figure {
  /** As written in the text, e.g. "seven days", "0.50 BOB", "9:00". */
  text: string;
  /**
   * `garbled`: a number with a letter standing in for a digit ("O.75", "1O"). No value can be read from
   * it, so nothing but the same writing holds it: a reader sees 0.75 where the verifier would see no figure.
   */
  kind: 'amount' | 'duration' | 'percent' | 'time' | 'date' | 'number' | 'ordinal' | 'garbled';
  /** The value as a number (amounts, durations, percents, numbers, the rank of an ordinal, the day of a date); minutes since midnight for a time. */
  value: number;
  /** Canonical unit: the token as written, lower-cased, for a garbled number; currency code for amounts ('BOB', or '' when none written), 'day'|'week'|'month'|'year'|'hour'|'minute'|'second'|'millisecond' for durations, the month (1-12) for dates as a string, '' otherwise. */
  unit: string;
  /**
   * The content words right after the figure, stemmed (up to three, stopwords skipped): what it counts.
   * "10 holds active" → ['hold', 'activ']. A bare number in an answer must count the same thing as the
   * figure that holds it: "21 requests" is not held by "21 days".
   */
  counts: string[];
}

type Reading = Omit<Figure, 'text' | 'counts'>;

const COUNTED_WORDS = 3;
const CELL_OR_LINE_END = /[|\n]/u;

/** The content words after a figure, stemmed; the first one only when it follows the figure directly. */
function countedAfter(text: string, end: number): string[] {
  // Within the figure's own line and table cell: the next row's words count something else.
  const rest = text.slice(end, end + 80);
  const stop = rest.search(CELL_OR_LINE_END);
  const after = words(stop < 0 ? rest : rest.slice(0, stop));
  const content = after.filter((word) => !STOPWORDS.has(word) && /\p{L}/u.test(word));
  return content.slice(0, COUNTED_WORDS).map(termOf);
}

/** What a bare number in an answer counts: the word right after it, unless that is a stopword or a figure. */
function countedNoun(text: string, end: number): string | undefined {
  const [next] = words(text.slice(end, end + 40));
  return next !== undefined && !STOPWORDS.has(next) && /^\p{L}/u.test(next) ? termOf(next) : undefined;
}

const NUMBER_WORD_VALUES: ReadonlyMap<string, number> = new Map(
  `zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
  seventeen eighteen nineteen twenty`
    .split(/\s+/u)
    .map((word, value) => [word, value]),
);
const TENS_VALUES: ReadonlyMap<string, number> = new Map(
  'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ').map((word, at) => [word, 20 + 10 * at]),
);
const SCALE_VALUES: ReadonlyMap<string, number> = new Map([
  ['hundred', 100],
  ['thousand', 1000],
  ['million', 1_000_000],
]);

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
// Exact case only: "5 May" is a date, "5 may be video games" is not.
const MONTHS: ReadonlyMap<string, number> = new Map(
  MONTH_NAMES.flatMap((name, index) => {
    const abbreviations = name === 'September' ? ['Sep', 'Sept'] : [name.slice(0, 3)];
    return [name, ...abbreviations].map((spelling) => [spelling, index + 1] as const);
  }),
);

/** Whether a word, in any case, is a month's name or its abbreviation ("june", "Sept"). */
export const isMonthName = (word: string): boolean =>
  MONTHS.has(`${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`);

// Currencies are ISO 4217's (currencies.ts). A code counts in exact case only: "20 BOB" is an amount,
// "20 Bob" is a count and a name.

// Pattern pieces. Each reading below is one sticky, case-insensitive regex built from them; what must be
// exact-case (currency codes, month names) is checked on the match, so a rejected reading leaves the
// shorter ones ("5" in "5 may") standing.

// "7", "0.50", "1,000", "1’000" (Swiss): a thousands comma or apostrophe only in groups of three, the same
// one throughout, so "1,2" stays two numbers. A thin space between groups ("1 000") is read as an
// apostrophe (THIN_GROUPING): NFKC makes it a plain space, which separates two numbers.
const DIGITS = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:['’]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const GROUP_MARK = /[,'’]/gu;
const THIN_GROUPING = /(?<=\p{Nd})[\u2009\u202f](?=\p{Nd}{3}(?!\p{Nd}))/gu;
// Longest first, so that "seventeen" is not read as "seven" followed by letters.
const longestFirst = (words: Iterable<string>) => [...words].sort((a, b) => b.length - a.length).join('|');
const NUMBER_WORDS = longestFirst(NUMBER_WORD_VALUES.keys());
// Number words past twenty, as English composes them: "twenty-two", "forty five", "fifteen hundred", "a
// hundred and fifty", "three thousand", "one million two hundred thousand". A unit follows only a ten,
// "hundred" only a number below twenty (or "a"), and "and" only a scale word, when what follows it is no
// number of its own ("between one hundred and two hundred"); so "five and ten days" and "five ten-minute
// breaks" stay two numbers. Within a line: a list's next item is another number.
const GAP = '[^\\S\\n]+';
const UNIT_OR_TEEN = longestFirst([...NUMBER_WORD_VALUES.keys()].filter((word) => word !== 'twenty'));
const ONE_TO_NINE = 'one|two|three|four|five|six|seven|eight|nine';
const BELOW_HUNDRED = `(?:${longestFirst(TENS_VALUES.keys())})(?:(?:-|${GAP})(?:${ONE_TO_NINE}))?|${UNIT_OR_TEEN}`;
const SCALE_WORD = 'hundred|thousand|million';
const REST = (part: string) => `(?:${GAP}(?:and${GAP})?(?:${part})(?!${GAP}(?:${SCALE_WORD})))?`;
const BELOW_THOUSAND = `(?:${UNIT_OR_TEEN}|a)${GAP}hundred${REST(BELOW_HUNDRED)}|${BELOW_HUNDRED}`;
const THOUSANDS = `(?:${BELOW_THOUSAND}|a)${GAP}thousand${REST(BELOW_THOUSAND)}`;
const NUMBER_PHRASE = `(?:${BELOW_THOUSAND}|a)${GAP}million(?:${GAP}(?:${THOUSANDS})|${REST(BELOW_THOUSAND)})|${THOUSANDS}|${BELOW_THOUSAND}`;
// "1/2", "1 1/2", and "½" as NFKC writes it ("1⁄2", with the fraction slash; readDigits puts a space
// between a whole number and a fraction character, so "1½" is "1 1⁄2", not "11⁄2").
const FRACTION = String.raw`(?:\d+[^\S\n]+)?\d+[/\u2044]\d+`;
const FRACTION_PARTS = /^(?:(?<whole>\d+)\s+)?(?<top>\d+)[/\u2044](?<bottom>\d+)$/u;
const QUANTITY = `(?<quantity>${FRACTION}|${DIGITS}|${NUMBER_PHRASE})`;
// "an hour", "a fortnight", "half an hour", "a BOB": an indefinite article is a count of one, "half" before
// it a half, except where it says "per" (RATE_BEFORE).
const ARTICLE = `(?<article>(?:half${GAP})?an?)`;
const ARTICLE_VALUES: ReadonlyMap<string, number> = new Map([
  ['a', 1],
  ['an', 1],
  ['half a', 0.5],
  ['half an', 0.5],
]);
// A figure stands on its own: not the "3" of "mp3", the "02" of "02-borrowing#holds", the "one" of
// "a#one" or the "50" of "0.50"; a digit after a hyphen is fine, so "9:00-20:00" keeps both times and "_7
// days_" (emphasis) keeps its figure.
// Scripts written without spaces between words (Han, kana, Thai) put a figure right against the letters
// around it: "借期为7天" holds "7", so their letters do not join a figure to a word.
const UNSPACED = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}`;
const WORD_LETTER = String.raw`(?:(?![${UNSPACED}])\p{L})`;
const START = String.raw`(?<!${WORD_LETTER}|\p{N}|${WORD_LETTER}[-_#/@.'’]|\p{N}[_#/@.:'’])`;
// "2nd", "one-off", "1990's", "7 days.md" end in letters; "9:0" and "0.5" are cut short.
const END = String.raw`(?!${WORD_LETTER}|\p{N}|[-_#/@.'’]${WORD_LETTER}|[_#/@.:'’]\p{N})`;
const DAY_OF_MONTH = String.raw`(?<day>0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?`;
const MONTH = `(?<month>${[...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|')})`;
// Every ISO code, in either case here (the readings are case-insensitive): readAmount keeps only a code
// written in its own case.
const CODE = `(?<code>${[...CURRENCY_CODES].join('|')})`;

const sticky = (source: string) => new RegExp(source, 'iuy');

// "9:00", "09:00", "20:00".
const CLOCK_TIME = sticky(String.raw`${START}(?<hour>[01]?\d|2[0-3]):(?<minute>[0-5]\d)${END}`);
// "4 pm", "10 a.m.", "9:30 am", "9.30am"; the dot after "pm" ends the sentence, the one after "p.m" ends
// the abbreviation.
const MERIDIEM_TIME = sticky(
  String.raw`${START}(?<hour>\d{1,2}|${NUMBER_WORDS})(?:[:.](?<minute>[0-5]\d))?\s*(?<meridiem>[ap])(?:m|\.m\.?)${END}`,
);
// "1 January", "1st January", "1st of January".
const DAY_MONTH_DATE = sticky(String.raw`${START}${DAY_OF_MONTH}(?:\s+of)?\s+${MONTH}${END}`);
// "January 1", "January 1st".
const MONTH_DAY_DATE = sticky(String.raw`${START}${MONTH}\s+${DAY_OF_MONTH}${END}`);
// "5%", "5 percent", "five per cent".
const PERCENT = sticky(String.raw`${START}${QUANTITY}\s*(?:%|per\s?cent)${END}`);
// "0.50 BOB", "a BOB".
const AMOUNT_CODE_AFTER = sticky(String.raw`${START}(?:${QUANTITY}\s*|${ARTICLE}${GAP})${CODE}${END}`);
// "BOB 0.50", "$5", "€ 2.50", "CA$ 12", "₹500".
const AMOUNT_BEFORE = sticky(
  String.raw`${START}(?:(?<symbol>${CURRENCY_SIGN_PATTERN})|${CODE})\s*${QUANTITY}${END}`,
);
/** A word for a length of time: the unit it is compared in, and how many of that unit it stands for. */
interface TimeWord {
  unit: string;
  times: number;
  /** Whether "a"/"an" before it is a count of one: "a second" is more often an ordinal ("a second copy"). */
  countedByArticle: boolean;
}
const timeWord = (unit: string, times = 1, countedByArticle = true): TimeWord => ({
  unit,
  times,
  countedByArticle,
});
// Written out, with or without a plural "s". A fortnight is compared as the days it is.
const TIME_WORDS: ReadonlyMap<string, TimeWord> = new Map([
  ['day', timeWord('day')],
  ['week', timeWord('week')],
  ['fortnight', timeWord('day', 14)],
  ['month', timeWord('month')],
  ['year', timeWord('year')],
  ['hour', timeWord('hour')],
  ['minute', timeWord('minute')],
  ['second', timeWord('second', 1, false)],
  ['millisecond', timeWord('millisecond', 1, false)],
]);
// Technical writing abbreviates, with or without a space, in lower case only: "1000ms", "5 secs",
// "10 min", "2 hrs", "3h", "2 wks".
const SHORT_TIME_WORDS: ReadonlyMap<string, TimeWord> = new Map([
  ['ms', timeWord('millisecond')],
  ['sec', timeWord('second')],
  ['secs', timeWord('second')],
  ['min', timeWord('minute')],
  ['mins', timeWord('minute')],
  ['h', timeWord('hour')],
  ['hr', timeWord('hour')],
  ['hrs', timeWord('hour')],
  ['wk', timeWord('week')],
  ['wks', timeWord('week')],
  ['yr', timeWord('year')],
  ['yrs', timeWord('year')],
]);
// "7 days", "a 7-day loan", "10 working days", "30 seconds", "an hour", "3h"; "daily" holds no number.
const DURATION = sticky(
  String.raw`${START}(?:${QUANTITY}|${ARTICLE})(?:(?:\s+|-)(?:(?:working|business)\s+)?(?<unit>${longestFirst(TIME_WORDS.keys())})(?<plural>s)?|\s?(?<short>${longestFirst(SHORT_TIME_WORDS.keys())}))${END}`,
);
// "2 hours a day", "0.50 BOB an hour", "10 items a month", "twice a week": the article after a figure or a
// word of frequency, within its clause and before any preposition, is "per", and counts nothing. "for a
// week" after "14 days and renewed" is a count again.
const RATE_BEFORE = 4;
const CLAUSE_BREAK = /[.;:!?,|()\n]/u;
const FREQUENCY_WORDS: ReadonlySet<string> = new Set(['once', 'twice', 'thrice', 'times']);
const COUNT_PREPOSITIONS: ReadonlySet<string> = new Set(
  'for within in after before than about around over under to by until from'.split(' '),
);
const NUMBER_OR_SIGN = /^[\p{N}\p{Sc}]/u;
const BARE_NUMBER = sticky(`${START}${QUANTITY}${END}`);
// "the second floor": an ordinal written out, read only where figures are held (Reader.holdingOnly).
const ORDINAL_WORDS: ReadonlyMap<string, number> = new Map(
  `first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth
  fifteenth sixteenth seventeenth eighteenth nineteenth twentieth`
    .split(/\s+/u)
    .map((word, at) => [word, at + 1]),
);
const ORDINAL_WORD = sticky(`${START}(?<ordinal>${longestFirst(ORDINAL_WORDS.keys())})${END}`);
// "14th", "2nd", "21st": the number it ranks, with the suffix English gives that number ("2th" is none).
const ORDINAL = sticky(String.raw`${START}(?<quantity>\d+)(?<suffix>st|nd|rd|th)${END}`);
// "14/12", "12/14", "14/12/2026": a date, day and month in whichever order the values allow. Where both
// are 12 or less ("3/4") the order cannot be told, and only the same writing holds it. A date counts
// nothing, but is never ignored: "renew by 14/12" against a passage that says 21/12 fails.
const NUMERIC_DATE = sticky(
  String.raw`${START}(?<first>\d{1,2})/(?<second>\d{1,2})(?:/(?<year>\d{4}|\d{2}))?${END}`,
);
// "Chapter IV", "Part II", "Appendix iii": a Roman numeral, read only after a word that numbers a part of
// a document, where it cannot be the pronoun "I" or a name ("Henry V" is not read).
const NUMBERED_PARTS = 'chapter|part|section|volume|book|article|appendix|annex|schedule|title|act|scene';
const ROMAN = sticky(
  String.raw`(?<=(?<![\p{L}\p{N}])(?:${NUMBERED_PARTS})[^\S\n]+)(?<roman>[ivxlcdm]+)${END}`,
);
const CANONICAL_ROMAN = /^M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/u;
const ROMAN_VALUES: ReadonlyMap<string, number> = new Map([
  ['I', 1],
  ['V', 5],
  ['X', 10],
  ['L', 50],
  ['C', 100],
  ['D', 500],
  ['M', 1000],
]);
// Chinese and Japanese numerals: the digits as Intl writes them in the "hanidec" numbering system
// ("〇一二…九"), with 零 and 两/兩 (2), and the multipliers 十 百 千 万/萬 that compose them ("十四" is 14,
// "两千五百" 2500).
const HAN_DIGITS: ReadonlyMap<string, number> = new Map([
  ...[...new Intl.NumberFormat('zh-u-nu-hanidec', { useGrouping: false }).format(9_876_543_210)]
    .reverse()
    .map((digit, value) => [digit, value] as const),
  ['零', 0],
  ['两', 2],
  ['兩', 2],
]);
const HAN_MULTIPLIERS: ReadonlyMap<string, number> = new Map([
  ['十', 10],
  ['百', 100],
  ['千', 1000],
  ['万', 10_000],
  ['萬', 10_000],
]);
const HAN_NUMBER = sticky(`(?<han>[${[...HAN_DIGITS.keys(), ...HAN_MULTIPLIERS.keys()].join('')}]+)`);

// Letters a digit is mistaken for: "O.75", "1O", "l0". At least one digit and one such letter, and only
// digits, those letters and the separators of a number.
const GARBLED_NUMBER = sticky(
  String.raw`${START}(?=[\d.,]*[OoIl])(?=[OoIl.,]*\d)[\dOoIl]+(?:[.,][\dOoIl]+)*${END}`,
);

// Two decimals is how prices are written: a bare "20.00" is an amount with no currency.
const PRICE_DIGITS = /^[\d,'’]*\.\d\d$/u;
// "the one on the second floor", "no one", "one another": a pronoun, not a count.
const PRONOUN_BEFORE_ONE = /(?:^|[^\p{L}])(?:the|this|that|which|no|any|every|each|some)\s+$/iu;
const PRONOUN_AFTER_ONE = /^\s+another(?!\p{L})/iu;
// Where a figure can begin: a letter, digit or currency symbol that does not continue a word.
const FIGURE_START = new RegExp(String.raw`(?<!${WORD_LETTER}|\p{N})[\p{L}\p{N}\p{Sc}]`, 'gu');

function quantityValue(written: string): number {
  const fraction = FRACTION_PARTS.exec(written)?.groups;
  if (fraction !== undefined) {
    return Number(fraction.whole ?? 0) + Number(fraction.top) / Number(fraction.bottom);
  }
  if (/^\d/u.test(written)) return Number(written.replaceAll(GROUP_MARK, ''));
  // Number words: each scale word multiplies what came before it ("two hundred and fifty" is 250,
  // "fifteen hundred" 1500, "three thousand two hundred" 3200).
  let total = 0;
  let current = 0;
  for (const word of written.toLowerCase().split(/[\s-]+/u)) {
    const scale = SCALE_VALUES.get(word);
    if (scale === 100) current *= scale;
    else if (scale !== undefined) {
      total += current * scale;
      current = 0;
    } else current += word === 'a' ? 1 : (NUMBER_WORD_VALUES.get(word) ?? TENS_VALUES.get(word) ?? 0);
  }
  return total + current;
}

type Groups = Record<string, string | undefined>;

interface Reader {
  pattern: RegExp;
  /** The figure a match stands for, or undefined when the match is not one after all ("5 may"). */
  read(groups: Groups, text: string, start: number, end: number): Reading | undefined;
  /**
   * Read only in the text that holds figures, never in an answer: "the second floor" holds "the 2nd
   * floor", but "second" in an answer claims no number ("a second copy", "first, ask at the desk").
   */
  holdingOnly?: true;
}

const READERS: readonly Reader[] = [
  {
    pattern: CLOCK_TIME,
    read: (groups) => ({ kind: 'time', value: Number(groups.hour) * 60 + Number(groups.minute), unit: '' }),
  },
  {
    pattern: MERIDIEM_TIME,
    read: (groups) => {
      const hour = quantityValue(groups.hour as string);
      if (hour < 1 || hour > 12) return undefined;
      const afternoon = groups.meridiem?.toLowerCase() === 'p' ? 12 : 0;
      const minutes = (hour % 12) * 60 + afternoon * 60 + Number(groups.minute ?? 0);
      return { kind: 'time', value: minutes, unit: '' };
    },
  },
  { pattern: DAY_MONTH_DATE, read: readDate },
  { pattern: MONTH_DAY_DATE, read: readDate },
  {
    pattern: PERCENT,
    read: (groups) => ({ kind: 'percent', value: quantityValue(groups.quantity as string), unit: '' }),
  },
  { pattern: AMOUNT_CODE_AFTER, read: readAmount },
  { pattern: AMOUNT_BEFORE, read: readAmount },
  { pattern: DURATION, read: readDuration },
  {
    pattern: GARBLED_NUMBER,
    read: (_groups, text, start, end) => ({
      kind: 'garbled',
      value: 0,
      unit: text.slice(start, end).toLowerCase(),
    }),
  },
  {
    pattern: ORDINAL,
    read: (groups) => {
      const value = Number(groups.quantity);
      return groups.suffix?.toLowerCase() === ordinalSuffix(value)
        ? { kind: 'ordinal', value, unit: '' }
        : undefined;
    },
  },
  { pattern: NUMERIC_DATE, read: readNumericDate },
  {
    pattern: ROMAN,
    read: (groups) => {
      const roman = groups.roman as string;
      const upper = roman.toUpperCase();
      if ((roman !== upper && roman !== roman.toLowerCase()) || !CANONICAL_ROMAN.test(upper))
        return undefined;
      return { kind: 'number', value: romanValue(upper), unit: '' };
    },
  },
  {
    pattern: HAN_NUMBER,
    read: (groups) => {
      const value = hanValue(groups.han as string);
      return value === undefined ? undefined : { kind: 'number', value, unit: '' };
    },
  },
  {
    pattern: ORDINAL_WORD,
    read: (groups) => ({
      kind: 'ordinal',
      value: ORDINAL_WORDS.get((groups.ordinal as string).toLowerCase()) as number,
      unit: '',
    }),
    holdingOnly: true,
  },
  {
    pattern: BARE_NUMBER,
    read: (groups, text, start, end) => {
      const quantity = groups.quantity as string;
      if (quantity.toLowerCase() === 'one' && isPronoun(text, start, end)) return undefined;
      const kind = PRICE_DIGITS.test(quantity) ? 'amount' : 'number';
      return { kind, value: quantityValue(quantity), unit: '' };
    },
  },
];

/** A quantity, or what an article before a unit counts ("half an" is 0.5). */
function countOf(groups: Groups): number {
  const { article } = groups;
  if (article === undefined) return quantityValue(groups.quantity as string);
  return ARTICLE_VALUES.get(article.toLowerCase().replace(/\s+/gu, ' ')) as number;
}

function readDuration(groups: Groups, text: string, start: number): Reading | undefined {
  const { short, article } = groups;
  // A short unit only in lower case: "5 MS" and "1 Ms." are no milliseconds.
  if (short !== undefined && short !== short.toLowerCase()) return undefined;
  const word =
    short === undefined ? TIME_WORDS.get((groups.unit as string).toLowerCase()) : SHORT_TIME_WORDS.get(short);
  const { unit, times, countedByArticle } = word as TimeWord;
  if (article !== undefined) {
    // "an hrs", "a days" and "a second copy" count nothing; "two hours a day" is a rate.
    if (short !== undefined || groups.plural !== undefined || !countedByArticle || isRate(text, start)) {
      return undefined;
    }
  }
  return { kind: 'duration', value: countOf(groups) * times, unit };
}

/** Whether the article at `start` stands for "per": a figure or a word of frequency leads up to it in its clause. */
function isRate(text: string, start: number): boolean {
  const clause = text
    .slice(Math.max(0, start - 80), start)
    .split(CLAUSE_BREAK)
    .at(-1) as string;
  const before = clause.split(/\s+/u).filter((word) => word !== '');
  if (FREQUENCY_WORDS.has(before.at(-1)?.toLowerCase() ?? '')) return true;
  for (const word of before.slice(-RATE_BEFORE).reverse()) {
    if (COUNT_PREPOSITIONS.has(word.toLowerCase())) return false;
    if (NUMBER_OR_SIGN.test(word) || CURRENCY_CODES.has(word) || isNumberWord(word)) return true;
  }
  return false;
}

/** "seven", "Twenty", "forty-five", "hundred": a word that writes a number, or part of one. */
const isNumberWord = (word: string): boolean =>
  word
    .toLowerCase()
    .split('-')
    .every((part) => NUMBER_WORD_VALUES.has(part) || TENS_VALUES.has(part) || SCALE_VALUES.has(part));

/** The suffix English writes after a number as an ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
function ordinalSuffix(value: number): string {
  if (value % 100 >= 11 && value % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][value % 10] ?? 'th';
}

function readNumericDate(groups: Groups, text: string, start: number, end: number): Reading | undefined {
  const first = Number(groups.first);
  const second = Number(groups.second);
  if (first === 0 || second === 0 || first > 31 || second > 31 || (first > 12 && second > 12))
    return undefined;
  // A year written with it is part of the date: 14/12/2025 does not hold 14/12/2026.
  const year = groups.year === undefined ? '' : `/${groups.year}`;
  if (first > 12) return { kind: 'date', value: first, unit: `${second}${year}` };
  if (second > 12) return { kind: 'date', value: second, unit: `${first}${year}` };
  // "3/4": the 3rd of April or March the 4th; as with a garbled number, only the same writing holds it.
  const written = text.slice(start, end);
  return { kind: 'garbled', value: 0, unit: written.toLowerCase() };
}

/** "IV" → 4, "MCMXC" → 1990 (canonical numerals only, checked before). */
function romanValue(roman: string): number {
  let total = 0;
  for (let at = 0; at < roman.length; at++) {
    const value = ROMAN_VALUES.get(roman.charAt(at)) as number;
    const next = ROMAN_VALUES.get(roman.charAt(at + 1)) ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

/** "十四" → 14, "两千五百" → 2500, "二〇二六" → 2026 (digits alone are positional). */
function hanValue(written: string): number | undefined {
  const chars = [...written];
  if (chars.every((char) => HAN_DIGITS.has(char))) {
    return chars.reduce((total, char) => total * 10 + (HAN_DIGITS.get(char) as number), 0);
  }
  let total = 0;
  let section = 0;
  let digit: number | undefined;
  for (const char of chars) {
    const multiplier = HAN_MULTIPLIERS.get(char);
    if (multiplier === undefined) {
      digit = HAN_DIGITS.get(char) as number;
    } else if (multiplier === 10_000) {
      total += (section + (digit ?? 0)) * multiplier;
      section = 0;
      digit = undefined;
    } else {
      section += (digit ?? 1) * multiplier;
      digit = undefined;
    }
  }
  return total + section + (digit ?? 0);
}

function readDate(groups: Groups): Reading | undefined {
  const month = MONTHS.get(groups.month as string);
  if (month === undefined) return undefined;
  return { kind: 'date', value: Number(groups.day), unit: String(month) };
}

function readAmount(groups: Groups, text: string, start: number): Reading | undefined {
  const unit =
    groups.code === undefined
      ? currencyOfSign(groups.symbol as string)
      : CURRENCY_CODES.has(groups.code)
        ? groups.code
        : undefined;
  if (unit === undefined) return undefined;
  if (groups.article !== undefined && isRate(text, start)) return undefined;
  return { kind: 'amount', value: countOf(groups), unit };
}

function isPronoun(text: string, start: number, end: number): boolean {
  return (
    PRONOUN_BEFORE_ONE.test(text.slice(Math.max(0, start - 12), start)) ||
    PRONOUN_AFTER_ONE.test(text.slice(end, end + 12))
  );
}

/** Where each figure of a text ends, as offsets in the text as written. */
export function figureEnds(text: string): Set<number> {
  return new Set(scan(text).map(({ to }) => to));
}

/** Every figure in a text, in order of appearance, without overlaps (the longest reading wins: "7 days" is one duration, not a number and a duration). */
export function extractFigures(text: string): Figure[] {
  return scan(text).map(({ figure }) => figure);
}

/**
 * A figure as `scan` finds it: where it ends in the digit form of the text (readDigits), for reading the
 * words after it there, and where it stands in the text as written ([from, to) offsets), the one place a
 * quote's span can be compared with. NFKC widens "…" to "...", so the two disagree after one.
 */
interface Found {
  figure: Figure;
  end: number;
  text: string;
  from: number;
  to: number;
}

/**
 * The figures of a text: "９９ days", "٩٩ days" and "𝟗𝟗 days" are the figure "99 days", written as the
 * text wrote it.
 */
function scan(raw: string, holding = false): Found[] {
  // One unit for one: the offsets of the grouped text are those of the text as written.
  const { text, starts, ends } = readDigits(raw.replace(THIN_GROUPING, '’'));
  const found: Array<Omit<Found, 'text'>> = [];
  for (const { figure, end } of scanDigitForm(text, holding)) {
    const from = starts[end - figure.text.length] as number;
    const to = ends[end - 1] as number;
    const previous = found.at(-1);
    // One written character can fold into two figures ("⅐" is "1⁄7" after NFKC). As written they are one
    // figure that no value stands for, so, like a garbled number, only the same writing holds it.
    if (previous !== undefined && from < previous.to) {
      const written = raw.slice(previous.from, to);
      previous.figure = { text: written, kind: 'garbled', value: 0, unit: written.toLowerCase(), counts: [] };
      previous.to = to;
      previous.end = end;
      continue;
    }
    found.push({ figure: { ...figure, text: raw.slice(from, to) }, end, from, to });
  }
  return found.map((each) => ({ ...each, text }));
}

const PARAGRAPH_BREAK = /\n[^\S\n]*\n/u;

/** The figures of a text whose digits are all ASCII, with where each ends. */
function scanDigitForm(text: string, holding: boolean): Array<{ figure: Figure; end: number }> {
  const figures: Array<{ figure: Figure; end: number }> = [];
  const candidates = new RegExp(FIGURE_START.source, FIGURE_START.flags);
  let candidate = candidates.exec(text);
  while (candidate !== null) {
    const start = candidate.index;
    let best: Figure | undefined;
    for (const { pattern, read, holdingOnly } of READERS) {
      if (holdingOnly && !holding) continue;
      pattern.lastIndex = start;
      const match = pattern.exec(text);
      if (match === null || (best !== undefined && match[0].length <= best.text.length)) continue;
      // A figure is read within one paragraph: "7" at the end of one and "hours" opening the next are
      // not "7 hours" (the stand-in quotes "7" alone, and the verifier must read it the same way).
      if (PARAGRAPH_BREAK.test(match[0])) continue;
      // Every pattern names its groups, so a match always has them.
      const reading = read(match.groups as Groups, text, start, start + match[0].length);
      if (reading !== undefined) best = { text: match[0], ...reading, counts: [] };
    }
    if (best !== undefined) {
      const end = start + best.text.length;
      best.counts = countedAfter(text, end);
      figures.push({ figure: best, end });
      candidates.lastIndex = start + best.text.length;
    }
    // Otherwise the search goes on after this candidate's character (a whole code point, so an astral
    // letter cannot send it back to where it was).
    candidate = candidates.exec(text);
  }
  return figures;
}

/** The plain numbers a figure shows, for a bare number to match: "45 days" shows 45, "20:00" shows 20 and 8. */
function shownNumbers(figure: Figure): number[] {
  // "the 14th" ranks, it does not count: "14 rooms" is not held by it.
  if (figure.kind === 'ordinal') return [];
  if (figure.kind !== 'time') return [figure.value];
  if (figure.value % 60 !== 0) return [];
  const hour = figure.value / 60;
  return [hour, hour % 12 === 0 ? 12 : hour % 12];
}

/**
 * Whether `source` supports `claim`. Same kind, value and unit, except for the two figures that say less
 * than their source may: a bare number ("45" by "45 days") and an amount with no currency. Any other kind,
 * a new one included, needs the exact figure, which is the safe default for a verifier that refuses.
 */
function holds(source: Figure, claim: Figure, counted: string | undefined): boolean {
  if (claim.kind === 'number') {
    if (!shownNumbers(source).includes(claim.value)) return false;
    // "21 requests" counts requests; "21 days" does not hold it. The unit of a duration counts too.
    if (counted === undefined) return true;
    // A figure with a unit counts that unit: "20.00 BOB per item" counts BOB, not items.
    if (source.kind !== 'number') return termOf(source.unit.toLowerCase()) === counted;
    // A bare number counts the words after it. One that counts nothing written beside it (a table cell:
    // "| Books | 21 days | 3 |") holds the value whatever the answer says it counts; the column's
    // meaning is not in the cell.
    return source.counts.length === 0 || source.counts.includes(counted);
  }
  if (claim.kind === 'ordinal') {
    // "renew by the 14th" is held by "the fourteenth" or by a date on the 14th.
    return (source.kind === 'ordinal' || source.kind === 'date') && source.value === claim.value;
  }
  if (claim.kind === 'amount' && claim.unit === '') {
    // A price written without its currency is held by a price, not by a count that happens to match.
    return source.kind === 'amount' && source.value === claim.value;
  }
  if (claim.kind === 'amount' && source.kind === 'amount' && source.unit === '') {
    return source.value === claim.value;
  }
  return source.kind === claim.kind && source.value === claim.value && source.unit === claim.unit;
}

/**
 * The figures of `text` that stand wholly inside one of `spans` ([start, end) offsets), read in the whole
 * text so that what a figure counts is what the text says it counts: the figures a quote of the text holds.
 */
export function extractFiguresInside(options: {
  text: string;
  spans: ReadonlyArray<readonly [number, number]>;
}): Figure[] {
  const { text, spans } = options;
  return scan(text, true)
    .filter(({ from, to }) => spans.some(([spanFrom, spanTo]) => from >= spanFrom && to <= spanTo))
    .map(({ figure }) => figure);
}

/**
 * Whether two figures measure the same thing, whatever their values: a duration in the same unit, an
 * amount in the same currency, a date in the same month, a time, a percentage, or a number followed by
 * the same word ("45 mm" and "35 mm", "Ten Eyes" and "Nine Eyes").
 */
export function sameMeasure(a: Figure, b: Figure): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'garbled':
      return false;
    case 'number':
    case 'ordinal':
      return a.counts[0] !== undefined && a.counts[0] === b.counts[0];
    case 'amount':
    case 'duration':
    case 'date':
      return a.unit === b.unit;
    case 'time':
    case 'percent':
      return true;
    default:
      return assertNever(a.kind);
  }
}

/**
 * A figure of `stated` that measures what `asked` measures with another value, when none states its
 * value anywhere: "three minutes" against "five minutes", "22 April" against "12 April". A question asking
 * what happened on 12 April is not answered by what happened on 22 April.
 */
export function contradictingFigure(asked: Figure, stated: readonly Figure[]): Figure | undefined {
  // The value stated anywhere in the unit may be the one asked about: "an additional 90 helicopters, of
  // which … 30 were provided by…" holds "the other 30 helicopters".
  if (stated.some((figure) => figure.kind !== 'garbled' && figure.value === asked.value)) return undefined;
  return stated.find((figure) => sameMeasure(asked, figure));
}

/** The figures of `answer` that no figure of `held` holds (the rule of `ungroundedFigures`). */
export function figuresNotHeld(answer: string, held: readonly Figure[]): Figure[] {
  return scan(answer)
    .filter(({ figure: claim, end, text }) => {
      const counted = claim.kind === 'number' ? countedNoun(text, end) : undefined;
      return !held.some((source) => holds(source, claim, counted));
    })
    .map(({ figure }) => figure);
}

/** The figures of `answer` that no text in `sources` holds. A bare number in the answer is held by any figure of the same value in a source ("45" is held by "45 days"); a figure with a unit needs the same value and the same unit (with currency: an amount written without currency in the answer is held by the same value with any currency, and vice versa a currency in the answer needs that currency or a bare amount of that value in the source). */
export function ungroundedFigures(answer: string, sources: readonly string[]): Figure[] {
  return figuresNotHeld(
    answer,
    sources.flatMap((source) => scan(source, true).map(({ figure }) => figure)),
  );
}

import { CURRENCY_CODES, currencyNames, currencyOfSign, currencySigns } from '../text/currencies';
import { isEnglishWord } from '../text/english';
import { extractFigures } from '../text/figures';
import { STOPWORDS, termOf, tokenize, words } from '../text/tokenize';
import { assertNever } from '../types';
import { type AnswerKind, VERSION_NUMBER } from './question-form';

// What a question fixes about the form of its answer beyond its kind: the currency of an amount ("in US
// dollars"), the unit of a duration ("how many hours"), the period of a rate ("per week"). A unit stating
// the figure in another currency, unit or period does not answer it: "30.00 BOB" is not a price in US
// dollars, and "2 hours a day" is not hours per week. The stand-in quotes; it never converts.

/** What the question fixes, each empty when it fixes nothing. */
export interface Constraints {
  currencies: ReadonlySet<string>;
  /** 'day', 'week', 'hour', …: the unit of "how many hours". */
  unit?: string;
  /** The period of a rate: "per week", "a month", "weekly" → 'week'. */
  period?: string;
  /**
   * A span measured from an event on one side of it: "how early can I renew before it expires?" asks for
   * a duration "before" ("30 days before it expires"), which "12 months after the day…" is not.
   */
  measuredFrom?: 'before' | 'after';
  /** What "how many" counts, stemmed: "how many study rooms" → ['studi', 'room'], "how many days overdue" → ['day', 'overdu']. */
  counted?: string[];
  /** The word as the question wrote it: "rooms". */
  countedWord?: string;
  /** For "how many times": what a table column's header may say is counted, the question's terms. */
  countedByHeader?: string[];
  /** "What time…", "how late…": a clock time answers, a day does not. */
  clock: boolean;
  /** A value asked for by what it is ("the phone number", "the email address"): the unit must show one. */
  value?: { what: string; pattern: RegExp };
}

// Values asked for by name, and what shows one. A sentence that mentions "phone number" without giving
// one does not answer "what's the phone number?". A closed, general list.
const VALUES: ReadonlyArray<{ asked: RegExp; what: string; pattern: RegExp }> = [
  {
    asked: /\b(?:phone|telephone|fax|mobile)\s+(?:number|no)\b/iu,
    what: 'phone number',
    pattern: /\d[\d\s()-]{5,}\d/u,
  },
  { asked: /\be-?mail\b/iu, what: 'email address', pattern: /\S@\S/u },
  {
    asked: /\b(?:website|web\s+site|url|web\s+address)\b/iu,
    what: 'web address',
    pattern: /https?:\/\/|www\.|\w\.(?:com|org|net)\b/iu,
  },
  // A name is capitalised inside a sentence, or quoted: "the castle is called Mont-Saint-Michel".
  { asked: /\bname\s+of\b|\bcalled\b/iu, what: 'name', pattern: /(?<=\S\s+)\p{Lu}\p{L}+|["“‘']\p{L}/u },
  {
    asked: /\b(?:password|passcode|pin)\b/iu,
    what: 'password',
    pattern: /\b(?:password|passcode|pin)\b\s*(?:is|:)\s*\S/iu,
  },
];
// A question that opens by asking for something: "what's the email address for…", "tell me the PIN".
const ASKS_FOR_VALUE = /^\s*(?:what(?:'s|’s)?|which|tell\s+me|give\s+me)\s/iu;

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
const SIDE = String.raw`before|after|prior\s+to|in\s+advance|ahead`;
const sideOfWord = (word: string) => (/^after$/iu.test(word) ? 'after' : 'before');
// "How early…" or "how late…" measured from an event ("how early can I renew before it expires?", "how
// late after closing…") asks how long before or after it: a duration answers ("30 days before").
const ASKS_CLOCK = new RegExp(
  String.raw`\b(?:what\s+time|what\s+hour|how\s+(?:late|early)(?![^.?!;]*\b(?:${SIDE})\b))\b`,
  'iu',
);
// Not "how long … before", which as often asks the span until an event ("how long do you keep my
// account before I have to start over?" – "kept for 6 months after expiry").
const MEASURED_FROM = new RegExp(String.raw`\bhow\s+(?:early|late|soon)\b[^.?!;]*?\b(${SIDE})\b`, 'iu');
const DURATION_UNITS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
const UNIT_WORD = new RegExp(`^(${DURATION_UNITS.join('|')})s?$`, 'u');
const HOW_MANY = /\bhow\s+many\s+((?:[\p{L}'’-]+\s*){1,4})/iu;
const RATE = new RegExp(
  String.raw`\b(?:per|a|an|each|every)\s+(${DURATION_UNITS.join('|')})\b|\b(hourly|daily|weekly|monthly|yearly|annually)\b`,
  'giu',
);
// A question asking for one period's worth fixes the period as a rate does: "how much is a card for just
// one month?" is not answered by a price per year. Read in questions only: in a passage, "one week" is
// as often how long something lasts.
const ONE_PERIOD = new RegExp(
  String.raw`\b(?:for|in)\s+(?:just\s+|only\s+)?(?:one|1)\s+(${DURATION_UNITS.join('|')})\b`,
  'iu',
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
function currenciesIn(text: string): Set<string> {
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

function periodsIn(text: string): Set<string> {
  const periods = new Set<string>();
  for (const match of text.matchAll(RATE)) {
    const named = match[1]?.toLowerCase() ?? ADVERB_PERIOD[(match[2] ?? '').toLowerCase()];
    if (named !== undefined) periods.add(named);
  }
  return periods;
}

const TIMES = /^times?$/u;

/** What `question` fixes about its answer. */
export function constraintsOf(question: string): Constraints {
  const constraints: Constraints = { currencies: currenciesIn(question), clock: ASKS_CLOCK.test(question) };
  const measuredFrom = MEASURED_FROM.exec(question)?.[1];
  if (measuredFrom !== undefined) constraints.measuredFrom = sideOfWord(measuredFrom);
  const howMany = HOW_MANY.exec(question);
  if (howMany) {
    const run: string[] = [];
    for (const word of words(howMany[1] as string)) {
      if (STOPWORDS.has(word)) break;
      run.push(word);
    }
    if (run.length > 0) {
      // "how many days overdue": the unit is the first word; the thing may be any word of the run.
      const unit = UNIT_WORD.exec(run[0] as string)?.[1];
      if (unit !== undefined) constraints.unit = unit;
      constraints.counted = run.map(termOf);
      constraints.countedWord = run.join(' ');
      // "How many times can I renew a book?" counts renewals: "times" counts what the question does, as a
      // column's header says it ("Renewals"); a number in a sentence still counts times.
      if (TIMES.test(run[0] as string)) constraints.countedByHeader = tokenize(question);
    }
  }
  if (ASKS_FOR_VALUE.test(question)) {
    const value = VALUES.find(({ asked }) => asked.test(question));
    if (value !== undefined) constraints.value = { what: value.what, pattern: value.pattern };
  }
  const [period = ONE_PERIOD.exec(question)?.[1]?.toLowerCase()] = periodsIn(question);
  if (period !== undefined && period !== constraints.unit) constraints.period = period;
  return constraints;
}

/** The first constraint `unit` breaks, in plain words, or undefined when it keeps them all. */
export function brokenConstraint(options: {
  constraints: Constraints;
  unit: string;
  /** The lead-in or header the unit is read with. */
  about?: string;
}): string | undefined {
  const { constraints, unit, about = '' } = options;
  const figures = extractFigures(unit);
  if (constraints.currencies.size > 0) {
    const stated = new Set([
      ...figures.flatMap((figure) => (figure.kind === 'amount' && figure.unit !== '' ? [figure.unit] : [])),
      ...currenciesIn(unit),
    ]);
    const asked = [...constraints.currencies];
    if (!asked.some((code) => stated.has(code))) {
      if (stated.size > 0) return `states ${[...stated].join(', ')}, not ${asked.join(', ')}`;
      // A question that names a currency asks for a price in it, whatever its form ("what is the overdue
      // charge in euros?"): a unit stating no amount gives none. Nor does one saying who pays nothing
      // ("Junior card holders pay no overdue charges"): the stand-in cannot tell whether that is the
      // price asked about, and refuses rather than guess. An amount naming no currency ("5.00") may be it.
      if (!figures.some((figure) => figure.kind === 'amount')) {
        return `states no amount in ${asked.join(', ')}`;
      }
    }
  }
  if (constraints.unit !== undefined) {
    const units = new Set(figures.flatMap((figure) => (figure.kind === 'duration' ? [figure.unit] : [])));
    if (units.size > 0 && !units.has(constraints.unit)) {
      return `states ${[...units].map((unit) => `${unit}s`).join(', ')}, not ${constraints.unit}s`;
    }
  }
  if (constraints.counted !== undefined && !countsAskedThing(constraints, unit, about)) {
    return `states no number of ${constraints.countedWord ?? constraints.counted}`;
  }
  if (constraints.value !== undefined && !constraints.value.pattern.test(unit)) {
    return `states no ${constraints.value.what}`;
  }
  if (constraints.period !== undefined) {
    const periods = periodsIn(unit);
    if (periods.size > 0 && !periods.has(constraints.period)) {
      return `gives a figure per ${[...periods].join(', ')}, not per ${constraints.period}`;
    }
  }
  return undefined;
}

/** Whether a figure of `unit` counts what "how many" asks about: "6 study rooms" for "how many rooms". */
export function countsAskedThing(constraints: Constraints, unit: string, about = ''): boolean {
  const { counted } = constraints;
  if (counted === undefined) return true;
  const figures = extractFigures(unit);
  if (figures.some((figure) => figure.kind === 'duration' && counted.includes(termOf(figure.unit))))
    return true;
  // A number counts the noun right after it, or after one word more ("6 study rooms"); a duration counts
  // its unit. "15 minutes after the start of a booking" counts minutes, not bookings.
  const countsIt = (figure: (typeof figures)[number]) =>
    figure.kind !== 'duration' && figure.counts.slice(0, 2).some((word) => counted.includes(word));
  if (figures.some(countsIt)) return true;
  // A table cell counts what its column's header names: "Renewals" over "| Books | 21 days | 3 |".
  const byHeader = constraints.countedByHeader ?? counted;
  return figures.length > 0 && words(about).some((word) => byHeader.includes(termOf(word)));
}

const MEASURED_KINDS: ReadonlySet<AnswerKind> = new Set(['time', 'duration']);

/**
 * Whether `unit` writes `figureText` with the side asked right after it, at any of its places: "30 days
 * before it expires", "7 days in advance", "45 days after the due date".
 */
function onSide(unit: string, figureText: string, side: 'before' | 'after'): boolean {
  for (let at = unit.indexOf(figureText); at >= 0; at = unit.indexOf(figureText, at + 1)) {
    const next = SIDE_NEXT.exec(unit.slice(at + figureText.length))?.[1];
    if (next !== undefined && sideOfWord(next) === side) return true;
  }
  return false;
}

const SIDE_NEXT = new RegExp(String.raw`^\s+(${SIDE})\b`, 'iu');

const FREQUENCY = /\b(?:hourly|daily|weekly|monthly|yearly|annually|once|twice|every)\b/iu;
/**
 * A unit that says something costs nothing answers "how much" as well as a price does: "free", "no
 * charge", "costs nothing", "pay no overdue charges", "no fees".
 */
export const FREE = /\b(?:free|costs? nothing|pays? no(?:thing)?|no (?:\w+ )?(?:charges?|fees?|costs?))\b/iu;

/**
 * Whether `unit` states a figure of exactly the kind asked: a duration for "how long", an amount (or
 * "free") for "how much", a clock time for "what time", a number counting the thing for "how many".
 * Forms that ask for no figure are met by any unit.
 */
export function statesAskedFigure(options: {
  kind: AnswerKind;
  constraints: Constraints;
  unit: string;
  about?: string;
}): boolean {
  const { kind, constraints, unit, about = '' } = options;
  const figures = extractFigures(unit);
  const has = (...kinds: string[]) => figures.some((figure) => kinds.includes(figure.kind));
  // Measured from an event, the span must be on the side asked: "30 days before", not "12 months after".
  // A time question is answered by a clock time as well ("How late are you open after Christmas?").
  const side = constraints.measuredFrom;
  if (side !== undefined && MEASURED_KINDS.has(kind)) {
    return (
      (kind === 'time' && has('time')) ||
      figures.some((figure) => figure.kind === 'duration' && onSide(unit, figure.text, side))
    );
  }
  switch (kind) {
    case 'amount':
      return has('amount', 'percent') || FREE.test(unit);
    case 'count':
      return has('number', 'duration') && countsAskedThing(constraints, unit, about);
    case 'duration':
      return has('duration') || FREQUENCY.test(unit);
    case 'time':
      return constraints.clock ? has('time') : has('time', 'date', 'duration', 'number');
    case 'age':
    case 'measure':
      return has('number', 'duration');
    case 'version':
      return VERSION_NUMBER.test(unit);
    case 'person':
    case 'member':
    case 'place':
    case 'yes_no':
    case 'thing':
      return true;
    default:
      return assertNever(kind);
  }
}

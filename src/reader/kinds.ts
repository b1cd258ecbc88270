import { DAY_NAMES } from '../text/days';
import { extractFigures, type Figure, MONTH_NAMES } from '../text/figures';
import { termOf } from '../text/tokenize';
import { countsAskedThing } from './constraints';
import type { Constraints } from './question/constraints';
import { type AnswerKind, VERSION_NUMBER } from './question/form';
import { LAST_YEAR, SIDE, sideOfWord } from './stated';
import {
  AGE_WORDS,
  AMOUNT_MULTIPLIERS,
  CURRENCY_WORDS,
  FREQUENCY_WORDS,
  LARGE_NUMBER_WORDS,
  MEMBERSHIP_PHRASES,
  PLACE_DETERMINERS,
  PLACE_PREPOSITIONS,
  PLACE_WORDS,
  ROLE_NOUNS,
  TIME_CLAUSE_WORDS,
  TIME_WORDS,
} from './words';

// What holds each kind of answer the question's form asks for (question/form.ts), in one table: for each
// kind, what a unit lacks without it, whether the unit holds an answer of that kind at all (the kind
// rule's veto, rules/kind.ts), and whether it states a figure of exactly that kind (the kindExact
// feature, features.ts). The stand-in quotes; it does not understand: "holds" is loose on purpose ("24
// computers" may say how long if the figure is a duration elsewhere), "states" is exact.

/** A unit as the kind tests read it: its own text (a sentence, or a table row with its header) and its figures. */
interface UnitText {
  text: string;
  figures: Figure[];
}

/** What `holds` reads: the unit, and the question's terms (stemmed), whose person or counted thing is no answer. */
export interface HoldsSeen extends UnitText {
  asked: ReadonlySet<string>;
}

/** What `states` reads: the unit, what the question fixes (question/constraints.ts), and its lead-in or header. */
export interface StatesSeen extends UnitText {
  constraints: Constraints;
  about: string;
}

export interface KindTest {
  /** What a unit lacks that holds no answer of this kind, in plain words: "states no amount". */
  missing: string;
  /** Whether the unit holds an answer of this kind at all. */
  holds(unit: HoldsSeen): boolean;
  /** Whether it states a figure of exactly this kind: a duration for "how long", not "24 computers". */
  states(unit: StatesSeen): boolean;
}

const literal = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
const anyOf = (words: readonly string[]) => `(?:${words.map(literal).join('|')})`;
const wordsIn = (words: readonly string[]) => new RegExp(String.raw`\b${anyOf(words)}\b`, 'iu');

const DAY_OR_MONTH = new RegExp(String.raw`\b${anyOf([...DAY_NAMES, ...MONTH_NAMES])}s?\b`, 'iu');
const DAY_OR_MONTH_NAME = new RegExp(`^${DAY_OR_MONTH.source}$`, 'iu');
// "10th century", "the 1st", "the 1050s", "AD 14"; figures.ts reads none of them as a figure.
const ORDINAL_DECADE_OR_ERA =
  /\b(?:\d+(?:st|nd|rd|th)|\d{2,3}0s|(?:AD|BC|BCE|CE)\s?\d+|\d+\s?(?:AD|BC|BCE|CE))\b/u;
const TIME_WORD = wordsIn(TIME_WORDS);
const TIME_CLAUSE = wordsIn(TIME_CLAUSE_WORDS);
// "65 and over" is held by "over" itself.
const AGE = wordsIn(AGE_WORDS);
const FREQUENCY = wordsIn(FREQUENCY_WORDS);
const LARGE_NUMBER_WORD = wordsIn(LARGE_NUMBER_WORDS);
// Amounts figures.ts reads as bare numbers: by the currency's name ("12 dollars", "5 million pounds"),
// or by three capitals that are no ISO code ("40 ABC"); and a sign before a number ("¥ 300").
const CURRENCY_WORD_AMOUNT = new RegExp(
  String.raw`\d[\d.,]*\s*(?:${anyOf(AMOUNT_MULTIPLIERS)}\s+)?${anyOf(CURRENCY_WORDS)}\b`,
  'iu',
);
const CURRENCY_SYMBOL_AMOUNT = /\p{Sc}\s?\d/u;
const CURRENCY_CODE_AMOUNT = /\d\s?[A-Z]{3}\b|\b[A-Z]{3}\s?\d/u;
/**
 * A unit that says something costs nothing answers "how much" as well as a price does: "free", "no
 * charge", "costs nothing", "pay no overdue charges", "no fees".
 */
const FREE = /\b(?:free|costs? nothing|pays? no(?:thing)?|no (?:\w+ )?(?:charges?|fees?|costs?))\b/iu;
// A preposition of place and what it points at: "at the front desk", "in France", "beside the entrance".
// Case-sensitive on purpose: with the `i` flag, \p{Lu} matches lower case too, and "in packs of two"
// read as a place. A word may still open a sentence capitalised ("In France", "The lobby").
const anyFirstCase = (words: readonly string[]) =>
  words.map((word) => `[${word[0]}${word[0]?.toUpperCase()}]${word.slice(1)}`).join('|');
const PLACE_PHRASE = new RegExp(
  String.raw`\b(?:${anyFirstCase(PLACE_PREPOSITIONS)})\s+(?:(?:${anyFirstCase(PLACE_DETERMINERS)})\s+\p{L}|\p{Lu})`,
  'u',
);
const PLACE_WORD = wordsIn(PLACE_WORDS);
// A capitalised word that does not open a sentence, a clause or a table cell: "…is Ines Okafor".
const NAME = /(?<=[\p{L}\d,)]\s+)\p{Lu}\p{Ll}+/gu;
const ROLE_NOUN = new RegExp(String.raw`\b${anyOf(ROLE_NOUNS)}(?:s|es)?\b`, 'giu');
const MEMBERSHIP = wordsIn(MEMBERSHIP_PHRASES);

const isNumber = (figure: Figure) =>
  figure.kind === 'number' ||
  figure.kind === 'amount' ||
  figure.kind === 'duration' ||
  figure.kind === 'percent';
// figures.ts reads a year as a bare number: "in 911" or "in 1066".
const YEAR_DIGITS = /^\d{3,4}$/u;
const isYear = (figure: Figure) =>
  figure.kind === 'number' && YEAR_DIGITS.test(figure.text) && figure.value <= LAST_YEAR;
const hasNumber = ({ figures, text }: UnitText) => figures.some(isNumber) || LARGE_NUMBER_WORD.test(text);
const has = ({ figures }: UnitText, ...kinds: Figure['kind'][]) =>
  figures.some((figure) => kinds.includes(figure.kind));

/**
 * Whether the text names a person or role, other than those the question itself names: "the Library
 * Services Committee" does not say who is on the Library Services Committee.
 */
function namesSomeone({ text, asked }: HoldsSeen): boolean {
  const isNew = (word: string) => !asked.has(termOf(word.toLowerCase()));
  if ([...text.matchAll(ROLE_NOUN)].some((match) => isNew(match[0]))) return true;
  return [...text.matchAll(NAME)].some((match) => !DAY_OR_MONTH_NAME.test(match[0]) && isNew(match[0]));
}

/**
 * Whether a figure is a quantity, other than a bare number counting something the question names: "24
 * public computers" does not say how long one may be used, nor how big a computer is.
 */
const measures = ({ figures, asked, text }: HoldsSeen) =>
  figures.some(
    (figure) => isNumber(figure) && !(figure.kind === 'number' && asked.has(figure.counts[0] ?? '')),
  ) || LARGE_NUMBER_WORD.test(text);

/**
 * Measured from an event ("how long before it expires"), a span must be on the side asked: "30 days
 * before", not "12 months after", written right after the figure at any of its places.
 */
function spanOnSide({ text, figures, constraints }: StatesSeen): boolean {
  const side = constraints.measuredFrom;
  return figures.some((figure) => {
    if (figure.kind !== 'duration') return false;
    for (let at = text.indexOf(figure.text); at >= 0; at = text.indexOf(figure.text, at + 1)) {
      const next = SIDE_NEXT.exec(text.slice(at + figure.text.length))?.[1];
      if (next !== undefined && sideOfWord(next) === side) return true;
    }
    return false;
  });
}

const SIDE_NEXT = new RegExp(String.raw`^\s+(${SIDE})\b`, 'iu');

const always = () => true;
const anyUnit = (missing: string): KindTest => ({ missing, holds: always, states: always });

export const KINDS: { readonly [Kind in AnswerKind]: KindTest } = {
  person: { missing: 'names no one', holds: namesSomeone, states: always },
  member: {
    missing: 'names no member',
    holds: (unit) => namesSomeone(unit) && MEMBERSHIP.test(unit.text),
    states: always,
  },
  amount: {
    missing: 'states no amount',
    holds: (unit) =>
      has(unit, 'amount', 'percent') ||
      CURRENCY_WORD_AMOUNT.test(unit.text) ||
      CURRENCY_SYMBOL_AMOUNT.test(unit.text) ||
      CURRENCY_CODE_AMOUNT.test(unit.text) ||
      FREE.test(unit.text),
    states: (unit) => has(unit, 'amount', 'percent') || FREE.test(unit.text),
  },
  count: {
    missing: 'states no count',
    holds: hasNumber,
    states: (unit) =>
      has(unit, 'number', 'duration') && countsAskedThing(unit.constraints, unit.text, unit.about),
  },
  age: {
    missing: 'states no age',
    holds: (unit) => hasNumber(unit) && AGE.test(unit.text),
    states: (unit) => has(unit, 'number', 'duration'),
  },
  measure: {
    missing: 'states no number',
    holds: measures,
    states: (unit) => has(unit, 'number', 'duration'),
  },
  duration: {
    missing: 'states no duration or frequency',
    holds: (unit) => measures(unit) || FREQUENCY.test(unit.text),
    states: (unit) =>
      unit.constraints.measuredFrom !== undefined
        ? spanOnSide(unit)
        : has(unit, 'duration') || FREQUENCY.test(unit.text),
  },
  version: {
    missing: 'states no version',
    holds: (unit) => VERSION_NUMBER.test(unit.text),
    states: (unit) => VERSION_NUMBER.test(unit.text),
  },
  time: {
    missing: 'states no date, day or time',
    holds: (unit) =>
      unit.figures.some((figure) => ['time', 'date', 'duration'].includes(figure.kind) || isYear(figure)) ||
      DAY_OR_MONTH.test(unit.text) ||
      ORDINAL_DECADE_OR_ERA.test(unit.text) ||
      TIME_WORD.test(unit.text) ||
      TIME_CLAUSE.test(unit.text),
    // Measured from an event, a clock time answers as well ("How late are you open after Christmas?").
    states: (unit) =>
      unit.constraints.measuredFrom !== undefined
        ? has(unit, 'time') || spanOnSide(unit)
        : unit.constraints.clock
          ? has(unit, 'time')
          : has(unit, 'time', 'date', 'duration', 'number'),
  },
  place: {
    missing: 'states no place',
    holds: (unit) => PLACE_PHRASE.test(unit.text) || PLACE_WORD.test(unit.text),
    states: always,
  },
  yes_no: anyUnit('is not about the question'),
  thing: anyUnit('is not about the question'),
};

/**
 * Whether a unit's text holds an answer of this kind; `asked` are the question's terms (stemmed), whose
 * own person or counted thing is no answer.
 */
export function holdsKind(kind: AnswerKind, text: string, asked: ReadonlySet<string> = new Set()): boolean {
  return KINDS[kind].holds({ text, figures: extractFigures(text), asked });
}

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
  return KINDS[kind].states({ text: unit, figures: extractFigures(unit), constraints, about });
}

/** What a unit lacks when it holds no answer of the kind asked: "states no amount". */
export const describeMissingKind = (kind: AnswerKind) => KINDS[kind].missing;

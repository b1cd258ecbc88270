import { extractFigures, type Figure } from '../text/figures';
import { termOf, tokenize } from '../text/tokenize';
import { assertNever } from '../types';
import { FREE } from './constraints';
import { type AnswerKind, OPEN_KINDS, VERSION_NUMBER } from './question/form';
import type { Phrase, QuestionShape } from './question/shape';
import { LAST_YEAR } from './stated';
import { ROLE_NOUNS } from './words';

// Whether one sentence (or table row) of a passage can answer a question, decided without a model.
// The stand-in quotes; it does not understand. This check keeps it from quoting a sentence that only
// looks like an answer ("Who is the head librarian?" → "speak to the duty librarian at the front desk").
//
// A unit can answer when
//   1. it is about what the question asks about: every word of each thing the question names ("the
//      head librarian", "a Visitor card", "how many study rooms", a capitalised name, the verb of
//      "who cleans…") is in the unit, read with its passage's headings and first sentence (which say
//      what the passage is about);
//   2. it shares all of the question's content words but one, read the same way (yes/no and
//      what/which questions, whose form asks for no particular kind of answer);
//   3. it holds the kind of answer the question's form asks for (who → a name or a role; how much →
//      an amount; how many → a count; how long / often / old / soon → a number or a frequency; how
//      far / deep / big… → a number; when → a date, day, time or clause of time; where → a place).
// No word of any one question or corpus is special-cased; the lists below are closed and general.

export { type AnswerKind, answerKind } from './question/form';

// ── What a unit holds ──────────────────────────────────────────────────────────────────────────────

const DAY_OR_MONTH =
  /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)s?\b/iu;
const DAY_OR_MONTH_NAME = new RegExp(`^${DAY_OR_MONTH.source}$`, 'iu');
// "10th century", "the 1st", "the 1050s", "AD 14"; figures.ts reads none of them as a figure.
const ORDINAL_DECADE_OR_ERA =
  /\b(?:\d+(?:st|nd|rd|th)|\d{2,3}0s|(?:AD|BC|BCE|CE)\s?\d+|\d+\s?(?:AD|BC|BCE|CE))\b/u;
const TIME_WORD =
  /\b(?:today|tomorrow|yesterday|morning|afternoon|evening|night|noon|midnight|weekends?|weekdays?|holidays?|daily|weekly|monthly|yearly|annually)\b/iu;
// A clause of time answers "when" as well as a date does: "Borrowing is suspended when charges reach…".
const TIME_CLAUSE = /\b(?:when|whenever|after|before|until|till|once|while|during|since|as soon as)\b/iu;
// An age is a number said of people: "aged 16", "under 16", "65 and over", "16 years old", "the minimum age".
// ("65 and over" is held by "over" itself.)
const AGE = /\b(?:ages?d?|under|over|older|younger|years? old|below|above)\b/iu;
const FREQUENCY = /\b(?:hourly|daily|weekly|monthly|yearly|annually|once|twice|every)\b/iu;
// figures.ts knows number words up to twenty; a count can be larger.
const LARGE_NUMBER_WORD =
  /\b(?:thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|dozens?)\b/iu;
// Amounts figures.ts reads as bare numbers: by the currency's name ("12 dollars", "5 million pounds"),
// or by three capitals that are no ISO code ("40 ABC"); and a sign before a number ("¥ 300").
const CURRENCY_WORD_AMOUNT =
  /\d[\d.,]*\s*(?:(?:million|billion|thousand)\s+)?(?:dollars?|euros?|pounds?|pence|cents?|yen|francs?|marks?|pesos?|rupees?|crowns?|bolivianos?)\b/iu;
const CURRENCY_SYMBOL_AMOUNT = /\p{Sc}\s?\d/u;
const CURRENCY_CODE_AMOUNT = /\d\s?[A-Z]{3}\b|\b[A-Z]{3}\s?\d/u;
// A preposition of place and what it points at: "at the front desk", "in France", "beside the entrance".
// Case-sensitive on purpose: with the `i` flag, \p{Lu} matches lower case too, and "in packs of two"
// read as a place. A word may still open a sentence capitalised ("In France", "The lobby").
const anyFirstCase = (words: readonly string[]) =>
  words.map((word) => `[${word[0]}${word[0]?.toUpperCase()}]${word.slice(1)}`).join('|');
const PLACE_PHRASE = new RegExp(
  String.raw`\b(?:${anyFirstCase(['at', 'in', 'on', 'inside', 'outside', 'beside', 'behind', 'near', 'opposite', 'above', 'below', 'under', 'beneath', 'between', 'along', 'across', 'around', 'into', 'next to', 'in front of'])})\s+(?:(?:${anyFirstCase(['the', 'a', 'an', 'its', 'their', 'our', 'your', 'each', 'every'])})\s+\p{L}|\p{Lu})`,
  'u',
);
const PLACE_WORD =
  /\b(?:floors?|rooms?|desks?|halls?|entrances?|buildings?|gallery|galleries|streets?|roads?|upstairs|downstairs|nearby|corners?|wings?|levels?|reception)\b/iu;
// A capitalised word that does not open a sentence, a clause or a table cell: "…is Ines Okafor".
const NAME = /(?<=[\p{L}\d,)]\s+)\p{Lu}\p{Ll}+/gu;

const ROLE_NOUN = new RegExp(`\\b(?:${ROLE_NOUNS.join('|')})(?:s|es)?\\b`, 'giu');

// How a sentence says who belongs to a group: "is made up of", "chaired by", "sits on", "members of". Not
// "member" alone: "A member can have up to 10 holds" says nothing of who is on the committee.
const MEMBERSHIP =
  /\b(?:made up of|consists? of|comprises?|chaired by|chairs?|sits? on|serves? on|members of|membership of)\b/iu;

const isNumber = (figure: Figure) =>
  figure.kind === 'number' ||
  figure.kind === 'amount' ||
  figure.kind === 'duration' ||
  figure.kind === 'percent';
// figures.ts reads a year as a bare number: "in 911" or "in 1066".
const YEAR_DIGITS = /^\d{3,4}$/u;
const isYear = (figure: Figure) =>
  figure.kind === 'number' && YEAR_DIGITS.test(figure.text) && figure.value <= LAST_YEAR;

/**
 * Whether the text names a person or role, other than those the question itself names: "the Library
 * Services Committee" does not say who is on the Library Services Committee.
 */
function namesSomeone(text: string, asked: ReadonlySet<string>): boolean {
  const isNew = (word: string) => !asked.has(termOf(word.toLowerCase()));
  if ([...text.matchAll(ROLE_NOUN)].some((match) => isNew(match[0]))) return true;
  return [...text.matchAll(NAME)].some((match) => !DAY_OR_MONTH_NAME.test(match[0]) && isNew(match[0]));
}

/** Whether a figure is a quantity, other than a bare number counting something the question names. */
const measures = (figures: Figure[], asked: ReadonlySet<string>) =>
  figures.some(
    (figure) => isNumber(figure) && !(figure.kind === 'number' && asked.has(figure.counts[0] ?? '')),
  );

/** Whether a unit's text holds an answer of this kind. */
export function holdsKind(
  kind: AnswerKind,
  text: string,
  /**
   * The question's terms (stemmed): a person it names is not an answer to who, nor a number counting a
   * thing it names an answer to how long or how big.
   */
  asked: ReadonlySet<string> = new Set(),
): boolean {
  const figures = extractFigures(text);
  const hasNumber = figures.some(isNumber) || LARGE_NUMBER_WORD.test(text);
  switch (kind) {
    case 'person':
      return namesSomeone(text, asked);
    case 'member':
      return namesSomeone(text, asked) && MEMBERSHIP.test(text);
    case 'amount':
      return (
        figures.some((figure) => figure.kind === 'amount' || figure.kind === 'percent') ||
        CURRENCY_WORD_AMOUNT.test(text) ||
        CURRENCY_SYMBOL_AMOUNT.test(text) ||
        CURRENCY_CODE_AMOUNT.test(text) ||
        FREE.test(text)
      );
    case 'count':
      return hasNumber;
    case 'age':
      return hasNumber && AGE.test(text);
    // A number that counts a thing the question names is not how long or how big that thing is: "24
    // public computers" does not say how long one may be used.
    case 'measure':
      return measures(figures, asked) || LARGE_NUMBER_WORD.test(text);
    case 'duration':
      return measures(figures, asked) || LARGE_NUMBER_WORD.test(text) || FREQUENCY.test(text);
    case 'version':
      return VERSION_NUMBER.test(text);
    case 'time':
      return (
        figures.some((figure) => ['time', 'date', 'duration'].includes(figure.kind) || isYear(figure)) ||
        DAY_OR_MONTH.test(text) ||
        ORDINAL_DECADE_OR_ERA.test(text) ||
        TIME_WORD.test(text) ||
        TIME_CLAUSE.test(text)
      );
    case 'place':
      return PLACE_PHRASE.test(text) || PLACE_WORD.test(text);
    case 'yes_no':
    case 'thing':
      return true;
    default:
      return assertNever(kind);
  }
}

// ── The verdict ────────────────────────────────────────────────────────────────────────────────────

/** Why a unit cannot answer, or that it can. */
export type UnitVerdict =
  | { ok: true }
  | { ok: false; lacks: 'phrase'; phrase: Phrase; absent: string[] }
  | { ok: false; lacks: 'terms'; absent: string[] }
  | { ok: false; lacks: 'kind'; kind: AnswerKind };

export interface UnitCheck {
  question: QuestionShape;
  /** The unit's text as the reader sees it: a sentence, or a table row with its header. */
  unit: string;
  /** What the unit is read with: its passage's headings and first sentence. */
  context?: string;
}

export function checkUnit({ question, unit, context = '' }: UnitCheck): UnitVerdict {
  const readWith = new Set([...tokenize(unit), ...tokenize(context)]);
  for (const phrase of question.phrases) {
    const absent = phrase.words.filter((_, at) => !readWith.has(phrase.terms[at] as string));
    if (absent.length > 0) return { ok: false, lacks: 'phrase', phrase, absent };
  }
  if (OPEN_KINDS.has(question.kind)) {
    const absent = question.terms.filter((term) => !readWith.has(term));
    if (absent.length > 1) {
      return { ok: false, lacks: 'terms', absent: absent.map((term) => question.wordOf.get(term) ?? term) };
    }
  }
  if (!holdsKind(question.kind, unit, new Set(question.terms))) {
    return { ok: false, lacks: 'kind', kind: question.kind };
  }
  return { ok: true };
}

const KIND_WORDS: Record<AnswerKind, string> = {
  person: 'names no one',
  amount: 'states no amount',
  count: 'states no count',
  age: 'states no age',
  duration: 'states no duration or frequency',
  measure: 'states no number',
  time: 'states no date, day or time',
  member: 'names no member',
  place: 'states no place',
  version: 'states no version',
  yes_no: 'is not about the question',
  thing: 'is not about the question',
};

/** What a unit lacks when it holds no answer of the kind asked: "states no amount". */
export const describeMissingKind = (kind: AnswerKind) => KIND_WORDS[kind];

/** Plain words for a failed verdict: `does not mention "head" (of "head librarian")`. */
export function describeVerdict(verdict: Exclude<UnitVerdict, { ok: true }>): string {
  const listed = (absent: string[]) => absent.map((word) => JSON.stringify(word)).join(', ');
  switch (verdict.lacks) {
    case 'phrase':
      return verdict.phrase.words.length === verdict.absent.length
        ? `does not mention ${JSON.stringify(verdict.phrase.text)}`
        : `does not mention ${listed(verdict.absent)} (of ${JSON.stringify(verdict.phrase.text)})`;
    case 'terms':
      return `does not mention ${listed(verdict.absent)}`;
    case 'kind':
      return KIND_WORDS[verdict.kind];
    default:
      return assertNever(verdict);
  }
}
